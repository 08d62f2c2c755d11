import { z } from 'zod';
import { dictationSchema, letterSchema, worklistRowSchema, type Dictation, type Letter, type WorklistRow } from '../../domain/contract';
import { getSecure, putSecure, seal, sealJson, unseal, unsealJson } from '../crypto/secure-store';
import { db } from '../db/db';

/**
 * The device's copies for offline review (issue 12), all encrypted with the device key (AES-GCM, fresh
 * IV) like the letter drafts, and all gone at logout with the rest of the database. Reads answer null
 * when a copy is absent or cannot be read (the key was wiped): the caller then behaves as without it.
 */

const SYNCED_KEY = 'offline_review_synced_at';

const entrySchema = z.object({ dictation: dictationSchema, row: worklistRowSchema });
export type ReviewEntry = z.infer<typeof entrySchema>;

export async function putReviewDictation(entry: ReviewEntry, rank: number, now = Date.now()): Promise<number> {
  const data = await sealJson(entry);
  await db.reviewDictations.put({ dictationId: entry.dictation.id, rank, data, bytes: data.data.byteLength, syncedAt: now });
  return data.data.byteLength;
}

export async function putReviewLetter(letter: Letter, now = Date.now()): Promise<number> {
  const sealed = await sealJson(letter);
  await db.reviewLetters.put({
    dictationId: letter.dictation_id,
    version: letter.version,
    letter: sealed,
    bytes: sealed.data.byteLength,
    syncedAt: now,
  });
  return sealed.data.byteLength;
}

export async function putReviewAudio(
  dictationId: number,
  audio: { filename: string; mimeType: string; bytes: ArrayBuffer },
  now = Date.now(),
): Promise<number> {
  const sealed = await seal(audio.bytes);
  await db.reviewAudio.put({
    dictationId,
    filename: audio.filename,
    mimeType: audio.mimeType,
    audio: sealed,
    bytes: sealed.data.byteLength,
    syncedAt: now,
  });
  // PITFALLS 15: some browsers store a large value short; a copy that does not read back whole is none.
  const back = await db.reviewAudio.get(dictationId);
  if (back?.audio.data.byteLength !== sealed.data.byteLength) {
    await db.reviewAudio.delete(dictationId);
    return 0;
  }
  return sealed.data.byteLength;
}

export async function readReviewEntry(dictationId: number): Promise<ReviewEntry | null> {
  const row = await db.reviewDictations.get(dictationId).catch(() => undefined);
  if (!row) return null;
  try {
    const parsed = entrySchema.safeParse(await unsealJson(row.data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function readCachedDictation(dictationId: number): Promise<Dictation | null> {
  return (await readReviewEntry(dictationId))?.dictation ?? null;
}

export async function readCachedLetter(dictationId: number): Promise<Letter | null> {
  const row = await db.reviewLetters.get(dictationId).catch(() => undefined);
  if (!row) return null;
  try {
    const parsed = letterSchema.safeParse(await unsealJson(row.letter));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function readCachedAudio(dictationId: number): Promise<Blob | null> {
  const row = await db.reviewAudio.get(dictationId).catch(() => undefined);
  if (!row) return null;
  try {
    return new Blob([await unseal(row.audio)], { type: row.mimeType });
  } catch {
    return null;
  }
}

/** The queue's list rows as last fetched, in the queue's order. */
export async function readCachedQueue(): Promise<WorklistRow[]> {
  const rows = await db.reviewDictations.orderBy('rank').toArray();
  const entries = await Promise.all(rows.map((r) => readReviewEntry(r.dictationId)));
  return entries.flatMap((e) => (e ? [e.row] : []));
}

/** Removes every copy of these dictations (they left the queue, or no longer fit the budget). */
export async function removeReviewCopies(dictationIds: readonly number[]): Promise<void> {
  if (!dictationIds.length) return;
  await db.transaction('rw', db.reviewDictations, db.reviewLetters, db.reviewAudio, async () => {
    await db.reviewDictations.bulkDelete([...dictationIds]);
    await db.reviewLetters.bulkDelete([...dictationIds]);
    await db.reviewAudio.bulkDelete([...dictationIds]);
  });
}

/** "Remove offline copies": everything kept for offline review, and when it was last synced. */
export async function removeAllReviewCopies(): Promise<void> {
  await db.transaction('rw', db.reviewDictations, db.reviewLetters, db.reviewAudio, db.secure, async () => {
    await db.reviewDictations.clear();
    await db.reviewLetters.clear();
    await db.reviewAudio.clear();
    await db.secure.delete(SYNCED_KEY);
  });
}

export async function markSynced(at = Date.now()): Promise<void> {
  await putSecure(SYNCED_KEY, at);
}

export async function lastSynced(): Promise<number | null> {
  const at = await getSecure<number>(SYNCED_KEY);
  return typeof at === 'number' ? at : null;
}

export interface ReviewUsage {
  /** Dictations kept (details and letter). */
  letters: number;
  /** Of those, how many with their audio. */
  withAudio: number;
  bytes: number;
  syncedAt: number | null;
}

export async function reviewUsage(): Promise<ReviewUsage> {
  const [dictations, letters, audio, syncedAt] = await Promise.all([
    db.reviewDictations.toArray(),
    db.reviewLetters.toArray(),
    db.reviewAudio.toArray(),
    lastSynced(),
  ]);
  const sum = (rows: { bytes: number }[]) => rows.reduce((n, r) => n + r.bytes, 0);
  return {
    letters: letters.length,
    withAudio: audio.length,
    bytes: sum(dictations) + sum(letters) + sum(audio),
    syncedAt,
  };
}
