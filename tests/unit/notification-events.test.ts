import { describe, expect, it } from 'vitest';
import { notificationText, notificationsForChange, type DictationChangeFacts } from '../../src/domain/notification-events';

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
  it('reassigning a dictation being typed tells the new typist', () => {
    expect(notificationsForChange(base({ assignedBefore: 9, actorId: MANAGER }))).toEqual([{ userId: TYPIST, kind: 'new_task' }]);
  });
  it('a typist claiming work tells nobody', () => {
    expect(notificationsForChange(base({ from: 'READY_FOR_TYPING', assignedBefore: null }))).toEqual([]);
  });
  it('a typist taking over from another tells nobody', () => {
    expect(notificationsForChange(base({ assignedBefore: 9 }))).toEqual([]);
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
  it('says urgent and carries no patient data', () => {
    expect(notificationText('author_approval', true).body).toBe('A letter is waiting for your approval (urgent)');
    expect(notificationText('returned', false).body).toBe('A letter was returned to you: see the reason on the letter');
    expect(notificationText('refresh_request', false)).toEqual({
      title: 'Approval no longer needed',
      body: 'A letter waiting for your approval was approved or returned by someone else',
    });
  });
});
