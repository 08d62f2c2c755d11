/**
 * Who may type a dictation's letter, and the words shown when the editor opens read-only. Pure; the
 * dictation page decides with it whether the editor is editable, and the server refuses a save with it.
 *
 * Decided (docs/decisions.md): a Secretary or Manager types only the dictation assigned to them, while it
 * is BEING_TYPED or OUTSOURCED_REVIEW; a Manager who wants someone else's must Take over first, so two
 * people never type into one letter. The author edits their own letter while it waits in AUTHOR_APPROVAL.
 * Nobody edits in QA_REVIEW (the reviewer returns it with a reason) or after approval. A SuperAdmin reads
 * every letter of the trust but never types. An external typist of an outsourcing pool types only an
 * OUTSOURCED dictation of their pool that they opened (opening claims it: assigned to them, so two
 * external typists never type into one letter); the trust's own staff never type in OUTSOURCED.
 */
import { MESSAGES } from './messages';
import type { Role } from './roles';
import { statusLabel, type DictationStatus } from './statuses';
import { findStatusMove, findTransition, statusMoveTargets, type WorkflowAction } from './workflow';
import { routeTypedLetter } from './qa-routing';

export interface LetterUser {
  userId: number;
  roles: readonly Role[];
  permissions?: readonly string[];
  /** An external typist's outsourcing pool; null or absent for the trust's own staff. */
  outsourcingPoolId?: number | null;
  /** A trainee: their typed letters go to QA review first (src/domain/qa-routing.ts). */
  qaRequired?: boolean;
  /** Authors whose letters this user may approve by a standing delegation (src/domain/workflow.ts `Cover`). */
  approvesFor?: readonly number[];
}

export interface LetterDictation {
  status: DictationStatus;
  authorId: number;
  assignedTo: number | null;
  /** Handed back by its author with secretarial cover: a Secretary or Manager may approve for the author (spec §4). */
  secretarialCover?: boolean;
  /** The pool an OUTSOURCED dictation is allocated to. */
  outsourcingPoolId?: number | null;
  /** Its job type asks for QA review before the author (src/domain/qa-routing.ts). */
  jobTypeQaRequired?: boolean;
}

/** Names for the words shown: the author's and the assigned typist's. */
export interface LetterPeople {
  author: string;
  assignee: string | null;
}

/** Statuses in which the assigned typist types. */
export const TYPING_STATUSES: readonly DictationStatus[] = ['BEING_TYPED', 'OUTSOURCED_REVIEW'];

export const isTypist = (user: LetterUser) => user.roles.includes('Secretary') || user.roles.includes('Manager');

const isOutsourced = (user: LetterUser) => user.outsourcingPoolId !== null && user.outsourcingPoolId !== undefined;

export function canEditLetter(user: LetterUser, d: LetterDictation): boolean {
  if (isOutsourced(user))
    return d.status === 'OUTSOURCED' && d.outsourcingPoolId === user.outsourcingPoolId && d.assignedTo === user.userId;
  if (TYPING_STATUSES.includes(d.status)) return isTypist(user) && d.assignedTo === user.userId;
  if (d.status === 'AUTHOR_APPROVAL') return user.roles.includes('Author') && d.authorId === user.userId;
  return false;
}

/** What the read-only editor says, or null when the user may edit. */
export function letterReadOnlyReason(user: LetterUser, d: LetterDictation, people: LetterPeople): string | null {
  if (canEditLetter(user, d)) return null;
  switch (d.status) {
    case 'DRAFT':
      return MESSAGES.letterDraft;
    case 'READY_FOR_TYPING':
    case 'RECEIVED':
      return MESSAGES.letterWaitingForTyping;
    case 'BEING_TYPED':
    case 'OUTSOURCED_REVIEW':
      if (people.assignee && d.assignedTo !== user.userId) return MESSAGES.letterBeingTypedBy(people.assignee);
      if (!d.assignedTo) return MESSAGES.letterNotTakenYet;
      return MESSAGES.letterAdminReadOnly;
    case 'OUTSOURCED':
      if (!isOutsourced(user)) return MESSAGES.letterOutsourced;
      if (people.assignee && d.assignedTo !== user.userId) return MESSAGES.letterBeingTypedBy(people.assignee);
      return MESSAGES.letterNotTakenYet;
    case 'QA_REVIEW':
      return MESSAGES.letterInQa;
    case 'AUTHOR_APPROVAL':
      return MESSAGES.letterWithAuthor(people.author);
    case 'MANUAL_DISTRIBUTION':
      return MESSAGES.letterApproved;
    case 'SENT':
      return MESSAGES.letterSent;
  }
}

/**
 * Why a save was refused, as the end of MESSAGES.letterNotEditable: someone else is typing it now, or
 * the letter moved on to another status.
 */
export function letterRefusalReason(user: LetterUser, d: LetterDictation, people: LetterPeople): string {
  if ((TYPING_STATUSES.includes(d.status) || d.status === 'OUTSOURCED') && people.assignee && d.assignedTo !== user.userId)
    return `it is now being typed by ${people.assignee}`;
  if (!isTypist(user) && !user.roles.includes('Author')) return MESSAGES.letterAdminReadOnly.toLowerCase();
  if (d.status === 'AUTHOR_APPROVAL' && d.authorId !== user.userId) return `it is with ${people.author} for approval`;
  return `it has moved on to ${statusLabel(d.status)}`;
}

/** Hand-offs from the dictation page (POST /api/dictation/{id}/transition). */
export const PAGE_ACTIONS = [
  'send_for_approval',
  'send_to_qa',
  'release',
  'hand_back',
  'return_for_typing',
  'qa_pass',
  'qa_return',
  'approve',
  'outsourced_done',
] as const satisfies readonly WorkflowAction[];
export type PageAction = (typeof PAGE_ACTIONS)[number];

/** Hand-offs that send a letter back, whose reason is kept as a comment for whoever picks it up. */
export const ACTIONS_NEEDING_REASON: readonly PageAction[] = ['hand_back', 'return_for_typing', 'qa_return'];

/** Hand-offs that pass the typed letter on: only the person typing it, and only with a letter to pass. */
export const ACTIONS_PASSING_LETTER: readonly PageAction[] = ['send_for_approval', 'send_to_qa', 'outsourced_done'];

export type HandOffCheck = { ok: true } | { ok: false; why: 'not_allowed' | 'not_typist' };

/**
 * Whether the user may make this move now — the one check every path that changes a dictation's status
 * goes through (the page's hand-offs, the queue's allocation, approval one by one or in a batch; issue
 * 22): the workflow table (role × status × action), and for the typist's own moves, that they are the
 * one typing it (a Manager takes over first; a Manager or SuperAdmin may still put it back or pull it
 * out of typing).
 */
export function checkMove(user: LetterUser, d: LetterDictation, action: WorkflowAction): HandOffCheck {
  if (!findTransition(user, action, d)) return { ok: false, why: 'not_allowed' };
  if ((ACTIONS_PASSING_LETTER as readonly WorkflowAction[]).includes(action) && !canEditLetter(user, d))
    return { ok: false, why: 'not_typist' };
  const fromTyping = TYPING_STATUSES.includes(d.status);
  const asAuthor = action === 'hand_back' && d.authorId === user.userId && user.roles.includes('Author');
  const overseer = user.roles.includes('Manager') || user.roles.includes('SuperAdmin');
  if ((action === 'release' || action === 'hand_back') && fromTyping && !asAuthor && !overseer && d.assignedTo !== user.userId)
    return { ok: false, why: 'not_typist' };
  return { ok: true };
}

/** The queue's "Move to" targets for one dictation: the allocatable moves this user may make on it now. */
export function moveTargets(user: LetterUser, d: LetterDictation): DictationStatus[] {
  return statusMoveTargets(user, d.status, d.authorId).filter((to) => {
    const t = findStatusMove(user, d, to);
    return t !== null && checkMove(user, d, t.action).ok;
  });
}

/** A hand-off from the dictation page: the same check as every other move. */
export const checkHandOff = (user: LetterUser, d: LetterDictation, action: PageAction): HandOffCheck => checkMove(user, d, action);

/** Where "Send for approval" takes this letter when this user sends it: QA review or the author. */
export function sendsToQa(user: LetterUser, d: LetterDictation): boolean {
  return (
    routeTypedLetter({ from: d.status, jobTypeQaRequired: d.jobTypeQaRequired ?? false, typistQaRequired: user.qaRequired ?? false }).to ===
    'QA_REVIEW'
  );
}
