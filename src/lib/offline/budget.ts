/**
 * The storage budget of offline review (issue 12): which of the author's queued dictations this device
 * keeps, and how much of each. Pure, apart from reading and writing the chosen budget.
 */

const MB = 1024 * 1024;

export const BUDGET_CHOICES = [
  { bytes: 50 * MB, label: '50 MB' },
  { bytes: 200 * MB, label: '200 MB' },
  { bytes: 500 * MB, label: '500 MB' },
  { bytes: 1024 * MB, label: '1 GB' },
] as const;

export const DEFAULT_BUDGET = 200 * MB;

/** Per device, not per profile: what a phone can spare is not what a desktop can. Not patient data. */
const BUDGET_KEY = 'wardnote.offlineReview.budget';

export function readBudget(): number {
  const stored = Number(globalThis.localStorage?.getItem(BUDGET_KEY));
  return BUDGET_CHOICES.some((c) => c.bytes === stored) ? stored : DEFAULT_BUDGET;
}

export function saveBudget(bytes: number): void {
  if (!BUDGET_CHOICES.some((c) => c.bytes === bytes)) throw new Error('Choose one of the offered sizes.');
  globalThis.localStorage?.setItem(BUDGET_KEY, String(bytes));
}

/** A queued dictation as the prefetcher sees it before fetching anything heavy. */
export interface QueueItem {
  id: number;
  urgent: 'HIGH' | 'STANDARD';
  /** ISO time the dictation was made. */
  createdAt: string;
  /** The text (dictation, list row, letter) it takes, measured or estimated. */
  textBytes: number;
  /** The audio it takes (0 without audio): the stored size once fetched, else the server's file size. */
  audioBytes: number;
}

/** Urgent first, then newest first; equal ones by id so the order never flickers. */
export function byPriority(a: QueueItem, b: QueueItem): number {
  if (a.urgent !== b.urgent) return a.urgent === 'HIGH' ? -1 : 1;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return b.id - a.id;
}

export interface Selection {
  /** Ids whose letter and details are kept, in priority order. */
  text: number[];
  /** Ids whose audio is kept too (a subset of `text`). */
  audio: number[];
  /** What the kept items take. */
  bytes: number;
}

/**
 * What fits in the budget. Every letter's text first (small, and the letter is what is approved),
 * urgent then newest, until the budget is reached; then the audio in the same order with what is left,
 * skipping one that does not fit so a long recording does not keep shorter ones out. Whatever is not
 * selected is removed from the device (it left the queue, or the budget shrank).
 */
export function selectForBudget(items: readonly QueueItem[], budget: number): Selection {
  const ordered = [...items].sort(byPriority);
  const text: QueueItem[] = [];
  let bytes = 0;
  for (const item of ordered) {
    if (bytes + item.textBytes > budget) break;
    text.push(item);
    bytes += item.textBytes;
  }
  const audio: number[] = [];
  for (const item of text) {
    if (item.audioBytes <= 0 || bytes + item.audioBytes > budget) continue;
    audio.push(item.id);
    bytes += item.audioBytes;
  }
  return { text: text.map((i) => i.id), audio, bytes };
}
