import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { para, reviewDictation, reviewLetter, reviewRow } from './review-fixtures';
import { db, type OutboxRequest } from '../../src/lib/db/db';
import { wipeLocalData } from '../../src/lib/auth/wipe';
import { HttpError } from '../../src/lib/api/errors';
import { BUDGET_CHOICES, DEFAULT_BUDGET, readBudget, saveBudget, selectForBudget, type QueueItem } from '../../src/lib/offline/budget';
import {
  putReviewAudio,
  putReviewDictation,
  putReviewLetter,
  readCachedAudio,
  readCachedDictation,
  readCachedLetter,
  removeAllReviewCopies,
  removeReviewCopies,
  reviewUsage,
  markSynced,
} from '../../src/lib/offline/review-cache';
import { readOfflineQueuePage } from '../../src/lib/offline/queue-copy';
import { offlineCopySyncedAt, queueKey, withOfflineCopy } from '../../src/lib/offline/offline-copy';
import { withReviewCopy } from '../../src/features/letter-editor/open-letter';
import { dictationOfAudioUrl } from '../../src/features/typist-audio/audio-source';

const MB = 1024 * 1024;
const item = (id: number, over: Partial<QueueItem> = {}): QueueItem => ({
  id,
  urgent: 'STANDARD',
  createdAt: `2026-11-${String(id).padStart(2, '0')}T09:00:00Z`,
  textBytes: 10_000,
  audioBytes: 0,
  ...over,
});

describe('which queued letters the storage budget keeps', () => {
  it('urgent first, then newest first', () => {
    const picked = selectForBudget([item(1), item(3), item(2, { urgent: 'HIGH' }), item(4)], 100 * MB);
    expect(picked.text).toEqual([2, 4, 3, 1]);
  });

  it('every letter’s text before any audio: the text of a low-priority letter outranks an urgent letter’s audio', () => {
    const picked = selectForBudget([item(1, { urgent: 'HIGH', audioBytes: 5 * MB }), item(2, { textBytes: 20_000 })], 5 * MB);
    expect(picked.text).toEqual([1, 2]);
    expect(picked.audio).toEqual([]);
    expect(picked.bytes).toBe(30_000);
  });

  it('audio in the same order; one that does not fit is skipped and a smaller one after it still goes in', () => {
    const picked = selectForBudget(
      [item(5, { audioBytes: 4 * MB }), item(4, { audioBytes: 30 * MB }), item(3, { audioBytes: 3 * MB }), item(2)],
      10 * MB,
    );
    expect(picked.text).toEqual([5, 4, 3, 2]);
    expect(picked.audio).toEqual([5, 3]);
    expect(picked.bytes).toBe(40_000 + 7 * MB);
    expect(picked.bytes).toBeLessThanOrEqual(10 * MB);
  });

  it('the text stops at the budget (the rest is evicted), in priority order', () => {
    const picked = selectForBudget([item(1), item(2), item(3, { urgent: 'HIGH' })], 25_000);
    expect(picked.text).toEqual([3, 2]);
  });

  it('a smaller budget keeps a prefix of what a larger one kept: the rest is removed from the device', () => {
    const queue = [1, 2, 3, 4, 5].map((id) => item(id, { audioBytes: 2 * MB }));
    const large = selectForBudget(queue, 50 * MB);
    const small = selectForBudget(queue, 5 * MB);
    expect(large.audio).toEqual([5, 4, 3, 2, 1]);
    expect(small.audio).toEqual([5, 4]);
    expect(small.audio.every((id) => large.audio.includes(id))).toBe(true);
  });

  it('the chosen budget is kept per device; anything but the offered sizes reads as the default', () => {
    const store = new Map<string, string>();
    (globalThis as { localStorage?: unknown }).localStorage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    expect(readBudget()).toBe(DEFAULT_BUDGET);
    saveBudget(BUDGET_CHOICES[2].bytes);
    expect(readBudget()).toBe(500 * MB);
    expect(() => saveBudget(123)).toThrow('Choose one of the offered sizes.');
    store.set('wardnote.offlineReview.budget', '999');
    expect(readBudget()).toBe(DEFAULT_BUDGET);
    delete (globalThis as { localStorage?: unknown }).localStorage;
  });
});

const dictation = (id: number) => reviewDictation(id);
const row = (id: number) => reviewRow(id);
const letter = reviewLetter;
const clear = (bytes: ArrayBuffer) => new TextDecoder().decode(new Uint8Array(bytes));

describe('the device’s copies for offline review', () => {
  beforeEach(async () => {
    await wipeLocalData();
    await db.open();
  });

  it('reads back the dictation, the letter and the audio it stored, none of it in clear text', async () => {
    await putReviewDictation({ dictation: dictation(7), row: row(7) }, 0);
    await putReviewLetter(letter(7, 4));
    const audio = new TextEncoder().encode('RIFF-fake-audio-bytes').buffer;
    expect(await putReviewAudio(7, { filename: 'a.m4a', mimeType: 'audio/mp4', bytes: audio })).toBeGreaterThan(0);

    expect(await readCachedDictation(7)).toEqual(dictation(7));
    expect(await readCachedLetter(7)).toEqual(letter(7, 4));
    const blob = await readCachedAudio(7);
    expect(blob?.type).toBe('audio/mp4');
    expect(clear(await blob!.arrayBuffer())).toBe('RIFF-fake-audio-bytes');

    expect(clear((await db.reviewDictations.get(7))!.data.data)).not.toContain('Hollis');
    expect(clear((await db.reviewLetters.get(7))!.letter.data)).not.toContain('Dr Khan');
    expect(clear((await db.reviewAudio.get(7))!.audio.data)).not.toContain('RIFF');
    expect(await readCachedDictation(8)).toBeNull();
  });

  it('the list from the copy: in queue order, without letters approved or returned since (queued in the outbox)', async () => {
    expect(await readOfflineQueuePage()).toBeNull();
    await putReviewDictation({ dictation: dictation(1), row: row(1) }, 2);
    await putReviewDictation({ dictation: dictation(2), row: row(2) }, 0);
    await putReviewDictation({ dictation: dictation(3), row: row(3) }, 1);
    const handOff: OutboxRequest = {
      id: 'o1',
      kind: 'request',
      method: 'POST',
      path: '/api/dictation/3/transition',
      state: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
      label: 'REF-3: return for typing',
      payload: { iv: new Uint8Array(12), data: new ArrayBuffer(0) },
      createdAt: 1,
    };
    await db.outbox.add(handOff);
    const page = await readOfflineQueuePage();
    expect(page!.data.data.map((r) => r.id)).toEqual([2, 1]);
    expect(page!.data.total).toBe(2);
  });

  it('counts what it keeps; removing copies of some, then all, leaves nothing behind', async () => {
    for (const id of [1, 2]) {
      await putReviewDictation({ dictation: dictation(id), row: row(id) }, id);
      await putReviewLetter(letter(id, 1));
    }
    await putReviewAudio(2, { filename: 'b.m4a', mimeType: 'audio/mp4', bytes: new ArrayBuffer(4096) });
    await markSynced(1_795_000_000_000);
    const usage = await reviewUsage();
    expect(usage).toMatchObject({ letters: 2, withAudio: 1, syncedAt: 1_795_000_000_000 });
    expect(usage.bytes).toBeGreaterThan(4096);

    await removeReviewCopies([2]);
    expect(await reviewUsage()).toMatchObject({ letters: 1, withAudio: 0 });
    await removeAllReviewCopies();
    expect(await reviewUsage()).toEqual({ letters: 0, withAudio: 0, bytes: 0, syncedAt: null });
  });

  it('a session that ends by itself (401) keeps unsent work but not the review copies', async () => {
    await putReviewDictation({ dictation: dictation(1), row: row(1) }, 0);
    await putReviewLetter(letter(1, 1));
    await db.letterDrafts.put({
      dictationId: 9,
      doc: { iv: new Uint8Array(12), data: new ArrayBuffer(1) },
      baseVersion: 1,
      revision: 1,
      dirty: true,
      updatedAt: 1,
      savedAt: null,
      conflict: null,
      refused: null,
    });
    await wipeLocalData('keep-unsent');
    expect(await db.reviewDictations.count()).toBe(0);
    expect(await db.reviewLetters.count()).toBe(0);
    expect(await db.letterDrafts.count()).toBe(1);
  });
});

describe('answering from the copy when the network cannot be reached', () => {
  beforeEach(async () => {
    await wipeLocalData();
    await db.open();
  });
  const offline = () => Promise.reject(new HttpError(0, 'offline'));

  it('no network: the copy, with the time of the last sync for the notice; the server again clears it', async () => {
    await markSynced(1_795_000_000_000);
    expect(await withOfflineCopy(queueKey, offline, async () => 'copy')).toBe('copy');
    expect(offlineCopySyncedAt(queueKey)).toBe(1_795_000_000_000);
    expect(
      await withOfflineCopy(
        queueKey,
        async () => 'server',
        async () => 'copy',
      ),
    ).toBe('server');
    expect(offlineCopySyncedAt(queueKey)).toBeUndefined();
  });

  it('the server refused (404, 403…): its answer stands, the copy never hides it; no copy: the network error', async () => {
    const refused = () => Promise.reject(new HttpError(404, 'Not found', 'not_found'));
    await expect(withOfflineCopy('dictation:1', refused, async () => 'copy')).rejects.toMatchObject({ status: 404 });
    await expect(withOfflineCopy('dictation:1', offline, async () => null)).rejects.toMatchObject({ status: 0 });
    expect(offlineCopySyncedAt('dictation:1')).toBeUndefined();
  });
});

describe('opening a letter offline from the review copy', () => {
  const local = (over = {}) => ({
    doc: para('device'),
    baseVersion: 3,
    dirty: false,
    updatedAt: 1,
    conflict: null,
    refused: null,
    ...over,
  });

  it('no device copy: the review copy, clean, based on its version (a later save meets any newer server text as a conflict)', () => {
    expect(withReviewCopy(null, letter(7, 4, 'review'))).toEqual({
      doc: para('review'),
      baseVersion: 4,
      dirty: false,
      updatedAt: Date.parse('2026-11-21T10:00:00Z'),
      conflict: null,
      refused: null,
    });
  });

  it('a clean older device copy gives way; unsent or newer text on the device never does', () => {
    expect(withReviewCopy(local(), letter(7, 4, 'review'))?.doc).toEqual(para('review'));
    expect(withReviewCopy(local({ dirty: true }), letter(7, 4))?.doc).toEqual(para('device'));
    expect(withReviewCopy(local({ baseVersion: 4 }), letter(7, 4))?.doc).toEqual(para('device'));
    expect(withReviewCopy(local(), null)?.doc).toEqual(para('device'));
  });

  it('the player finds the dictation of a signed audio link', () => {
    expect(dictationOfAudioUrl('/api/dictation/42/audio?u=1&s=2&exp=3&sig=x')).toBe(42);
    expect(dictationOfAudioUrl('/api/dictation/42/letter')).toBeNull();
  });
});
