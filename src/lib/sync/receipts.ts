import { z } from 'zod';
import { dictationSchema } from '../../domain/contract';
import { db } from '../db/db';

const KEEP = 20;
const KEEP_MS = 7 * 86_400_000;

/** What a dictation call answers, as far as a receipt needs it. */
const confirmedDictation = z.object({ data: dictationSchema.pick({ id: true, reference: true, status: true }) });

/**
 * Notes that the server confirmed a dictation (made, saved or submitted), so the sync panel can show
 * what left this device and open it. Kept for a week, the newest 20. Runs inside the caller's
 * transaction when there is one.
 */
export async function recordReceipt(dictation: { id: number; reference: string; status: string }, label: string, now: number) {
  await db.sent.put({ dictationId: dictation.id, reference: dictation.reference, status: dictation.status, label, sentAt: now });
  await db.sent
    .where('sentAt')
    .below(now - KEEP_MS)
    .delete();
  const extra = (await db.sent.count()) - KEEP;
  if (extra > 0) await db.sent.orderBy('sentAt').limit(extra).delete();
}

/** The dictation in a JSON answer, if the answer is one. */
export function dictationIn(answer: unknown): { id: number; reference: string; status: string } | null {
  const parsed = confirmedDictation.safeParse(answer);
  return parsed.success ? parsed.data.data : null;
}
