import type { Letter, LetterNode } from '../../domain/contract/letter';

/** The letter as this device holds it (decrypted). */
export interface LocalLetter {
  doc: LetterNode;
  baseVersion: number;
  dirty: boolean;
  updatedAt: number;
  conflict: Letter | null;
  refused: string | null;
}

export interface Opening {
  /** What the editor opens with. */
  doc: LetterNode;
  /** The version that text is based on. */
  baseVersion: number;
  /** The device holds text the server has not got: ask whether to use it (it stays visible meanwhile). */
  offer: { savedAt: number } | null;
  /** The device's copy is clean but older than the server's: replace it with the server's. */
  refreshLocal: boolean;
}

/**
 * What the editor shows when a letter opens (DESIGN §3 "Letter path"; issue 11: reopening on the same
 * device offers the newer local text). Local text the server has not confirmed is never put aside
 * without the user choosing: it is what the editor shows, and the user is asked whether to keep it.
 * Without an answer from the server (offline) the device's copy is all there is. Pure.
 */
export function openLetter(server: Letter | null, local: LocalLetter | null): Opening | null {
  if (!local) return server ? { doc: server.doc, baseVersion: server.version, offer: null, refreshLocal: false } : null;
  if (local.dirty) {
    // A refused save has its own notice (conflict side by side, or "no longer editable").
    const ask = server !== null && !local.conflict && !local.refused;
    return { doc: local.doc, baseVersion: local.baseVersion, offer: ask ? { savedAt: local.updatedAt } : null, refreshLocal: false };
  }
  if (!server) return { doc: local.doc, baseVersion: local.baseVersion, offer: null, refreshLocal: false };
  return { doc: server.doc, baseVersion: server.version, offer: null, refreshLocal: local.baseVersion !== server.version };
}

/**
 * Without an answer from the server, the letter kept for offline review (issue 12) stands in for the
 * device's copy when there is none, or when the device's is clean and older. Text typed here and not
 * yet sent always wins: it meets any newer server text as a conflict once back online. Pure.
 */
export function withReviewCopy(local: LocalLetter | null, copy: Letter | null): LocalLetter | null {
  if (!copy || (local && (local.dirty || local.conflict || local.refused || local.baseVersion >= copy.version))) return local;
  const updatedAt = copy.updated_at ? Date.parse(copy.updated_at) : 0;
  return { doc: copy.doc, baseVersion: copy.version, dirty: false, updatedAt, conflict: null, refused: null };
}
