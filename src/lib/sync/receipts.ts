import { DICTATION_STATUSES } from '../../domain/statuses';
import { db } from '../db/db';

const KEEP = 20;
const KEEP_MS = 7 * 86_400_000;

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

/**
 * The dictation in a JSON answer, if the answer is one (its id, reference and status). Checked by hand,
 * not with the zod contract: this runs in the service worker, which stays free of zod (DESIGN §7).
 */
export function dictationIn(answer: unknown): { id: number; reference: string; status: string } | null {
  const data = (answer as { data?: { id?: unknown; reference?: unknown; status?: unknown } } | null)?.data;
  if (!data || typeof data.id !== 'number' || typeof data.reference !== 'string') return null;
  if (!(DICTATION_STATUSES as readonly unknown[]).includes(data.status)) return null;
  return { id: data.id, reference: data.reference, status: data.status as string };
}
