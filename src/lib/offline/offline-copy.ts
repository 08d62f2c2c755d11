import { HttpError } from '../api/errors';
import { lastSynced } from './review-cache';

/**
 * Which screens show the device's copy instead of the server's answer, and since when (the last
 * prefetch), so the notice can say "offline — last synced hh:mm". Keyed 'queue' (the approval list)
 * or 'dictation:<id>'. A fresh server answer clears the key.
 */
type Listener = () => void;
const served = new Map<string, number>();
const listeners = new Set<Listener>();
const notify = () => listeners.forEach((l) => l());

export const queueKey = 'queue';
export const dictationKey = (id: number) => `dictation:${id}`;

export function subscribeOfflineCopy(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** When the copy shown under this key was synced, or undefined when the server's answer is shown. */
export function offlineCopySyncedAt(key: string): number | undefined {
  return served.get(key);
}

function mark(key: string, syncedAt: number | null) {
  if (syncedAt === null) {
    if (!served.delete(key)) return;
  } else {
    if (served.get(key) === syncedAt) return;
    served.set(key, syncedAt);
  }
  notify();
}

/**
 * The server's answer; when the network cannot be reached at all, the device's copy (if there is one),
 * noted under `key` for the notice. Any other failure (refused, not found) stays an error: a copy must
 * never hide what the server said.
 */
export async function withOfflineCopy<T>(key: string, fetch: () => Promise<T>, copy: () => Promise<T | null>): Promise<T> {
  try {
    const answer = await fetch();
    mark(key, null);
    return answer;
  } catch (err) {
    if (!(err instanceof HttpError && err.isNetwork)) throw err;
    const kept = await copy().catch(() => null);
    if (kept === null) throw err;
    mark(key, (await lastSynced().catch(() => null)) ?? 0);
    return kept;
  }
}
