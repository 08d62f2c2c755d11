import { MESSAGES } from '../../domain/messages';
import type { OutboxState } from '../../lib/db/db';

export type SaveState =
  'saved on this device' | 'saving' | 'saved' | 'offline — will send when online' | 'conflict' | 'not editable' | 'needs fixing';

export interface SaveFacts {
  /** The server refused a save as a conflict and the user has not chosen yet. */
  conflict: boolean;
  /** The server refused a save because the letter can no longer be edited. */
  refused: boolean;
  /**
   * What keeps the text from being sent: it breaks the letter's bounds (issue 22: a letter saved before
   * they existed, say). Null when it may be sent.
   */
  problem?: string | null;
  /** The device's copy holds text the server has not confirmed. */
  dirty: boolean;
  /** The editor holds changes not yet written to the device (at most half a second old). */
  unwritten: boolean;
  online: boolean;
  /** This letter's saves in the outbox, oldest first. */
  rows: { state: OutboxState; lastError: string | null }[];
}

/** What the status line says about the letter (issue 11 "never lose a keystroke"), and why when it waits. Pure. */
export function saveStateOf(f: SaveFacts): { state: SaveState; detail: string | null } {
  if (f.conflict) return { state: 'conflict', detail: MESSAGES.letterConflict };
  if (f.refused) return { state: 'not editable', detail: null };
  if (!f.dirty && !f.unwritten) return { state: 'saved', detail: null };
  if (f.problem) return { state: 'needs fixing', detail: f.problem };
  const stuck = f.rows.find((r) => r.state !== 'pending' || r.lastError);
  if (!f.online || stuck?.lastError === MESSAGES.outboxNoConnection) return { state: 'offline — will send when online', detail: null };
  if (stuck) return { state: 'saved on this device', detail: stuck.lastError };
  if (f.unwritten || f.rows.length) return { state: 'saving', detail: null };
  return { state: 'saved on this device', detail: null };
}

/** The words shown for each state. */
export const SAVE_STATE_LABEL: Record<SaveState, string> = {
  'saved on this device': 'Saved on this device',
  saving: 'Saving…',
  saved: 'Saved',
  'offline — will send when online': 'Offline — will send when online',
  conflict: 'Conflict: choose which text to keep',
  'not editable': 'Not saved: the letter can no longer be changed here',
  'needs fixing': 'Not saved: the letter needs putting right first',
};
