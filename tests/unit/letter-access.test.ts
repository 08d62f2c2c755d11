import { describe, expect, it } from 'vitest';
import {
  PAGE_ACTIONS,
  canEditLetter,
  checkHandOff,
  checkMove,
  letterReadOnlyReason,
  moveTargets,
  letterRefusalReason,
  type LetterDictation,
} from '../../src/domain/letter-access';
import type { Role } from '../../src/domain/roles';
import { DICTATION_STATUSES, type DictationStatus } from '../../src/domain/statuses';
import { WORKFLOW_ACTIONS } from '../../src/domain/workflow';

const ME = 7;
const OTHER = 8;
const AUTHOR = 9;
const as = (...roles: Role[]) => ({ roles, userId: ME });
const d = (status: DictationStatus, assignedTo: number | null = null, authorId = AUTHOR): LetterDictation => ({
  status,
  authorId,
  assignedTo,
});
const people = { author: 'Daniel Reid', assignee: 'Sarah Collins' };

describe('canEditLetter', () => {
  it('lets a Secretary or Manager type only what is assigned to them, while typing', () => {
    for (const role of ['Secretary', 'Manager'] as const) {
      expect(canEditLetter(as(role), d('BEING_TYPED', ME))).toBe(true);
      expect(canEditLetter(as(role), d('OUTSOURCED_REVIEW', ME))).toBe(true);
      expect(canEditLetter(as(role), d('BEING_TYPED', OTHER))).toBe(false);
      expect(canEditLetter(as(role), d('BEING_TYPED', null))).toBe(false);
    }
  });

  it('lets the author edit their own letter while it waits for approval, and nobody else then', () => {
    expect(canEditLetter(as('Author'), d('AUTHOR_APPROVAL', OTHER, ME))).toBe(true);
    expect(canEditLetter(as('Author'), d('AUTHOR_APPROVAL', null, OTHER))).toBe(false);
    expect(canEditLetter(as('Secretary'), d('AUTHOR_APPROVAL', ME))).toBe(false);
    expect(canEditLetter(as('Author'), d('BEING_TYPED', ME, ME))).toBe(false);
  });

  it('never lets a SuperAdmin type, and nobody edits waiting, QA, approved or sent letters', () => {
    for (const status of DICTATION_STATUSES) expect(canEditLetter(as('SuperAdmin'), d(status, ME, ME))).toBe(false);
    for (const status of ['DRAFT', 'READY_FOR_TYPING', 'RECEIVED', 'OUTSOURCED', 'QA_REVIEW', 'MANUAL_DISTRIBUTION', 'SENT'] as const) {
      for (const role of ['Secretary', 'Manager', 'Author'] as const) expect(canEditLetter(as(role), d(status, ME, ME))).toBe(false);
    }
  });
});

describe('letterReadOnlyReason', () => {
  it('says who is typing, who approves, or where the letter is', () => {
    expect(letterReadOnlyReason(as('Secretary'), d('BEING_TYPED', ME), people)).toBeNull();
    expect(letterReadOnlyReason(as('Manager'), d('BEING_TYPED', OTHER), people)).toBe('Being typed by Sarah Collins');
    expect(letterReadOnlyReason(as('Secretary'), d('AUTHOR_APPROVAL', OTHER), people)).toBe('With Daniel Reid for approval');
    expect(letterReadOnlyReason(as('Secretary'), d('READY_FOR_TYPING'), people)).toBe('Waiting to be typed');
    expect(letterReadOnlyReason(as('Secretary'), d('BEING_TYPED', null), { ...people, assignee: null })).toBe(
      'Nobody is typing this dictation yet',
    );
    expect(letterReadOnlyReason(as('Secretary'), d('QA_REVIEW', ME), people)).toBe('In QA review');
    expect(letterReadOnlyReason(as('Author'), d('SENT', null, ME), people)).toBe('Sent: the letter can no longer be changed');
    expect(letterReadOnlyReason(as('SuperAdmin'), d('BEING_TYPED', ME), people)).toBe(
      'Administrators can read letters but do not type them',
    );
  });
});

describe('letterRefusalReason', () => {
  it('tells a typist the letter moved on, or who types it now', () => {
    expect(letterRefusalReason(as('Secretary'), d('AUTHOR_APPROVAL', ME), people)).toBe('it is with Daniel Reid for approval');
    expect(letterRefusalReason(as('Secretary'), d('BEING_TYPED', OTHER), people)).toBe('it is now being typed by Sarah Collins');
    expect(letterRefusalReason(as('Author'), d('MANUAL_DISTRIBUTION', null, ME), people)).toBe('it has moved on to Manual Distribution');
    expect(letterRefusalReason(as('Secretary'), d('READY_FOR_TYPING'), people)).toBe('it has moved on to Ready For Typing');
  });
});

describe('checkHandOff', () => {
  it('offers only actions of the workflow table', () => {
    for (const a of PAGE_ACTIONS) expect(WORKFLOW_ACTIONS).toContain(a);
  });

  it('lets only the person typing send the letter on', () => {
    expect(checkHandOff(as('Secretary'), d('BEING_TYPED', ME), 'send_for_approval')).toEqual({ ok: true });
    expect(checkHandOff(as('Secretary'), d('BEING_TYPED', OTHER), 'send_for_approval')).toEqual({ ok: false, why: 'not_typist' });
    expect(checkHandOff(as('Manager'), d('BEING_TYPED', OTHER), 'send_to_qa')).toEqual({ ok: false, why: 'not_typist' });
    expect(checkHandOff(as('SuperAdmin'), d('BEING_TYPED', ME), 'send_for_approval')).toEqual({ ok: false, why: 'not_typist' });
    expect(checkHandOff(as('Secretary'), d('AUTHOR_APPROVAL', ME), 'send_for_approval')).toEqual({ ok: false, why: 'not_allowed' });
  });

  it('lets the typist, a Manager or the author hand back; the author return it for typing; a Manager pass or return QA', () => {
    expect(checkHandOff(as('Secretary'), d('BEING_TYPED', ME), 'hand_back')).toEqual({ ok: true });
    expect(checkHandOff(as('Secretary'), d('BEING_TYPED', OTHER), 'hand_back')).toEqual({ ok: false, why: 'not_typist' });
    expect(checkHandOff(as('Manager'), d('BEING_TYPED', OTHER), 'hand_back')).toEqual({ ok: true });
    expect(checkHandOff(as('Author'), d('BEING_TYPED', OTHER, ME), 'hand_back')).toEqual({ ok: true });
    expect(checkHandOff(as('Author'), d('BEING_TYPED', OTHER, OTHER), 'hand_back')).toEqual({ ok: false, why: 'not_allowed' });
    expect(checkHandOff(as('Author'), d('AUTHOR_APPROVAL', OTHER, ME), 'return_for_typing')).toEqual({ ok: true });
    expect(checkHandOff(as('Secretary'), d('AUTHOR_APPROVAL', ME), 'return_for_typing')).toEqual({ ok: false, why: 'not_allowed' });
    expect(checkHandOff(as('Manager'), d('QA_REVIEW', OTHER), 'qa_return')).toEqual({ ok: true });
    expect(checkHandOff(as('Secretary'), d('QA_REVIEW', ME), 'qa_pass')).toEqual({ ok: false, why: 'not_allowed' });
  });
});

describe('checkMove: one check for every path that moves a dictation (issue 22)', () => {
  it('the queue’s moves meet the page’s checks: nobody but the typist (or a Manager) puts back or hands back her letter', () => {
    expect(checkMove(as('Secretary'), d('BEING_TYPED', OTHER), 'release')).toEqual({ ok: false, why: 'not_typist' });
    expect(checkMove(as('Secretary'), d('BEING_TYPED', OTHER), 'hand_back')).toEqual({ ok: false, why: 'not_typist' });
    expect(checkMove(as('Secretary'), d('BEING_TYPED', ME), 'release')).toEqual({ ok: true });
    expect(checkMove(as('Manager'), d('BEING_TYPED', OTHER), 'release')).toEqual({ ok: true });
    expect(checkMove(as('Secretary'), d('READY_FOR_TYPING'), 'claim')).toEqual({ ok: true });
    expect(checkMove(as('Secretary'), d('AUTHOR_APPROVAL', ME), 'approve')).toEqual({ ok: false, why: 'not_allowed' });
    expect(checkMove({ ...as('Secretary'), approvesFor: [AUTHOR] }, d('AUTHOR_APPROVAL', OTHER), 'approve')).toEqual({ ok: true });
  });
  it('the "Move to" menu offers only what the server will do', () => {
    expect(moveTargets(as('Secretary'), d('BEING_TYPED', OTHER))).toEqual([]);
    expect(moveTargets(as('Secretary'), d('BEING_TYPED', ME))).toEqual(['AUTHOR_APPROVAL', 'READY_FOR_TYPING']);
    expect(moveTargets(as('Manager'), d('BEING_TYPED', OTHER))).toEqual(['AUTHOR_APPROVAL', 'READY_FOR_TYPING']);
    expect(moveTargets(as('Author'), d('BEING_TYPED', OTHER, ME))).toEqual(['AUTHOR_APPROVAL']);
  });
});
