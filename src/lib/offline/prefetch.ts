import type { Dictation, WorklistRow } from '../../domain/contract';
import { E } from '../../domain/contract/endpoints';
import { apiCall } from '../api/client';
import { session } from '../auth/session';
import { db } from '../db/db';
import { byPriority, readBudget, selectForBudget, type QueueItem } from './budget';
import { PREFETCH_HEADER } from './prefetch-header';
import { markSynced, putReviewAudio, putReviewDictation, putReviewLetter, removeReviewCopies } from './review-cache';

/**
 * Offline review's prefetcher (issue 12): while online and signed in as an Author, the author's
 * AUTHOR_APPROVAL queue — each dictation's details, its letter and its compressed playable audio —
 * is copied to this device (encrypted, review-cache.ts), urgent then newest first, within the
 * storage budget (budget.ts); copies of dictations that left the queue or no longer fit are removed.
 * Nothing goes into the service worker's caches. Every request says it is a prefetch (PREFETCH_HEADER):
 * copying a letter is not the author opening it.
 */

const PAGE_SIZE = 30;
/** At most this many pages of the queue (a queue longer than 300 letters is reviewed online). */
const MAX_PAGES = 10;
/** Until a dictation's text is measured, what it is reckoned to take. */
const TEXT_ESTIMATE = 16 * 1024;
/** Again on this timer while the app is open and online, besides on reconnect and when the list loads. */
const EVERY_MS = 5 * 60_000;
/** The list loads every minute: a prefetch it asks for runs at most this often. */
const MIN_GAP_MS = 2 * 60_000;

const prefetchHeaders = { [PREFETCH_HEADER]: '1' };

let running: Promise<void> | null = null;
let lastRun = 0;
let started = false;

/** Whether the signed-in user reviews letters (an Author), with the token that run is for. */
function reviewer(): { token: string; userId: number } | null {
  const { token, profile } = session.snapshot;
  if (!token || !profile || !session.subject?.roles.includes('Author')) return null;
  return { token, userId: profile.id };
}

/** The run is stale once the session it started for has ended (nothing is written for a signed-out user). */
const stillFor = (token: string) => session.snapshot.token === token;

async function fetchQueue(userId: number): Promise<WorklistRow[]> {
  const rows: WorklistRow[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await apiCall(E.worklist, {
      quiet: true,
      headers: prefetchHeaders,
      query: { status: 'AUTHOR_APPROVAL', author: String(userId), page: String(page), paginate: String(PAGE_SIZE) },
    });
    rows.push(...answer.data.data);
    if (page >= answer.data.last_page) break;
  }
  return rows;
}

async function fetchAudio(d: Dictation): Promise<{ filename: string; mimeType: string; bytes: ArrayBuffer } | null> {
  const audio = d.audio;
  if (!audio?.url || audio.state !== 'ready') return null;
  const res = await fetch(audio.url, { headers: prefetchHeaders, credentials: 'same-origin', cache: 'no-store' });
  if (!res.ok) return null;
  const bytes = await res.arrayBuffer();
  const mimeType = res.headers.get('content-type')?.split(';')[0] || audio.mime_type || 'audio/mpeg';
  return { filename: audio.filename, mimeType, bytes };
}

/** One pass: the queue now, its text, then audio within the budget, then what no longer belongs goes. */
export async function prefetchReviewQueue(budget = readBudget()): Promise<void> {
  const who = reviewer();
  if (!who || !navigator.onLine) return;
  const queue = await fetchQueue(who.userId);
  if (!stillFor(who.token)) return;

  const stored = new Map((await db.reviewAudio.toArray()).map((a) => [a.dictationId, a]));
  const items: QueueItem[] = queue.map((r) => ({
    id: r.id,
    urgent: r.urgent,
    createdAt: r.created_at,
    textBytes: TEXT_ESTIMATE,
    audioBytes: r.audio ? (stored.get(r.id)?.bytes ?? 0) : 0,
  }));
  const byId = new Map(items.map((i) => [i.id, i]));
  const rank = new Map([...items].sort(byPriority).map((i, n) => [i.id, n]));

  // The text of everything that fits, newest and urgent first: details and letter, measured as stored.
  const dictations = new Map<number, Dictation>();
  for (const id of selectForBudget(items, budget).text) {
    const row = queue.find((r) => r.id === id)!;
    const dictation = (await apiCall(E.dictationGet, { params: { id }, quiet: true, headers: prefetchHeaders })).data;
    const letter = (await apiCall(E.dictationLetterGet, { params: { id }, quiet: true, headers: prefetchHeaders })).data;
    if (!stillFor(who.token)) return;
    const item = byId.get(id)!;
    item.textBytes = (await putReviewDictation({ dictation, row }, rank.get(id)!)) + (await putReviewLetter(letter));
    const kept = stored.get(id);
    // Until fetched, the audio is reckoned at the server's file size; a copy of another file counts as none.
    item.audioBytes = kept && kept.filename === dictation.audio?.filename ? kept.bytes : (dictation.audio?.filesize ?? 0);
    if (kept && kept.filename !== dictation.audio?.filename) stored.delete(id);
    dictations.set(id, dictation);
  }

  // The audio, in the same order, with what the text left; the measured size replaces the estimate.
  const chosen = selectForBudget(
    items.filter((i) => dictations.has(i.id)),
    budget,
  );
  let used = chosen.text.reduce((n, id) => n + byId.get(id)!.textBytes, 0);
  const withAudio = new Set<number>();
  for (const id of chosen.text) {
    if (!chosen.audio.includes(id)) continue;
    const kept = stored.get(id);
    if (kept) {
      if (used + kept.bytes > budget) continue;
      used += kept.bytes;
      withAudio.add(id);
      continue;
    }
    const audio = await fetchAudio(dictations.get(id)!).catch(() => null);
    if (!audio || used + audio.bytes.byteLength > budget || !stillFor(who.token)) continue;
    const bytes = await putReviewAudio(id, audio);
    if (bytes > 0) {
      used += bytes;
      withAudio.add(id);
    }
  }

  if (!stillFor(who.token)) return;
  const keep = new Set(chosen.text);
  const all = await db.reviewDictations.toCollection().primaryKeys();
  await removeReviewCopies(all.filter((id) => !keep.has(id)));
  const audioIds = await db.reviewAudio.toCollection().primaryKeys();
  await db.reviewAudio.bulkDelete(audioIds.filter((id) => !withAudio.has(id)));
  await markSynced();
}

/**
 * Runs a pass unless one is under way (or, when not forced, one ran in the last MIN_GAP_MS). A failed
 * pass (the signal went) keeps what was copied; the next trigger tries again.
 */
export function requestReviewPrefetch(opts: { force?: boolean } = {}): Promise<void> {
  startReviewPrefetch();
  if (running) return running;
  if (!opts.force && Date.now() - lastRun < MIN_GAP_MS) return Promise.resolve();
  lastRun = Date.now();
  running = prefetchReviewQueue()
    .catch(() => {})
    .finally(() => {
      running = null;
      lastRun = Date.now();
    });
  return running;
}

/** The timer and the reconnect trigger, set up once (the first time the author's list loads). */
function startReviewPrefetch(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('online', () => void requestReviewPrefetch({ force: true }));
  setInterval(() => void requestReviewPrefetch(), EVERY_MS);
}
