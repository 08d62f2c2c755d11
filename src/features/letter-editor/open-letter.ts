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
