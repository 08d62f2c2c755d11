/**
 * The one transition table of the dictation workflow (spec §4, DESIGN §5): which role may move a
 * dictation from which status to which, by which action. Pure; used by the work-queue actions, the
 * dictation page's buttons and every server endpoint that changes a status.
 */
import type { Role } from './roles';
import { DICTATION_STATUSES, statusLabel, type DictationStatus, type HomeTab } from './statuses';
import { MESSAGES } from './messages';

export const WORKFLOW_ACTIONS = [
  'submit',
  'claim',
  'release',
  'outsource',
  'recall_outsourced',
  'outsourced_done',
  'send_for_approval',
  'send_to_qa',
  'qa_pass',
  'qa_return',
  'hand_back',
  'return_for_typing',
  'approve',
  'mark_sent',
  'distributed',
] as const;
export type WorkflowAction = (typeof WORKFLOW_ACTIONS)[number];

/**
 * `OwnAuthor` is an Author acting on a dictation they dictated; a plain Author may not act on others'.
 * `Cover` is a Secretary or Manager who may approve on the author's behalf (spec §4, issue 22): the
 * author handed this letter back with secretarial cover, or an administrator recorded a standing
 * delegation from its author to them (`approvesFor`). `QaReviewer` holds the `qa` permission. `Outsourced` is an external typist of
 * the outsourcing pool the dictation is allocated to: that is all they are (their Secretary role gives
 * them nothing of the trust's in-house typing).
 */
export type Actor = Exclude<Role, 'Author' | 'TrustAdmin' | 'SiteAdmin'> | 'OwnAuthor' | 'Cover' | 'QaReviewer' | 'Outsourced' | 'System';

export interface Transition {
  action: WorkflowAction;
  from: readonly DictationStatus[];
  to: DictationStatus;
  actors: readonly Actor[];
  /** Offered in the work queue's "Move to" allocation (type=status). */
  allocatable: boolean;
  /** What the action means, for the audit log and the move menu. */
  label: string;
}

const TYPISTS = ['Secretary', 'Manager', 'SuperAdmin'] as const;
const WAITING_FOR_TYPING = ['READY_FOR_TYPING', 'RECEIVED'] as const;

export const TRANSITIONS: readonly Transition[] = [
  { action: 'submit', from: ['DRAFT'], to: 'READY_FOR_TYPING', actors: ['OwnAuthor'], allocatable: false, label: 'Submitted for typing' },
  {
    action: 'claim',
    from: WAITING_FOR_TYPING,
    to: 'BEING_TYPED',
    actors: TYPISTS,
    allocatable: true,
    label: 'Taken for typing',
  },
  {
    action: 'release',
    from: ['BEING_TYPED'],
    to: 'READY_FOR_TYPING',
    actors: TYPISTS,
    allocatable: true,
    label: 'Put back in the typing queue',
  },
  {
    action: 'outsource',
    from: [...WAITING_FOR_TYPING, 'BEING_TYPED'],
    to: 'OUTSOURCED',
    actors: ['Manager', 'SuperAdmin'],
    allocatable: true,
    label: 'Sent to outsourced typing',
  },
  {
    action: 'recall_outsourced',
    from: ['OUTSOURCED'],
    to: 'READY_FOR_TYPING',
    actors: ['Manager', 'SuperAdmin'],
    allocatable: true,
    label: 'Recalled from outsourced typing',
  },
  {
    // The external typist returns the typed letter for an in-house check (a Manager recalls it instead).
    action: 'outsourced_done',
    from: ['OUTSOURCED'],
    to: 'OUTSOURCED_REVIEW',
    actors: ['Outsourced'],
    allocatable: false,
    label: 'Outsourced typing returned for review',
  },
  {
    action: 'send_for_approval',
    from: ['BEING_TYPED', 'OUTSOURCED_REVIEW'],
    to: 'AUTHOR_APPROVAL',
    actors: TYPISTS,
    allocatable: false,
    label: 'Sent to the author for approval',
  },
  { action: 'send_to_qa', from: ['BEING_TYPED'], to: 'QA_REVIEW', actors: TYPISTS, allocatable: false, label: 'Sent for QA review' },
  {
    action: 'qa_pass',
    from: ['QA_REVIEW'],
    to: 'AUTHOR_APPROVAL',
    actors: ['Manager', 'SuperAdmin', 'QaReviewer'],
    allocatable: false,
    label: 'Passed QA review',
  },
  {
    action: 'qa_return',
    from: ['QA_REVIEW'],
    to: 'BEING_TYPED',
    actors: ['Manager', 'SuperAdmin', 'QaReviewer'],
    allocatable: false,
    label: 'Returned by QA review',
  },
  {
    // Spec §4: the author pulls the dictation back (granting secretarial cover: coverOnHandBack); the
    // typist may hand it back too, with a reason, but never with cover.
    action: 'hand_back',
    from: [...WAITING_FOR_TYPING, 'BEING_TYPED', 'OUTSOURCED_REVIEW'],
    to: 'AUTHOR_APPROVAL',
    actors: [...TYPISTS, 'OwnAuthor'],
    allocatable: true,
    label: 'Handed back to the author',
  },
  {
    action: 'return_for_typing',
    from: ['AUTHOR_APPROVAL'],
    to: 'BEING_TYPED',
    actors: ['OwnAuthor', 'SuperAdmin'],
    allocatable: false,
    label: 'Returned to the typist',
  },
  {
    action: 'approve',
    from: ['AUTHOR_APPROVAL'],
    to: 'MANUAL_DISTRIBUTION',
    actors: ['OwnAuthor', 'Cover'],
    allocatable: false,
    label: 'Approved',
  },
  {
    // A letter the server has no delivery for (no recipient it knows of) is handed out by hand.
    action: 'mark_sent',
    from: ['MANUAL_DISTRIBUTION'],
    to: 'SENT',
    actors: TYPISTS,
    allocatable: false,
    label: 'Marked as sent',
  },
  {
    // Issue 13: the server, once every recipient's copy is delivered or posted. No person has this actor.
    action: 'distributed',
    from: ['MANUAL_DISTRIBUTION'],
    to: 'SENT',
    actors: ['System'],
    allocatable: false,
    label: 'Sent to every recipient',
  },
];

/** The transition the server itself makes (`System` actor) from this status, if any. */
export function findSystemTransition(action: WorkflowAction, status: DictationStatus): Transition | null {
  return TRANSITIONS.find((t) => t.action === action && t.from.includes(status) && t.actors.includes('System')) ?? null;
}

export interface WorkflowSubject {
  roles: readonly Role[];
  userId: number;
  permissions?: readonly string[];
  /** An external typist's outsourcing pool (users.outsourcing_pool_id); null or absent for the trust's own staff. */
  outsourcingPoolId?: number | null;
  /** Authors whose letters this user may approve by a standing delegation an administrator recorded. */
  approvesFor?: readonly number[];
}

/** What the table needs to know of a dictation. */
export interface WorkflowDictation {
  status: DictationStatus;
  authorId: number;
  /** The author handed it back with secretarial cover, and the grant is recorded (who, when). */
  secretarialCover?: boolean;
  /** The pool an OUTSOURCED dictation is allocated to. */
  outsourcingPoolId?: number | null;
}

type ActorDictation = { authorId: number; secretarialCover?: boolean; outsourcingPoolId?: number | null };

/** An external typist of an outsourcing pool (not the trust's own staff). */
export const isOutsourcedTypist = (subject: { outsourcingPoolId?: number | null }): boolean =>
  subject.outsourcingPoolId !== null && subject.outsourcingPoolId !== undefined;

function actorsOf(subject: WorkflowSubject, d: ActorDictation): Actor[] {
  // An external typist acts only on their own pool's dictations, and only as one.
  if (isOutsourcedTypist(subject)) return d.outsourcingPoolId === subject.outsourcingPoolId ? ['Outsourced'] : [];
  const actors: Actor[] = subject.roles.filter(
    (r): r is Exclude<Role, 'Author' | 'TrustAdmin' | 'SiteAdmin'> => r !== 'Author' && r !== 'TrustAdmin' && r !== 'SiteAdmin',
  );
  if (subject.roles.includes('Author') && d.authorId === subject.userId) actors.push('OwnAuthor');
  const typist = subject.roles.includes('Secretary') || subject.roles.includes('Manager');
  if (typist && (d.secretarialCover || subject.approvesFor?.includes(d.authorId))) actors.push('Cover');
  if (subject.permissions?.includes('qa')) actors.push('QaReviewer');
  return actors;
}

/** The transition `action` would make from `from`, if the subject may make it on this dictation. */
export function findTransition(subject: WorkflowSubject, action: WorkflowAction, d: WorkflowDictation): Transition | null {
  const actors = actorsOf(subject, d);
  return TRANSITIONS.find((t) => t.action === action && t.from.includes(d.status) && t.actors.some((a) => actors.includes(a))) ?? null;
}

/** The allocation move from the dictation's status to `to` (POST /api/dictation/allocate, type=status). */
export function findStatusMove(subject: WorkflowSubject, d: WorkflowDictation, to: DictationStatus): Transition | null {
  const actors = actorsOf(subject, d);
  return (
    TRANSITIONS.find((t) => t.allocatable && t.to === to && t.from.includes(d.status) && t.actors.some((a) => actors.includes(a))) ?? null
  );
}

export type CoverDecision = { ok: true; cover: boolean } | { ok: false };

/**
 * Secretarial cover (spec §4) is the author's alone to give: the author handing their own dictation
 * back grants it unless they say not to; anyone else hands it back without cover, and asking for it is
 * refused — a typist can never grant it to herself (issue 22).
 */
export function coverOnHandBack(subject: WorkflowSubject, d: { authorId: number }, requested: boolean | undefined): CoverDecision {
  const isAuthor = subject.roles.includes('Author') && d.authorId === subject.userId && !isOutsourcedTypist(subject);
  if (isAuthor) return { ok: true, cover: requested ?? true };
  return requested ? { ok: false } : { ok: true, cover: false };
}

/** Targets the "Move to" menu offers for a selection in one status. */
export function statusMoveTargets(subject: WorkflowSubject, status: DictationStatus, authorId: number): DictationStatus[] {
  const actors = actorsOf(subject, { authorId });
  // Outsourcing needs a pool: the queue offers it as its own "Outsource to…" (pool_id), not as a plain move.
  const targets = TRANSITIONS.filter(
    (t) => t.allocatable && t.action !== 'outsource' && t.from.includes(status) && t.actors.some((a) => actors.includes(a)),
  ).map((t) => t.to);
  return DICTATION_STATUSES.filter((s) => targets.includes(s));
}

/** Spec §4: deletion only in these statuses; by the author of the dictation, a Manager or SuperAdmin. */
export const DELETABLE_STATUSES: readonly DictationStatus[] = ['AUTHOR_APPROVAL', 'READY_FOR_TYPING', 'RECEIVED', 'BEING_TYPED'];
export function canDeleteDictation(subject: WorkflowSubject, d: { status: DictationStatus; authorId: number }): boolean {
  if (!DELETABLE_STATUSES.includes(d.status)) return false;
  return actorsOf(subject, d).some((a) => a === 'OwnAuthor' || a === 'Manager' || a === 'SuperAdmin');
}

/** Spec §4 and §6: confidential marking by Manager and Author (their own), in these statuses only. */
export const CONFIDENTIAL_STATUSES: readonly DictationStatus[] = ['READY_FOR_TYPING', 'RECEIVED', 'AUTHOR_APPROVAL'];
export function canMarkConfidential(subject: WorkflowSubject, d: { status: DictationStatus; authorId: number }): boolean {
  if (!CONFIDENTIAL_STATUSES.includes(d.status)) return false;
  return actorsOf(subject, d).some((a) => a === 'OwnAuthor' || a === 'Manager');
}

/** An author follows their letters until they are sent: approved ones wait in MANUAL_DISTRIBUTION (issue 23). */
const AUTHOR_TABS: readonly HomeTab[] = ['AUTHOR_APPROVAL', 'DRAFT', 'READY_FOR_TYPING', 'BEING_TYPED', 'MANUAL_DISTRIBUTION', 'SENT'];
const TYPIST_TABS: readonly HomeTab[] = [
  'READY_FOR_TYPING',
  'BEING_TYPED',
  'OUTSOURCED',
  'OUTSOURCED_REVIEW',
  'QA_REVIEW',
  'AUTHOR_APPROVAL',
  'MANUAL_DISTRIBUTION',
  'SENT',
];
/** Every status tab: the typing pool's, with drafts first. */
const ALL_TABS: readonly HomeTab[] = ['DRAFT', ...TYPIST_TABS];

/**
 * The Home tabs a user sees. An external typist of an outsourcing pool sees OUTSOURCED only (their
 * pool's work to type). SuperAdmin and dictation.view holders see every status; Secretary and
 * Manager the typing pool's; an Author their own dictations' (an Author who is also a typist gets both).
 */
export function homeTabsFor(subject: {
  roles: readonly Role[];
  permissions: readonly string[];
  outsourcingPoolId?: number | null;
}): HomeTab[] {
  if (isOutsourcedTypist(subject)) return ['OUTSOURCED'];
  if (subject.roles.includes('SuperAdmin') || subject.permissions.includes('dictation.view')) return [...ALL_TABS];
  const tabs = new Set<HomeTab>();
  if (subject.roles.includes('Secretary') || subject.roles.includes('Manager')) TYPIST_TABS.forEach((t) => tabs.add(t));
  if (subject.roles.includes('Author')) AUTHOR_TABS.forEach((t) => tabs.add(t));
  return [...tabs];
}

/**
 * A Home tab's name. The status names of spec §4, except MANUAL_DISTRIBUTION for an author who does not
 * distribute letters: to them it holds their approved letters on the way out, "Approved — being sent".
 */
export function homeTabLabel(tab: HomeTab, subject: { roles: readonly Role[]; permissions: readonly string[] }): string {
  const distributes =
    subject.roles.some((r) => r === 'Secretary' || r === 'Manager' || r === 'SuperAdmin') || subject.permissions.includes('dictation.view');
  if (tab === 'MANUAL_DISTRIBUTION' && subject.roles.includes('Author') && !distributes) return MESSAGES.authorSendingTab;
  return statusLabel(tab);
}

/** The statuses a Home tab lists: READY_FOR_TYPING also lists RECEIVED (spec §4). */
export function statusesOfTab(tab: HomeTab): DictationStatus[] {
  return tab === 'READY_FOR_TYPING' ? ['READY_FOR_TYPING', 'RECEIVED'] : [tab];
}
