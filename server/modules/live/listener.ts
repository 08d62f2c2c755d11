/**
 * The one LISTEN of this process on the live channel (issue 14). With PostgreSQL: one dedicated
 * connection taken from the pool and held, re-made with backoff when it drops. With PGlite (one
 * process, one connection): its own `listen` API. Each payload goes to `deliver`; a lost connection
 * only delays live updates (the app's interval refresh goes on), it never stops the server.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { PoolClient } from 'pg';
import type { Db } from '../../db/client';
import { LIVE_CHANNEL } from './live-channel';

type Log = Pick<FastifyBaseLogger, 'warn' | 'info'>;

interface PgliteLike {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}
interface PoolLike {
  connect(): Promise<PoolClient>;
}

const isPglite = (c: unknown): c is PgliteLike => typeof (c as PgliteLike | null)?.listen === 'function';
const isPool = (c: unknown): c is PoolLike => typeof (c as PoolLike | null)?.connect === 'function';

/** Starts listening; resolves once the first LISTEN is in place (or has failed and is being retried). */
export async function listenLive(db: Db, deliver: (payload: string) => void, log: Log): Promise<() => Promise<void>> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (isPglite(client)) {
    const unlisten = await client.listen(LIVE_CHANNEL, deliver);
    return () => unlisten();
  }
  if (isPool(client)) return listenOnPool(client, deliver, log);
  log.warn('Live lists are off: the database client cannot LISTEN.');
  return async () => {};
}

function listenOnPool(pool: PoolLike, deliver: (payload: string) => void, log: Log): Promise<() => Promise<void>> {
  let stopped = false;
  let conn: PoolClient | null = null;
  let retry: NodeJS.Timeout | null = null;
  let failures = 0;

  const onNotification = (msg: { channel: string; payload?: string }) => {
    if (msg.channel === LIVE_CHANNEL && msg.payload) deliver(msg.payload);
  };

  const released = new WeakSet<PoolClient>();
  const drop = (c: PoolClient, err?: Error) => {
    if (released.has(c)) return;
    released.add(c);
    c.removeListener('notification', onNotification);
    c.release(err ?? true);
    if (conn === c) conn = null;
  };

  const schedule = () => {
    if (stopped || retry) return;
    const delay = Math.min(30_000, 500 * 2 ** Math.min(failures++, 6));
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, delay);
    retry.unref();
  };

  async function connect(): Promise<void> {
    let c: PoolClient | null = null;
    try {
      c = await pool.connect();
      c.on('notification', onNotification);
      c.on('error', (err: Error) => {
        log.warn({ err: err.message }, 'live lists: LISTEN connection lost, reconnecting');
        drop(c!, err);
        schedule();
      });
      await c.query(`LISTEN ${LIVE_CHANNEL}`);
      if (stopped) return drop(c);
      conn = c;
      failures = 0;
    } catch (err) {
      log.warn({ err: err instanceof Error ? err.message : 'error' }, 'live lists: could not LISTEN, retrying');
      if (c) drop(c, err instanceof Error ? err : undefined);
      schedule();
    }
  }

  return connect().then(() => async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const c = conn;
    if (!c) return;
    await c.query(`UNLISTEN ${LIVE_CHANNEL}`).catch(() => {});
    drop(c);
  });
}
