import type { DictationStatus } from './statuses';

/**
 * What each status means, in plain words, shown beside the spec's status name (issue 23: clinicians read
 * 'Manual Distribution' as jargon). The spec's names stay as the tab and column labels. Its own module:
 * the work queue's tabs need it, the sign-in page (which loads statuses.ts) does not.
 */
export const STATUS_HINTS: Record<DictationStatus, string> = {
  DRAFT: 'Recordings not yet sent for typing.',
  AUTHOR_APPROVAL: 'Typed letters waiting for the author to check and approve.',
  READY_FOR_TYPING: 'Dictations waiting for a secretary to type them.',
  RECEIVED: 'Dictations waiting for a secretary to type them.',
  BEING_TYPED: 'Dictations a secretary is typing now.',
  OUTSOURCED: 'Dictations with an outside typing service.',
  OUTSOURCED_REVIEW: 'Letters back from the outside typing service, to check before the author sees them.',
  QA_REVIEW: 'Typed letters waiting for a quality check before they go to the author.',
  MANUAL_DISTRIBUTION: 'Approved letters still being sent to the patient, GP and other recipients.',
  SENT: 'Approved letters that have gone to every recipient.',
};
