import { describe, expect, it } from 'vitest';
import {
  WORKFLOW_ACTIONS,
  canDeleteDictation,
  canMarkConfidential,
  coverOnHandBack,
  findStatusMove,
  findSystemTransition,
  findTransition,
  homeTabsFor,
  homeTabLabel,
  statusMoveTargets,
  statusesOfTab,
  type WorkflowAction,
} from '../../src/domain/workflow';
import { DICTATION_STATUSES, type DictationStatus } from '../../src/domain/statuses';
import type { Role } from '../../src/domain/roles';

const ME = 7;
const OTHER = 8;
const as = (...roles: Role[]) => ({ roles, userId: ME });

/**
 * The whole table written out by hand: for each action, the statuses it starts from, where it goes
 * and who may take it ('OwnAuthor' = the Author of that dictation).
 */
const EXPECTED: Record<WorkflowAction, { from: DictationStatus[]; to: DictationStatus; who: (Role | 'OwnAuthor')[] }> = {
  submit: { from: ['DRAFT'], to: 'READY_FOR_TYPING', who: ['OwnAuthor'] },
  claim: { from: ['READY_FOR_TYPING', 'RECEIVED'], to: 'BEING_TYPED', who: ['Secretary', 'Manager', 'SuperAdmin'] },
  release: { from: ['BEING_TYPED'], to: 'READY_FOR_TYPING', who: ['Secretary', 'Manager', 'SuperAdmin'] },
  outsource: { from: ['READY_FOR_TYPING', 'RECEIVED', 'BEING_TYPED'], to: 'OUTSOURCED', who: ['Manager', 'SuperAdmin'] },
  recall_outsourced: { from: ['OUTSOURCED'], to: 'READY_FOR_TYPING', who: ['Manager', 'SuperAdmin'] },
  // Only an external typist of the dictation's pool (tested below); no in-house role.
  outsourced_done: { from: ['OUTSOURCED'], to: 'OUTSOURCED_REVIEW', who: [] },
  send_for_approval: { from: ['BEING_TYPED', 'OUTSOURCED_REVIEW'], to: 'AUTHOR_APPROVAL', who: ['Secretary', 'Manager', 'SuperAdmin'] },
  send_to_qa: { from: ['BEING_TYPED'], to: 'QA_REVIEW', who: ['Secretary', 'Manager', 'SuperAdmin'] },
  qa_pass: { from: ['QA_REVIEW'], to: 'AUTHOR_APPROVAL', who: ['Manager', 'SuperAdmin'] },
  qa_return: { from: ['QA_REVIEW'], to: 'BEING_TYPED', who: ['Manager', 'SuperAdmin'] },
  hand_back: {
    from: ['READY_FOR_TYPING', 'RECEIVED', 'BEING_TYPED', 'OUTSOURCED_REVIEW'],
    to: 'AUTHOR_APPROVAL',
    who: ['Secretary', 'Manager', 'SuperAdmin', 'OwnAuthor'],
  },
  return_for_typing: { from: ['AUTHOR_APPROVAL'], to: 'BEING_TYPED', who: ['OwnAuthor', 'SuperAdmin'] },
  approve: { from: ['AUTHOR_APPROVAL'], to: 'MANUAL_DISTRIBUTION', who: ['OwnAuthor'] },
  mark_sent: { from: ['MANUAL_DISTRIBUTION'], to: 'SENT', who: ['Secretary', 'Manager', 'SuperAdmin'] },
  // The server's own (System actor): no person may take it (tested below).
  distributed: { from: ['MANUAL_DISTRIBUTION'], to: 'SENT', who: [] },
};

const ALL_ROLES: Role[] = ['SuperAdmin', 'TrustAdmin', 'SiteAdmin', 'Manager', 'Author', 'Secretary'];

describe('transition table', () => {
  for (const action of WORKFLOW_ACTIONS) {
    for (const role of ALL_ROLES) {
      for (const status of DICTATION_STATUSES) {
        for (const own of [true, false]) {
          const exp = EXPECTED[action];
          const allowed =
            exp.from.includes(status) && (exp.who.includes(role) || (role === 'Author' && own && exp.who.includes('OwnAuthor')));
          it(`${role}${own ? ' (own)' : ''} ${action} from ${status}: ${allowed ? exp.to : 'refused'}`, () => {
            const t = findTransition(as(role), action, { status, authorId: own ? ME : OTHER });
            expect(t?.to ?? null).toBe(allowed ? exp.to : null);
          });
        }
      }
    }
  }
});

describe('the server’s own transition', () => {
  it('a letter delivered to every recipient becomes SENT, from MANUAL_DISTRIBUTION only', () => {
    expect(findSystemTransition('distributed', 'MANUAL_DISTRIBUTION')?.to).toBe('SENT');
    for (const status of DICTATION_STATUSES.filter((s) => s !== 'MANUAL_DISTRIBUTION'))
      expect(findSystemTransition('distributed', status)).toBeNull();
    expect(findSystemTransition('mark_sent', 'MANUAL_DISTRIBUTION')).toBeNull();
  });
});

describe('secretarial cover and the qa permission', () => {
  const covered = { status: 'AUTHOR_APPROVAL' as const, authorId: OTHER, secretarialCover: true };
  it('a Secretary or Manager approves for the author only when the dictation has secretarial cover', () => {
    for (const role of ['Secretary', 'Manager'] as const) {
      expect(findTransition(as(role), 'approve', covered)?.to).toBe('MANUAL_DISTRIBUTION');
      expect(findTransition(as(role), 'approve', { ...covered, secretarialCover: false })).toBeNull();
    }
  });
  it('cover gives nobody else approval: not a SuperAdmin, not another author', () => {
    expect(findTransition(as('SuperAdmin'), 'approve', covered)).toBeNull();
    expect(findTransition(as('Author'), 'approve', covered)).toBeNull();
    expect(findTransition(as('Secretary'), 'return_for_typing', covered)).toBeNull();
  });
  it('a standing delegation lets that Secretary or Manager approve that author’s letters, and nobody else’s (issue 22)', () => {
    const waiting = { status: 'AUTHOR_APPROVAL' as const, authorId: OTHER };
    for (const role of ['Secretary', 'Manager'] as const) {
      expect(findTransition({ ...as(role), approvesFor: [OTHER] }, 'approve', waiting)?.to).toBe('MANUAL_DISTRIBUTION');
      expect(findTransition({ ...as(role), approvesFor: [99] }, 'approve', waiting)).toBeNull();
      expect(findTransition({ ...as(role), approvesFor: [OTHER] }, 'approve', { ...waiting, status: 'BEING_TYPED' })).toBeNull();
    }
    // Only a typist can hold one: an administrator or an author named by mistake approves nothing.
    expect(findTransition({ ...as('SuperAdmin'), approvesFor: [OTHER] }, 'approve', waiting)).toBeNull();
    expect(findTransition({ ...as('Author'), approvesFor: [OTHER] }, 'approve', waiting)).toBeNull();
  });
  it('only the author grants cover by handing back: default yes, or not; anyone else never, and asking is refused (issue 22)', () => {
    const mine = { authorId: ME };
    expect(coverOnHandBack(as('Author'), mine, undefined)).toEqual({ ok: true, cover: true });
    expect(coverOnHandBack(as('Author'), mine, false)).toEqual({ ok: true, cover: false });
    expect(coverOnHandBack(as('Author'), mine, true)).toEqual({ ok: true, cover: true });
    for (const who of [as('Secretary'), as('Manager'), as('SuperAdmin'), as('Author')]) {
      const theirs = { authorId: OTHER };
      expect(coverOnHandBack(who, theirs, undefined)).toEqual({ ok: true, cover: false });
      expect(coverOnHandBack(who, theirs, false)).toEqual({ ok: true, cover: false });
      expect(coverOnHandBack(who, theirs, true)).toEqual({ ok: false });
    }
    // A typist is never the author, even of a dictation that names her id, unless she holds the Author role.
    expect(coverOnHandBack(as('Secretary'), mine, true)).toEqual({ ok: false });
  });
  it('a holder of the qa permission passes or returns QA_REVIEW, and nothing else', () => {
    const qa = { roles: ['Secretary'] as Role[], userId: ME, permissions: ['qa'] };
    const inQa = { status: 'QA_REVIEW' as const, authorId: OTHER };
    expect(findTransition(qa, 'qa_pass', inQa)?.to).toBe('AUTHOR_APPROVAL');
    expect(findTransition(qa, 'qa_return', inQa)?.to).toBe('BEING_TYPED');
    expect(findTransition(as('Secretary'), 'qa_pass', inQa)).toBeNull();
    expect(findTransition(qa, 'approve', { status: 'AUTHOR_APPROVAL', authorId: OTHER })).toBeNull();
  });
});

describe('allocation moves (type=status)', () => {
  it('a secretary may take, release or hand back, but not outsource or approve', () => {
    expect(statusMoveTargets(as('Secretary'), 'READY_FOR_TYPING', OTHER)).toEqual(['AUTHOR_APPROVAL', 'BEING_TYPED']);
    expect(statusMoveTargets(as('Secretary'), 'BEING_TYPED', OTHER)).toEqual(['AUTHOR_APPROVAL', 'READY_FOR_TYPING']);
    expect(findStatusMove(as('Secretary'), { status: 'READY_FOR_TYPING', authorId: OTHER }, 'OUTSOURCED')).toBeNull();
    expect(findStatusMove(as('Secretary'), { status: 'AUTHOR_APPROVAL', authorId: OTHER }, 'MANUAL_DISTRIBUTION')).toBeNull();
  });
  it('a manager may also outsource and recall', () => {
    // Outsourcing needs a pool: the queue offers it as its own "Outsource to…", not in "Move to".
    expect(statusMoveTargets(as('Manager'), 'READY_FOR_TYPING', OTHER)).toEqual(['AUTHOR_APPROVAL', 'BEING_TYPED']);
    expect(findStatusMove(as('Manager'), { status: 'READY_FOR_TYPING', authorId: OTHER }, 'OUTSOURCED')?.action).toBe('outsource');
    expect(findStatusMove(as('Manager'), { status: 'OUTSOURCED', authorId: OTHER }, 'READY_FOR_TYPING')?.action).toBe('recall_outsourced');
  });
  it('an author pulls back only their own dictation', () => {
    expect(findStatusMove(as('Author'), { status: 'BEING_TYPED', authorId: ME }, 'AUTHOR_APPROVAL')?.action).toBe('hand_back');
    expect(findStatusMove(as('Author'), { status: 'BEING_TYPED', authorId: OTHER }, 'AUTHOR_APPROVAL')).toBeNull();
    expect(statusMoveTargets(as('Author'), 'READY_FOR_TYPING', ME)).toEqual(['AUTHOR_APPROVAL']);
  });
  it('nothing moves to the status it is in', () => {
    for (const s of DICTATION_STATUSES) expect(findStatusMove(as('SuperAdmin'), { status: s, authorId: OTHER }, s)).toBeNull();
  });
});

describe('deletion and confidential marking (spec §4, §6)', () => {
  const cases: [DictationStatus, boolean, boolean][] = [
    ['DRAFT', false, false],
    ['AUTHOR_APPROVAL', true, true],
    ['READY_FOR_TYPING', true, true],
    ['RECEIVED', true, true],
    ['BEING_TYPED', true, false],
    ['OUTSOURCED', false, false],
    ['OUTSOURCED_REVIEW', false, false],
    ['QA_REVIEW', false, false],
    ['MANUAL_DISTRIBUTION', false, false],
    ['SENT', false, false],
  ];
  for (const [status, deletable, markable] of cases) {
    it(`${status}: delete ${deletable}, mark confidential ${markable}`, () => {
      expect(canDeleteDictation(as('Manager'), { status, authorId: OTHER })).toBe(deletable);
      expect(canDeleteDictation(as('Author'), { status, authorId: ME })).toBe(deletable);
      expect(canMarkConfidential(as('Manager'), { status, authorId: OTHER })).toBe(markable);
      expect(canMarkConfidential(as('Author'), { status, authorId: ME })).toBe(markable);
    });
  }
  it('a secretary neither deletes nor marks confidential; an author not on others', () => {
    expect(canDeleteDictation(as('Secretary'), { status: 'READY_FOR_TYPING', authorId: OTHER })).toBe(false);
    expect(canMarkConfidential(as('Secretary'), { status: 'READY_FOR_TYPING', authorId: OTHER })).toBe(false);
    expect(canDeleteDictation(as('Author'), { status: 'READY_FOR_TYPING', authorId: OTHER })).toBe(false);
    expect(canMarkConfidential(as('Author'), { status: 'AUTHOR_APPROVAL', authorId: OTHER })).toBe(false);
    expect(canMarkConfidential(as('SuperAdmin'), { status: 'AUTHOR_APPROVAL', authorId: OTHER })).toBe(false);
  });
});

describe('Home tabs per role', () => {
  it('an author follows an approved letter until it is sent, under its own name (issue 23)', () => {
    expect(homeTabLabel('MANUAL_DISTRIBUTION', { roles: ['Author'], permissions: [] })).toBe('Approved — being sent');
    expect(homeTabLabel('MANUAL_DISTRIBUTION', { roles: ['Author', 'Secretary'], permissions: [] })).toBe('Manual Distribution');
    expect(homeTabLabel('MANUAL_DISTRIBUTION', { roles: ['Manager'], permissions: [] })).toBe('Manual Distribution');
    expect(homeTabLabel('SENT', { roles: ['Author'], permissions: [] })).toBe('Sent');
  });
  it('author, typist, superadmin, dictation.view', () => {
    expect(homeTabsFor({ roles: ['Author'], permissions: [] })).toEqual([
      'AUTHOR_APPROVAL',
      'DRAFT',
      'READY_FOR_TYPING',
      'BEING_TYPED',
      'MANUAL_DISTRIBUTION',
      'SENT',
    ]);
    const typist = [
      'READY_FOR_TYPING',
      'BEING_TYPED',
      'OUTSOURCED',
      'OUTSOURCED_REVIEW',
      'QA_REVIEW',
      'AUTHOR_APPROVAL',
      'MANUAL_DISTRIBUTION',
      'SENT',
    ];
    expect(homeTabsFor({ roles: ['Secretary'], permissions: [] })).toEqual(typist);
    expect(homeTabsFor({ roles: ['Manager'], permissions: [] })).toEqual(typist);
    expect(homeTabsFor({ roles: ['SuperAdmin'], permissions: [] })).toHaveLength(9);
    expect(homeTabsFor({ roles: ['SiteAdmin'], permissions: ['dictation.view'] })).toContain('DRAFT');
    expect(homeTabsFor({ roles: ['TrustAdmin'], permissions: [] })).toEqual([]);
  });
  it('READY_FOR_TYPING lists RECEIVED too', () => {
    expect(statusesOfTab('READY_FOR_TYPING')).toEqual(['READY_FOR_TYPING', 'RECEIVED']);
    expect(statusesOfTab('SENT')).toEqual(['SENT']);
  });
});

describe('the qa permission across the table', () => {
  const qa = (...roles: Role[]) => ({ roles, userId: ME, permissions: ['qa'] });
  for (const status of DICTATION_STATUSES) {
    for (const action of ['qa_pass', 'qa_return'] as const) {
      it(`a Secretary with qa: ${action} from ${status}`, () => {
        const expected = status === 'QA_REVIEW' ? EXPECTED[action].to : null;
        expect(findTransition(qa('Secretary'), action, { status, authorId: OTHER })?.to ?? null).toBe(expected);
        // An Author with the permission reviews others' letters too; without it, never.
        expect(findTransition(qa('Author'), action, { status, authorId: OTHER })?.to ?? null).toBe(expected);
        expect(findTransition(as('Author'), action, { status, authorId: ME })).toBeNull();
      });
    }
  }
  it('qa gives nothing else: no approval, no outsourcing, no claim for an Author', () => {
    expect(findTransition(qa('Author'), 'outsource', { status: 'READY_FOR_TYPING', authorId: OTHER })).toBeNull();
    expect(findTransition(qa('Author'), 'claim', { status: 'READY_FOR_TYPING', authorId: OTHER })).toBeNull();
    expect(findTransition(qa('Secretary'), 'approve', { status: 'AUTHOR_APPROVAL', authorId: OTHER })).toBeNull();
  });
});

describe('an external typist of an outsourcing pool', () => {
  const POOL = 3;
  const ext = { roles: ['Secretary'] as Role[], userId: ME, outsourcingPoolId: POOL };
  for (const action of WORKFLOW_ACTIONS) {
    for (const status of DICTATION_STATUSES) {
      const allowed = action === 'outsourced_done' && status === 'OUTSOURCED';
      it(`${action} from ${status} on their pool's dictation: ${allowed ? 'OUTSOURCED_REVIEW' : 'refused'}`, () => {
        expect(findTransition(ext, action, { status, authorId: OTHER, outsourcingPoolId: POOL })?.to ?? null).toBe(
          allowed ? 'OUTSOURCED_REVIEW' : null,
        );
        // Another pool's, or one not outsourced at all: nothing.
        expect(findTransition(ext, action, { status, authorId: OTHER, outsourcingPoolId: POOL + 1 })).toBeNull();
        expect(findTransition(ext, action, { status, authorId: OTHER })).toBeNull();
      });
    }
  }
  it('their Secretary role gives them no in-house typing, deletion, marking or moves', () => {
    expect(statusMoveTargets(ext, 'READY_FOR_TYPING', OTHER)).toEqual([]);
    expect(findStatusMove(ext, { status: 'OUTSOURCED', authorId: OTHER, outsourcingPoolId: POOL }, 'READY_FOR_TYPING')).toBeNull();
    expect(canDeleteDictation(ext, { status: 'READY_FOR_TYPING', authorId: OTHER })).toBe(false);
    expect(canMarkConfidential(ext, { status: 'READY_FOR_TYPING', authorId: OTHER })).toBe(false);
  });
  it('sees the OUTSOURCED tab only', () => {
    expect(homeTabsFor({ roles: ['Secretary'], permissions: [], outsourcingPoolId: POOL })).toEqual(['OUTSOURCED']);
    expect(homeTabsFor({ roles: ['Secretary'], permissions: [], outsourcingPoolId: null })).toContain('READY_FOR_TYPING');
  });
});
