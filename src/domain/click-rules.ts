/**
 * Spec §4 "Clicking a search result" and "Clicking a notification" as pure functions, used by the work
 * queue, the find-document panel, the global search and the notifications panel.
 */
import type { Role } from './roles';
import type { DictationStatus, HomeTab } from './statuses';
import { findTransition } from './workflow';

export interface ClickSubject {
  roles: readonly Role[];
  userId: number;
  /** Permission codes: `qa` makes a QA reviewer (src/domain/workflow.ts `QaReviewer`). */
  permissions?: readonly string[];
  /** An external typist of an outsourcing pool (issue 12): they open their pool's OUTSOURCED work. */
  outsourcingPoolId?: number | null;
}

export interface ClickedDictation {
  status: DictationStatus;
  /** The user the dictation is assigned to, or null when nobody has it. */
  assignedTo: number | null;
  /** Its author, when known (the transition table's own-author rules). */
  authorId?: number;
}

export type SearchResultAction =
  /** Ask 'Do you want to be redirected?'; yes opens the dictation page. */
  | { kind: 'confirm_open' }
  /** Ask; yes opens the draft page. */
  | { kind: 'confirm_open_draft' }
  /** Ask; yes allocates back to AUTHOR_APPROVAL with secretarial cover, then opens the dictation page. */
  | { kind: 'confirm_allocate_back_then_open' }
  /** Show the detail side panel. */
  | { kind: 'details' };

const normalise = (s: DictationStatus): DictationStatus => (s === 'RECEIVED' ? 'READY_FOR_TYPING' : s);

/** The user may pass this QA_REVIEW letter on or return it (workflow.ts: Manager, SuperAdmin, the `qa` permission). */
function mayReviewQa(user: ClickSubject, d: ClickedDictation): boolean {
  const subject = { roles: user.roles, userId: user.userId, permissions: user.permissions, outsourcingPoolId: user.outsourcingPoolId };
  const dictation = { status: 'QA_REVIEW' as const, authorId: d.authorId ?? -1 };
  return findTransition(subject, 'qa_pass', dictation) !== null || findTransition(subject, 'qa_return', dictation) !== null;
}

export function searchResultAction(user: ClickSubject, d: ClickedDictation): SearchResultAction {
  const status = normalise(d.status);
  if (user.outsourcingPoolId !== null && user.outsourcingPoolId !== undefined)
    return status === 'OUTSOURCED' && (d.assignedTo === null || d.assignedTo === user.userId)
      ? { kind: 'confirm_open' }
      : { kind: 'details' };
  // A letter in QA review opens for whoever may pass or return it (issue 23): the transition table decides.
  if (status === 'QA_REVIEW' && mayReviewQa(user, d)) return { kind: 'confirm_open' };
  if (user.roles.includes('Author')) {
    if (status === 'AUTHOR_APPROVAL') return { kind: 'confirm_open' };
    if (status === 'DRAFT') return { kind: 'confirm_open_draft' };
    if (status === 'READY_FOR_TYPING' || status === 'BEING_TYPED' || status === 'OUTSOURCED_REVIEW')
      return { kind: 'confirm_allocate_back_then_open' };
  }
  if (user.roles.includes('Secretary') || user.roles.includes('Manager')) {
    if (status === 'READY_FOR_TYPING') return { kind: 'confirm_open' };
    if ((status === 'BEING_TYPED' || status === 'OUTSOURCED_REVIEW') && (d.assignedTo === null || d.assignedTo === user.userId))
      return { kind: 'confirm_open' };
  }
  return { kind: 'details' };
}

/** The kind of event a notification tells of (its `dictation_status_identifier`). */
export type NotificationKind =
  'author_approval' | 'new_task' | 'returned' | 'refresh_request' | 'sent' | 'delivery_failed' | 'stuck' | 'taken_over';

export type NotificationAction = { kind: 'open_dictation' } | { kind: 'home'; tab: HomeTab };

const AUTHOR_TO_SENT: readonly DictationStatus[] = [
  'AUTHOR_APPROVAL',
  'READY_FOR_TYPING',
  'BEING_TYPED',
  'MANUAL_DISTRIBUTION',
  'OUTSOURCED',
  'OUTSOURCED_REVIEW',
  'QA_REVIEW',
];

/** Decided on the dictation's current status and assignment, fetched from the server first. */
export function notificationAction(user: ClickSubject, kind: NotificationKind, d: ClickedDictation): NotificationAction {
  const status = normalise(d.status);
  if (status === 'AUTHOR_APPROVAL' && kind === 'author_approval') return { kind: 'open_dictation' };
  if (status === 'BEING_TYPED' && kind === 'new_task' && d.assignedTo === user.userId) return { kind: 'open_dictation' };
  if (user.roles.includes('Author') && AUTHOR_TO_SENT.includes(status)) return { kind: 'home', tab: 'SENT' };
  return { kind: 'home', tab: status as HomeTab };
}
