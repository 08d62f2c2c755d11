/**
 * Live lists (issue 14): what one process tells the others through PostgreSQL NOTIFY. The payload
 * carries ids only (trust, pools, users, session), never patient data; it is sent inside the change's
 * transaction, so PostgreSQL delivers it only once that transaction commits (never for a rollback).
 */
import { z } from 'zod';
import type { DictationOwnership } from '../../../src/domain/dictation-access';
import type { Db } from '../../db/client';
import { pgNotify } from '../../db/pg-notify';
import { findOwnership } from '../dictations/dictations.repository';

export const LIVE_CHANNEL = 'wardnote_live';

const id = z.number().int();
/** Who may see one dictation (canViewDictation's facts), in short: ids and flags only. */
const audienceSchema = z.object({ a: id, c: id, s: id.nullable(), x: z.boolean(), st: z.string(), o: id.nullable() });
export type LiveAudience = z.infer<typeof audienceSchema>;

const changeSchema = z.object({
  k: z.literal('change'),
  /** The trust whose work queues changed (null: none, only bells). */
  t: id.nullable(),
  /** Outsourcing pools whose queue changed (before and after the change). */
  p: z.array(id),
  /** Users whose unread count changed. */
  u: z.array(id),
  /**
   * The dictation the change concerns, as it was and as it is: only streams whose user may see it in
   * either state hear of it (a confidential or draft dictation's change reaches no one else). Absent:
   * not one dictation's change (a delivery list, a bell), heard by the whole trust.
   */
  d: z.array(audienceSchema).optional(),
});
const endSchema = z.object({ k: z.literal('end'), s: id });
export const liveMessageSchema = z.discriminatedUnion('k', [changeSchema, endSchema]);
export type LiveMessage = z.infer<typeof liveMessageSchema>;

/** A dictation's facts as the access rule reads them (a row of `dictations`, before or after a change). */
export type DictationFacts = Pick<DictationOwnership, 'authorId' | 'createdBy' | 'isConfidential' | 'status'> & {
  assignedTo?: number | null;
  outsourcingPoolId?: number | null;
};

export interface LiveChange {
  t: number | null;
  p: number[];
  u: number[];
  /** The dictation changed: as it was and as it is (one, for a new one). */
  dictation?: DictationFacts[];
}

const audienceOf = (d: DictationFacts): LiveAudience => ({
  a: d.authorId,
  c: d.createdBy,
  s: d.assignedTo ?? null,
  x: d.isConfidential,
  st: d.status,
  o: d.outsourcingPoolId ?? null,
});

/** The facts canViewDictation needs, read back from a live message. */
export const ownershipOf = (a: LiveAudience): DictationOwnership => ({
  authorId: a.a,
  createdBy: a.c,
  assignedTo: a.s,
  isConfidential: a.x,
  status: a.st,
  outsourcingPoolId: a.o,
});

async function send(db: Pick<Db, 'execute'>, message: LiveMessage): Promise<void> {
  await pgNotify(db, LIVE_CHANNEL, JSON.stringify(message));
}

/** A change of work queues and/or bells; call inside the change's transaction. */
export function notifyChange(db: Pick<Db, 'execute'>, change: LiveChange): Promise<void> {
  const uniq = (a: number[]) => [...new Set(a)];
  const d = change.dictation?.map(audienceOf);
  return send(db, { k: 'change', t: change.t, p: uniq(change.p), u: uniq(change.u), ...(d ? { d } : {}) });
}

/** One dictation's facts as stored now (in the caller's transaction), for a change made elsewhere. */
export async function dictationFacts(db: Pick<Db, 'select'>, dictationId: number): Promise<DictationFacts[] | undefined> {
  const row = await findOwnership(db, dictationId);
  return row ? [row] : undefined;
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
