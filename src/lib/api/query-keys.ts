/**
 * The roots of the React Query keys that more than one feature reads or refreshes (issue 24 point 5): a
 * letter that moves on changes the work queues, the dictation, the search and the letters-out lists,
 * whichever feature moved it. Each feature builds its own key factory on these (its `api/keys.ts`); a key
 * only one feature uses is written there alone. (The live stream keeps its own copy of three of them:
 * src/features/live/live-stream.ts, held equal by a unit test.)
 */
export const sharedKeys = {
  /** The work queues and their tab counts (worklist). */
  worklist: ['worklist'] as const,
  /** The queues' pages only, which the document search reads rows from (find-document). */
  worklistPages: ['worklist', 'page'] as const,
  /** Every dictation's details, comments and audit trail (dictation-view). */
  dictations: ['dictation'] as const,
  /** One dictation: its details, and below it its comments and audit trail. */
  dictation: (id: number) => ['dictation', id] as const,
  /** The document search's answers (find-document). */
  documentSearch: ['document-search'] as const,
  /** The letters-out lists (letters-out). */
  lettersOut: ['letters-out'] as const,
  /** The bell: unread count and list (notifications). */
  notifications: ['notifications'] as const,
};
