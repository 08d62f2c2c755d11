import { useSyncExternalStore } from 'react';
import type { RecipientLists } from '../../domain/recipient-entries';

/**
 * Recipients changed in the editor and not saved yet, per dictation. Kept outside the tab (its panel
 * unmounts when another side tab is chosen) so switching tabs loses nothing, and so Approve can refuse
 * while changes are unsaved.
 */
const drafts = new Map<number, RecipientLists>();
const listeners = new Set<() => void>();

export function recipientsDraft(dictationId: number): RecipientLists | undefined {
  return drafts.get(dictationId);
}

export function setRecipientsDraft(dictationId: number, lists: RecipientLists | null): void {
  if (lists) drafts.set(dictationId, lists);
  else drafts.delete(dictationId);
  listeners.forEach((l) => l());
}

export function useRecipientsDraft(dictationId: number): RecipientLists | undefined {
  return useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    () => drafts.get(dictationId),
  );
}
