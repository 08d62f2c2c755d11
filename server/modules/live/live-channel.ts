/**
 * Live lists (issue 14): what one process tells the others through PostgreSQL NOTIFY. The payload
 * carries ids only (trust, pools, users, session), never patient data; it is sent inside the change's
 * transaction, so PostgreSQL delivers it only once that transaction commits (never for a rollback).
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';

export const LIVE_CHANNEL = 'wardnote_live';

const changeSchema = z.object({
  k: z.literal('change'),
  /** The trust whose work queues changed (null: none, only bells). */
  t: z.number().int().nullable(),
  /** Outsourcing pools whose queue changed (before and after the change). */
  p: z.array(z.number().int()),
  /** Users whose unread count changed. */
  u: z.array(z.number().int()),
});
const endSchema = z.object({ k: z.literal('end'), s: z.number().int() });
export const liveMessageSchema = z.discriminatedUnion('k', [changeSchema, endSchema]);
export type LiveMessage = z.infer<typeof liveMessageSchema>;
export type LiveChange = Omit<z.infer<typeof changeSchema>, 'k'>;

async function send(db: Pick<Db, 'execute'>, message: LiveMessage): Promise<void> {
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(message)})`);
}

/** A change of work queues and/or bells; call inside the change's transaction. */
export function notifyChange(db: Pick<Db, 'execute'>, change: LiveChange): Promise<void> {
  const uniq = (a: number[]) => [...new Set(a)];
  return send(db, { k: 'change', t: change.t, p: uniq(change.p), u: uniq(change.u) });
}

/** A session ended (logout, revoked): every process closes its streams. */
export function notifySessionEnd(db: Pick<Db, 'execute'>, sessionId: number): Promise<void> {
  return send(db, { k: 'end', s: sessionId });
}

/** A NOTIFY payload read back; anything else (another sender on the channel) is ignored. */
export function parseLiveMessage(payload: string): LiveMessage | null {
  try {
    const parsed = liveMessageSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
