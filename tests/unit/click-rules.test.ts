import { describe, expect, it } from 'vitest';
import { notificationAction, searchResultAction, type NotificationKind } from '../../src/domain/click-rules';
import type { DictationStatus } from '../../src/domain/statuses';
import type { Role } from '../../src/domain/roles';

const ME = 3;
const as = (...roles: Role[]) => ({ roles, userId: ME });

describe('clicking a search result (spec §4)', () => {
  const author: [DictationStatus, string][] = [
    ['AUTHOR_APPROVAL', 'confirm_open'],
    ['DRAFT', 'confirm_open_draft'],
    ['READY_FOR_TYPING', 'confirm_allocate_back_then_open'],
    ['RECEIVED', 'confirm_allocate_back_then_open'],
    ['BEING_TYPED', 'confirm_allocate_back_then_open'],
    ['OUTSOURCED_REVIEW', 'confirm_allocate_back_then_open'],
    ['OUTSOURCED', 'details'],
    ['QA_REVIEW', 'details'],
    ['MANUAL_DISTRIBUTION', 'details'],
    ['SENT', 'details'],
  ];
  for (const [status, kind] of author) {
    it(`Author on ${status}: ${kind}`, () => expect(searchResultAction(as('Author'), { status, assignedTo: 99 }).kind).toBe(kind));
  }
  for (const role of ['Secretary', 'Manager'] as const) {
    it(`${role}: READY_FOR_TYPING opens whoever holds it`, () => {
      expect(searchResultAction(as(role), { status: 'READY_FOR_TYPING', assignedTo: 99 }).kind).toBe('confirm_open');
    });
    for (const status of ['BEING_TYPED', 'OUTSOURCED_REVIEW'] as const) {
      it(`${role} on ${status}: open when unassigned or mine, else details`, () => {
        expect(searchResultAction(as(role), { status, assignedTo: null }).kind).toBe('confirm_open');
        expect(searchResultAction(as(role), { status, assignedTo: ME }).kind).toBe('confirm_open');
        expect(searchResultAction(as(role), { status, assignedTo: 99 }).kind).toBe('details');
      });
    }
    for (const status of ['AUTHOR_APPROVAL', 'DRAFT', 'OUTSOURCED', 'MANUAL_DISTRIBUTION', 'SENT'] as const) {
      it(`${role} on ${status}: details`, () => expect(searchResultAction(as(role), { status, assignedTo: ME }).kind).toBe('details'));
    }
  }
  it('other roles: details', () => {
    expect(searchResultAction(as('SuperAdmin'), { status: 'READY_FOR_TYPING', assignedTo: null }).kind).toBe('details');
  });
  describe('QA_REVIEW opens for whoever may pass or return it (issue 23)', () => {
    const qa = { status: 'QA_REVIEW' as const, assignedTo: 99, authorId: 7 };
    it('Manager and SuperAdmin: asked, then the page', () => {
      expect(searchResultAction(as('Manager'), qa).kind).toBe('confirm_open');
      expect(searchResultAction(as('SuperAdmin'), qa).kind).toBe('confirm_open');
    });
    it('a Secretary with the qa permission: asked; without it: details', () => {
      expect(searchResultAction({ ...as('Secretary'), permissions: ['qa'] }, qa).kind).toBe('confirm_open');
      expect(searchResultAction(as('Secretary'), qa).kind).toBe('details');
    });
    it('an Author (their own letter in QA) and an external typist: details', () => {
      expect(searchResultAction(as('Author'), { ...qa, authorId: ME }).kind).toBe('details');
      expect(searchResultAction({ ...as('Secretary'), permissions: ['qa'], outsourcingPoolId: 1 }, qa).kind).toBe('details');
    });
  });
});

describe('clicking a notification (spec §4)', () => {
  const open = { kind: 'open_dictation' };
  it('opens an author-approval notification on AUTHOR_APPROVAL', () => {
    expect(notificationAction(as('Author'), 'author_approval', { status: 'AUTHOR_APPROVAL', assignedTo: null })).toEqual(open);
  });
  it('opens a new task on BEING_TYPED assigned to me, else goes to the tab', () => {
    expect(notificationAction(as('Secretary'), 'new_task', { status: 'BEING_TYPED', assignedTo: ME })).toEqual(open);
    expect(notificationAction(as('Secretary'), 'new_task', { status: 'BEING_TYPED', assignedTo: 99 })).toEqual({
      kind: 'home',
      tab: 'BEING_TYPED',
    });
    expect(notificationAction(as('Secretary'), 'sent', { status: 'RECEIVED', assignedTo: null })).toEqual({
      kind: 'home',
      tab: 'READY_FOR_TYPING',
    });
  });
  const toSent: DictationStatus[] = [
    'AUTHOR_APPROVAL',
    'READY_FOR_TYPING',
    'BEING_TYPED',
    'MANUAL_DISTRIBUTION',
    'OUTSOURCED',
    'OUTSOURCED_REVIEW',
    'QA_REVIEW',
  ];
  for (const status of toSent) {
    it(`an author goes to SENT for ${status} when not opening it`, () => {
      const kind: NotificationKind = 'returned';
      expect(notificationAction(as('Author'), kind, { status, assignedTo: null })).toEqual({ kind: 'home', tab: 'SENT' });
    });
  }
  it('an author on DRAFT or SENT goes to that tab', () => {
    expect(notificationAction(as('Author'), 'sent', { status: 'SENT', assignedTo: null })).toEqual({ kind: 'home', tab: 'SENT' });
    expect(notificationAction(as('Author'), 'refresh_request', { status: 'DRAFT', assignedTo: null })).toEqual({
      kind: 'home',
      tab: 'DRAFT',
    });
  });
});
