// On PostgreSQL too: changes made through another app instance arrive by LISTEN/NOTIFY on a dedicated connection, which is cut and listened on again; both exist only on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { dictations, letters, sessions, users } from '../../server/db/schema';
import { notifyChange } from '../../server/modules/live/live-channel';
import { hashToken } from '../../server/lib/secrets';
import { MAX_STREAMS_PER_USER } from '../../server/modules/live/hub';
import { letterText } from '../../src/domain/letter-doc';
import { MESSAGES } from '../../src/domain/messages';
import { startTestApp, type TestApp } from './harness';
import { indexFixturePatient, letterDoc } from './letters-fixtures';
import { openStream, type TestStream } from './live-stream-client';
import { AUTHOR, FOREIGN, MANAGER, SECRETARY, makeDictation } from './worklist-fixtures';

/**
 * Live lists (issue 14): a change made through one API instance reaches the event streams opened on
 * another instance of the same database (PostgreSQL LISTEN/NOTIFY; PGlite's listen in one process),
 * only within the change's trust and, for the bell, only to its user.
 */
let a: TestApp;
let b: FastifyInstance;
let bBase = '';
const tokens: Record<string, string> = {};
const open: TestStream[] = [];

beforeAll(async () => {
  a = await startTestApp();
  // Every recipient reachable: a send for approval is refused otherwise (issue 23, tests/api/send-check.test.ts).
  await indexFixturePatient(a.db);
  b = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: a.dataDir }), db: a.db, serveClient: false });
  await b.listen({ port: 0, host: '127.0.0.1' });
  const addr = b.server.address();
  bBase = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  for (const email of [AUTHOR, SECRETARY, FOREIGN]) tokens[email] = await a.login(email);
});
afterAll(async () => {
  for (const s of open) s.abort();
  await b.close();
  await a.close();
});

async function stream(email?: string) {
  const s = await openStream(bBase, email && tokens[email]);
  open.push(s);
  return s;
}

async function readyForApproval() {
  const d = await makeDictation(a.db, { author: AUTHOR, status: 'BEING_TYPED', assignedTo: SECRETARY });
  const [row] = await a.db.select().from(dictations).where(eq(dictations.id, d.id));
  const doc = letterDoc('The echo is normal.');
  await a.db.insert(letters).values({ dictationId: d.id, trustId: row!.trustId, doc: doc as never, text: letterText(doc), version: 1 });
  return d.id;
}

describe('GET /api/events', () => {
  it('answers 401 without a valid bearer token, and opens no stream', async () => {
    expect((await stream()).status).toBe(401);
    expect((await openStream(bBase, 'not-a-token')).status).toBe(401);
  });

  it('is an uncompressed, uncached event stream', async () => {
    const s = await openStream(bBase, tokens[AUTHOR]);
    open.push(s);
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(s.headers.get('cache-control')).toMatch(/no-store/);
    expect(s.headers.get('content-encoding')).toBeNull();
    expect(s.headers.get('x-content-type-options')).toBe('nosniff');
    s.abort();
  });

  it("tells the author's stream on another instance that their list and bell changed, with kinds only", async () => {
    const author = await stream(AUTHOR);
    const foreign = await stream(FOREIGN);
    const id = await readyForApproval();
    const sent = await a.call('POST', `/api/dictation/${id}/transition`, {
      token: tokens[SECRETARY],
      body: { action: 'send_for_approval' },
    });
    expect(sent.statusCode).toBe(200);
    await author.waitFor('worklist');
    await author.waitFor('bell');

    // Another trust's user heard nothing of it: the first thing they hear is a change of their own trust.
    const [other] = await a.db.select({ trustId: users.trustId }).from(users).where(eq(users.email, FOREIGN));
    await notifyChange(a.db, { t: other!.trustId, p: [], u: [] });
    await foreign.waitFor('worklist');
    expect(foreign.events).toEqual(['worklist']);
  });

  it('sends nothing for a change whose transaction rolls back', async () => {
    const author = await stream(AUTHOR);
    const [me] = await a.db.select({ trustId: users.trustId }).from(users).where(eq(users.email, AUTHOR));
    await expect(
      a.db.transaction(async (tx) => {
        await notifyChange(tx, { t: me!.trustId, p: [], u: [] });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // The next committed notice is the first thing the stream hears.
    await notifyChange(a.db, { t: null, p: [], u: [(await a.db.select().from(users).where(eq(users.email, AUTHOR)))[0]!.id] });
    await author.waitFor('bell');
    expect(author.events).toEqual(['bell']);
  });

  it("tells the secretary's stream of the author's decision, without ringing the author's own bell", async () => {
    const author = await stream(AUTHOR);
    const secretary = await stream(SECRETARY);
    const id = await readyForApproval();
    await a.call('POST', `/api/dictation/${id}/transition`, { token: tokens[SECRETARY], body: { action: 'send_for_approval' } });
    await author.waitFor('bell');
    const before = author.events.length;
    const lists = author.events.filter((e) => e === 'worklist').length;
    const back = await a.call('POST', `/api/dictation/${id}/transition`, {
      token: tokens[AUTHOR],
      body: { action: 'return_for_typing', reason: 'Please add the dose.' },
    });
    expect(back.statusCode, back.body).toBe(200);
    await secretary.waitFor('bell');
    await author.waitFor('worklist', lists + 1);
    expect(author.events.slice(before)).not.toContain('bell');
  });

  it('refuses a user more streams than the limit, with a message, and takes them again once one closes', async () => {
    const token = await a.login(MANAGER);
    const mine: TestStream[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) mine.push(await openStream(bBase, token));
    open.push(...mine);
    expect(mine.map((s) => s.status)).toEqual(mine.map(() => 200));
    const refused = await openStream(bBase, token);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.refusal)).toMatchObject({ message: MESSAGES.tooManyRequests });
    mine[0]!.abort();
    await expect
      .poll(async () => {
        const again = await openStream(bBase, token);
        open.push(again);
        return again.status;
      })
      .toBe(200);
  });

  it('ends the stream at its heartbeat once its session has expired', async () => {
    const c = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: a.dataDir, LIVE_HEARTBEAT_SECONDS: '1' }),
      db: a.db,
      serveClient: false,
    });
    await c.listen({ port: 0, host: '127.0.0.1' });
    try {
      const addr = c.server.address();
      const token = await a.login(AUTHOR);
      const s = await openStream(`http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`, token);
      open.push(s);
      expect(s.status).toBe(200);
      await a.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.tokenHash, hashToken(token)));
      await s.closed;
    } finally {
      await c.close();
    }
  });

  it('ends the stream when its session is signed out (on another instance)', async () => {
    const token = await a.login(SECRETARY);
    const s = await openStream(bBase, token);
    open.push(s);
    expect(s.status).toBe(200);
    expect((await a.call('POST', '/api/logout', { token })).statusCode).toBe(200);
    await s.closed;
    expect((await openStream(bBase, token)).status).toBe(401);
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')('listens again after its PostgreSQL connection is cut', async () => {
    const author = await stream(AUTHOR);
    const cut = await a.db.execute(
      sql`select pg_terminate_backend(pid) as cut from pg_stat_activity where query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
    );
    expect((cut as unknown as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
    const [me] = await a.db.select({ trustId: users.trustId }).from(users).where(eq(users.email, AUTHOR));
    // Until the listener is back, notifications are lost (the interval refresh covers that gap): keep sending.
    await expect
      .poll(
        async () => {
          await notifyChange(a.db, { t: me!.trustId, p: [], u: [] });
          return author.events.length;
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBeGreaterThan(0);
  });

  it('ends open streams when the server closes, so a shutdown is not held up', async () => {
    const c = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: a.dataDir }), db: a.db, serveClient: false });
    await c.listen({ port: 0, host: '127.0.0.1' });
    const addr = c.server.address();
    const s = await openStream(`http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`, tokens[AUTHOR]);
    expect(s.status).toBe(200);
    await c.close();
    await s.closed;
  });
});
