/**
 * Who hears of a dictation's change (issue 14): decided from the change alone, so the one place every
 * change goes through (applyDictationChange) can ask it. The person who made the change is never told.
 * Titles and bodies carry no patient data: they travel in pushes and e-mails. They name the letter by
 * its reference (issue 23), which is the trust's number for the dictation, not the patient's; the bell
 * list, behind sign-in, adds the patient's initials (patientInitials).
 */
import type { NotificationKind } from './click-rules';
import type { DictationStatus } from './statuses';

export interface DictationChangeFacts {
  from: DictationStatus;
  to: DictationStatus;
  assignedBefore: number | null;
  assignedAfter: number | null;
  authorId: number;
  /** Who made the change; null when the server did (a letter delivered to every recipient). */
  actorId: number | null;
  /** A return reason set by this change (a letter returned for typing), if any. */
  returnReason?: string | null;
}

export interface NotificationEvent {
  userId: number;
  kind: NotificationKind;
}

/** Statuses in which a dictation is in a typist's hands. */
const TYPING: readonly DictationStatus[] = ['BEING_TYPED', 'OUTSOURCED_REVIEW', 'QA_REVIEW'];
/** Statuses in which the assigned typist is typing the letter. */
const TYPED: readonly DictationStatus[] = ['BEING_TYPED', 'OUTSOURCED_REVIEW'];
/** Statuses in which the assigned typist holds the letter: typing in-house, or an external typist's OUTSOURCED one. */
const HELD: readonly DictationStatus[] = [...TYPED, 'OUTSOURCED'];
/** Statuses a letter comes back to its typist from. */
const RETURNING: readonly DictationStatus[] = ['AUTHOR_APPROVAL', 'QA_REVIEW', 'MANUAL_DISTRIBUTION'];

export function notificationsForChange(f: DictationChangeFacts): NotificationEvent[] {
  const out: NotificationEvent[] = [];
  const entered = (s: DictationStatus) => f.to === s && f.from !== s;
  if (entered('AUTHOR_APPROVAL')) out.push({ userId: f.authorId, kind: 'author_approval' });
  if (entered('SENT')) out.push({ userId: f.authorId, kind: 'sent' });
  // A letter left the author's approval list by someone else's hand (approved on their behalf under
  // secretarial cover, returned for typing by a SuperAdmin): the approval they were asked for is no
  // longer needed and their lists change. The author's own moves are filtered out below.
  if (f.from === 'AUTHOR_APPROVAL' && f.to !== 'AUTHOR_APPROVAL') out.push({ userId: f.authorId, kind: 'refresh_request' });
  const typist = f.assignedAfter;
  if (typist !== null && TYPING.includes(f.to)) {
    const returned = f.to === 'BEING_TYPED' && (Boolean(f.returnReason) || RETURNING.includes(f.from));
    const newlyAssigned = typist !== f.assignedBefore || !TYPING.includes(f.from);
    if (returned) out.push({ userId: typist, kind: 'returned' });
    else if (newlyAssigned) out.push({ userId: typist, kind: 'new_task' });
  }
  // A letter taken from the typist typing it (a Manager's take-over, or put back or outsourced by someone
  // else, an outsourced letter recalled from the external typist who opened it): they are told, so nobody
  // types on into a letter that is no longer theirs (issue 22, issue 23).
  const lost = f.assignedBefore;
  if (lost !== null && HELD.includes(f.from) && f.assignedAfter !== lost && f.to !== 'AUTHOR_APPROVAL' && f.to !== 'QA_REVIEW')
    out.push({ userId: lost, kind: 'taken_over' });
  const seen = new Set<number>();
  return out.filter((e) => {
    if (e.userId === f.actorId || seen.has(e.userId)) return false;
    seen.add(e.userId);
    return true;
  });
}

const TEXTS: Record<NotificationKind, { title: string; body: string }> = {
  author_approval: { title: 'Letter waiting for approval', body: 'A letter is waiting for your approval' },
  new_task: { title: 'New dictation to type', body: 'A dictation was assigned to you for typing' },
  returned: { title: 'Letter returned to you', body: 'A letter was returned to you: see the reason on the letter' },
  refresh_request: {
    title: 'Approval no longer needed',
    body: 'A letter waiting for your approval was approved or returned by someone else',
  },
  sent: { title: 'Letter sent', body: 'A letter you approved was sent' },
  taken_over: { title: 'Dictation taken over', body: 'A dictation you were typing is no longer assigned to you' },
  delivery_failed: { title: 'Letter not delivered', body: 'A letter could not be delivered: see the letter for what to do' },
  stuck: { title: 'Letter waiting too long', body: 'A letter has been waiting longer than expected' },
};

/**
 * A notification's title and body, naming the letter by its reference ("… (ref 261128093012, urgent)"):
 * never a patient's name, initials, number or the letter's words.
 */
export function notificationText(kind: NotificationKind, urgent: boolean, reference: string | null): { title: string; body: string } {
  const t = TEXTS[kind];
  const tags = [...(reference ? [`ref ${reference}`] : []), ...(urgent ? ['urgent'] : [])];
  return { title: t.title, body: tags.length ? `${t.body} (${tags.join(', ')})` : t.body };
}

/**
 * The patient's initials for the bell list ("MT" for Margaret Thompson): enough to tell two letters apart
 * at a glance, never the name. Null when no name is recorded.
 */
export function patientInitials(
  p: { patient_first_name?: string | null; patient_last_name?: string | null } | null | undefined,
): string | null {
  const initial = (s: string | null | undefined) => (s ?? '').trim().charAt(0).toLocaleUpperCase('en-GB');
  const out = initial(p?.patient_first_name) + initial(p?.patient_last_name);
  return out || null;
}
