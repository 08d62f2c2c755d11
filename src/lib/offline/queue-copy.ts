import type { WorklistPage } from '../../domain/contract';
import { db } from '../db/db';
import { readCachedQueue } from './review-cache';

const TRANSITION = /^\/api\/dictation\/(\d+)\/transition$/;

/** Dictations with a hand-off (approve, return…) waiting in the outbox: no longer the author's to review. */
async function handedOff(): Promise<Set<number>> {
  const rows = await db.outbox.toArray();
  return new Set(rows.flatMap((r) => (r.kind === 'request' && TRANSITION.test(r.path) ? [Number(TRANSITION.exec(r.path)![1])] : [])));
}

/**
 * The approval list from the device's copy, as one page shaped like the server's answer: every kept
 * dictation (filters and paging are the server's to apply), less those approved or returned since.
 * Null when nothing is kept.
 */
export async function readOfflineQueuePage(): Promise<WorklistPage | null> {
  if (!(await db.reviewDictations.count())) return null;
  const gone = await handedOff();
  const rows = (await readCachedQueue()).filter((r) => !gone.has(r.id));
  return {
    data: {
      data: rows,
      current_page: 1,
      last_page: 1,
      per_page: Math.max(rows.length, 1),
      total: rows.length,
      next_page_url: null,
      prev_page_url: null,
    },
  };
}
