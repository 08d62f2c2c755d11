import type { Letter, LetterNode } from '../../domain/contract/letter';
import type { OutboxRequest } from '../../lib/db/db';
import { saveStateOf, type SaveState } from './save-state';

export interface LetterView {
  phase: 'loading' | 'ready' | 'failed';
  /** Why the server's letter could not be had (the device's copy then opens read-only); when failed, why. */
  error: string | null;
  /** The server's letter when opened (null offline). */
  server: Letter | null;
  /** What the editor opened with. */
  initialDoc: LetterNode | null;
  /** The version the text is based on. */
  baseVersion: number;
  /** Newer text on this device than on the server: use it or discard it. */
  offer: { savedAt: number } | null;
  /** The server's copy after a refused save (409), until the user chooses. */
  conflict: Letter | null;
  /** The server's words after it refused a save because the letter can no longer be edited (403). */
  refused: string | null;
  /**
   * What the letter schema says is wrong with the text (src/domain/letter-doc.ts, the check the server
   * makes before storing or printing it), in words; empty when it may be saved. While not empty the text
   * is kept on the device but not sent (issue 22).
   */
  problems: readonly string[];
  dirty: boolean;
  unwritten: boolean;
  /** Writing to the device failed (storage full…): the text is still in the editor. */
  writeError: string | null;
  online: boolean;
  rows: Pick<OutboxRequest, 'state' | 'lastError'>[];
  saveState: SaveState;
  saveDetail: string | null;
  savedAt: number | null;
}

export const LETTER_START: LetterView = {
  phase: 'loading',
  error: null,
  server: null,
  initialDoc: null,
  baseVersion: 0,
  offer: null,
  conflict: null,
  refused: null,
  problems: [],
  dirty: false,
  unwritten: false,
  writeError: null,
  online: true,
  rows: [],
  saveState: 'saved',
  saveDetail: null,
  savedAt: null,
};

/** The view with its save state worked out from the rest. */
export function withSaveState(v: LetterView): LetterView {
  const s = saveStateOf({
    ...v,
    conflict: Boolean(v.conflict),
    refused: Boolean(v.refused),
    problem: v.problems[0] ?? null,
    unwritten: v.unwritten || Boolean(v.writeError),
  });
  return { ...v, saveState: s.state, saveDetail: v.writeError ?? s.detail };
}
