import { describe, expect, it } from 'vitest';
import { notificationText, notificationsForChange, patientInitials, type DictationChangeFacts } from '../../src/domain/notification-events';

const AUTHOR = 1;
const TYPIST = 2;
const MANAGER = 3;
const base = (f: Partial<DictationChangeFacts>): DictationChangeFacts => ({
  from: 'BEING_TYPED',
  to: 'BEING_TYPED',
  assignedBefore: TYPIST,
  assignedAfter: TYPIST,
  authorId: AUTHOR,
  actorId: TYPIST,
  ...f,
});

describe('notificationsForChange', () => {
  it('sending for approval tells the author', () => {
    expect(notificationsForChange(base({ to: 'AUTHOR_APPROVAL' }))).toEqual([{ userId: AUTHOR, kind: 'author_approval' }]);
  });
  it('passing QA tells the author', () => {
    expect(notificationsForChange(base({ from: 'QA_REVIEW', to: 'AUTHOR_APPROVAL', actorId: MANAGER }))).toEqual([
      { userId: AUTHOR, kind: 'author_approval' },
    ]);
  });
  it('an author handing a dictation back to themselves tells nobody', () => {
    expect(
      notificationsForChange(
        base({ from: 'READY_FOR_TYPING', to: 'AUTHOR_APPROVAL', actorId: AUTHOR, assignedBefore: null, assignedAfter: null }),
      ),
    ).toEqual([]);
  });
  it('a manager allocating to a typist tells the typist of a new task', () => {
    expect(notificationsForChange(base({ from: 'READY_FOR_TYPING', assignedBefore: null, actorId: MANAGER }))).toEqual([
      { userId: TYPIST, kind: 'new_task' },
    ]);
  });
  it('reassigning a dictation being typed tells the new typist, and the one who was typing it (issue 22)', () => {
    expect(notificationsForChange(base({ assignedBefore: 9, actorId: MANAGER }))).toEqual([
      { userId: TYPIST, kind: 'new_task' },
      { userId: 9, kind: 'taken_over' },
    ]);
  });
  it('a typist claiming work tells nobody', () => {
    expect(notificationsForChange(base({ from: 'READY_FOR_TYPING', assignedBefore: null }))).toEqual([]);
  });
  it('a manager taking over from a typist tells that typist (issue 22), not the manager', () => {
    expect(notificationsForChange(base({ assignedBefore: 9, assignedAfter: MANAGER, actorId: MANAGER }))).toEqual([
      { userId: 9, kind: 'taken_over' },
    ]);
  });
  it('a letter put back in the queue by someone else tells its typist; their own release tells nobody', () => {
    expect(notificationsForChange(base({ to: 'READY_FOR_TYPING', assignedAfter: null, actorId: MANAGER }))).toEqual([
      { userId: TYPIST, kind: 'taken_over' },
    ]);
    expect(notificationsForChange(base({ to: 'READY_FOR_TYPING', assignedAfter: null, actorId: TYPIST }))).toEqual([]);
  });
  it('an outsourced letter recalled from the external typist who opened it tells them (issue 23); their own return tells nobody', () => {
    expect(notificationsForChange(base({ from: 'OUTSOURCED', to: 'READY_FOR_TYPING', assignedAfter: null, actorId: MANAGER }))).toEqual([
      { userId: TYPIST, kind: 'taken_over' },
    ]);
    expect(notificationsForChange(base({ from: 'OUTSOURCED', to: 'OUTSOURCED_REVIEW', assignedAfter: null, actorId: TYPIST }))).toEqual([]);
  });
  it('the author returning a letter for typing tells its typist it was returned', () => {
    expect(notificationsForChange(base({ from: 'AUTHOR_APPROVAL', actorId: AUTHOR, returnReason: 'Wrong drug' }))).toEqual([
      { userId: TYPIST, kind: 'returned' },
    ]);
  });
  it('a QA return tells the typist it was returned', () => {
    expect(notificationsForChange(base({ from: 'QA_REVIEW', actorId: MANAGER }))).toEqual([{ userId: TYPIST, kind: 'returned' }]);
  });
  it('a return with nobody assigned tells no typist', () => {
    expect(notificationsForChange(base({ from: 'AUTHOR_APPROVAL', actorId: AUTHOR, assignedBefore: null, assignedAfter: null }))).toEqual(
      [],
    );
  });
  it('approval tells nobody', () => {
    expect(notificationsForChange(base({ from: 'AUTHOR_APPROVAL', to: 'MANUAL_DISTRIBUTION', actorId: AUTHOR }))).toEqual([]);
  });
  it('a letter leaving the approval list by someone else’s hand tells its author to refresh, and only its author', () => {
    const COVER = TYPIST;
    expect(notificationsForChange(base({ from: 'AUTHOR_APPROVAL', to: 'MANUAL_DISTRIBUTION', actorId: COVER }))).toEqual([
      { userId: AUTHOR, kind: 'refresh_request' },
    ]);
    expect(
      notificationsForChange(base({ from: 'AUTHOR_APPROVAL', to: 'BEING_TYPED', actorId: MANAGER, returnReason: 'Wrong drug' })),
    ).toEqual([
      { userId: AUTHOR, kind: 'refresh_request' },
      { userId: TYPIST, kind: 'returned' },
    ]);
    // The author's own return or approval, and a change that keeps it waiting, ask no refresh.
    expect(notificationsForChange(base({ from: 'AUTHOR_APPROVAL', actorId: AUTHOR, returnReason: 'Wrong drug' }))).toEqual([
      { userId: TYPIST, kind: 'returned' },
    ]);
    expect(notificationsForChange(base({ from: 'AUTHOR_APPROVAL', to: 'AUTHOR_APPROVAL', actorId: MANAGER }))).toEqual([]);
  });
  it('marking sent tells the author', () => {
    expect(notificationsForChange(base({ from: 'MANUAL_DISTRIBUTION', to: 'SENT' }))).toEqual([{ userId: AUTHOR, kind: 'sent' }]);
  });
  it('a change without a status move or new typist tells nobody', () => {
    expect(notificationsForChange(base({ actorId: MANAGER }))).toEqual([]);
    expect(
      notificationsForChange(base({ from: 'READY_FOR_TYPING', to: 'READY_FOR_TYPING', assignedBefore: null, assignedAfter: null })),
    ).toEqual([]);
  });
  it('releasing work tells nobody', () => {
    expect(notificationsForChange(base({ to: 'READY_FOR_TYPING', assignedAfter: null }))).toEqual([]);
  });
});

describe('notificationText', () => {
  it('names the letter by its reference, says urgent, and carries no patient data', () => {
    expect(notificationText('author_approval', true, '261128093012').body).toBe(
      'A letter is waiting for your approval (ref 261128093012, urgent)',
    );
    expect(notificationText('returned', false, '261128093012').body).toBe(
      'A letter was returned to you: see the reason on the letter (ref 261128093012)',
    );
    expect(notificationText('refresh_request', false, null)).toEqual({
      title: 'Approval no longer needed',
      body: 'A letter waiting for your approval was approved or returned by someone else',
    });
  });
});

describe('patientInitials (the bell list only: issue 23)', () => {
  it('gives the initials of the first and last names, never more', () => {
    expect(patientInitials({ patient_first_name: 'margaret', patient_last_name: 'THOMPSON' })).toBe('MT');
    expect(patientInitials({ patient_last_name: 'Ó Briain' })).toBe('Ó');
    expect(patientInitials({ patient_first_name: ' ', patient_last_name: '' })).toBeNull();
    expect(patientInitials(null)).toBeNull();
  });
});
