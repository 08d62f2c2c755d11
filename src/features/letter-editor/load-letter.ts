import type { Letter, LetterNode } from '../../domain/contract/letter';
import { E } from '../../domain/contract/endpoints';
import { apiCall } from '../../lib/api/client';
import { HttpError } from '../../lib/api/errors';
import { unsealJson } from '../../lib/crypto/secure-store';
import { liveQuery, type Subscription } from 'dexie';
import { db, type Sealed } from '../../lib/db/db';
import { adoptServerLetter, clearRefusal, letterRows } from '../../lib/sync/letter-save';
import type { LetterView } from './letter-view';
import { readCachedLetter } from '../../lib/offline/review-cache';
import { openLetter, withReviewCopy, type LocalLetter, type Opening } from './open-letter';

/** The letter as this device holds it, decrypted; null when there is none or it cannot be read. */
export async function readLocalLetter(dictationId: number): Promise<LocalLetter | null> {
  const draft = await db.letterDrafts.get(dictationId);
  if (!draft) return null;
  try {
    return {
      doc: await unsealJson<LetterNode>(draft.doc),
      baseVersion: draft.baseVersion,
      dirty: draft.dirty,
      updatedAt: draft.updatedAt,
      conflict: draft.conflict ? await unsealJson<Letter>(draft.conflict) : null,
      refused: draft.refused,
    };
  } catch {
    return null;
  }
}

/**
 * The server's letter. No answer at all (offline) is not an error: the device's copy is used. Any other
 * failure is kept as words for the user (the device's copy, if any, then opens read-only).
 */
export async function fetchServerLetter(dictationId: number): Promise<{ letter: Letter | null; error: string | null }> {
  try {
    const answer = await apiCall(E.dictationLetterGet, { params: { id: dictationId } });
    return { letter: answer.data, error: null };
  } catch (err) {
    if (err instanceof HttpError && err.status === 0) return { letter: null, error: null };
    return { letter: null, error: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * Opening a letter: the device's copy and the server's, and what the editor shows (open-letter.ts).
 * A clean device copy older than the server's is replaced; a refusal that no longer holds (the letter
 * was handed back) is lifted, and the device's text offered like any unsent text.
 */
export async function loadLetter(dictationId: number): Promise<{ opening: Opening | null; server: Letter | null; error: string | null }> {
  const [stored, server] = await Promise.all([readLocalLetter(dictationId), fetchServerLetter(dictationId)]);
  // Offline (no answer, no error): the copy kept for offline review can open the letter (issue 12).
  const offline = !server.letter && !server.error;
  const local = offline ? withReviewCopy(stored, await readCachedLetter(dictationId)) : stored;
  if (local?.refused && server.letter?.editable) {
    await clearRefusal(dictationId);
    local.refused = null;
  }
  const opening = openLetter(server.letter, local);
  if (opening?.refreshLocal && server.letter) await adoptServerLetter(dictationId, server.letter);
  return { opening, server: server.letter, error: server.error };
}

let last: { iv: string; copy: Promise<Letter | null> } | null = null;

/** The server's copy kept after a conflict, decrypted once per stored value (a fresh IV marks a new one). */
function conflictCopy(sealed: Sealed | null): Promise<Letter | null> {
  if (!sealed) return Promise.resolve(null);
  const iv = Array.from(sealed.iv).join('.');
  if (last?.iv !== iv) last = { iv, copy: unsealJson<Letter>(sealed).catch(() => null) };
  return last.copy;
}

export type StoredLetter = Pick<LetterView, 'conflict' | 'dirty' | 'refused' | 'savedAt' | 'rows'> & { baseVersion: number | undefined };

/** What Dexie holds about the letter now. */
export async function readStoredLetter(dictationId: number): Promise<StoredLetter> {
  const [draft, rows] = await Promise.all([db.letterDrafts.get(dictationId), letterRows(dictationId)]);
  return {
    conflict: await conflictCopy(draft?.conflict ?? null),
    dirty: draft?.dirty ?? false,
    refused: draft?.refused ?? null,
    savedAt: draft?.savedAt ?? null,
    baseVersion: draft?.baseVersion,
    rows: rows.map((r) => ({ state: r.state, lastError: r.lastError })),
  };
}

/** The same, as it changes (here, in other tabs, in the service worker's drain). */
export function watchLocalLetter(dictationId: number, onChange: (stored: StoredLetter) => void): Subscription {
  return liveQuery(() => readStoredLetter(dictationId)).subscribe({ next: onChange });
}
