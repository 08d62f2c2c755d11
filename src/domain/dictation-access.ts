import { satisfies, RULES, type AccessSubject } from './access';

export interface DictationOwnership {
  authorId: number;
  createdBy: number;
  assignedTo: number | null;
  isConfidential: boolean;
  /** A draft is seen by fewer people; an external typist sees only their pool's OUTSOURCED ones. */
  status: string;
  outsourcingPoolId?: number | null;
}

/**
 * An external typist (AccessSubject.outsourcingPoolId) sees only what is allocated to their pool and
 * still waiting for them: OUTSOURCED. Once returned for review it is the trust's again.
 */
export function outsourcedMaySee(poolId: number, d: Pick<DictationOwnership, 'status' | 'outsourcingPoolId'>): boolean {
  return d.status === 'OUTSOURCED' && d.outsourcingPoolId === poolId;
}

/**
 * Who may see one dictation of their own trust: Secretary, Manager, SuperAdmin and holders of
 * dictation.view see the trust's dictations; an Author sees the ones they dictated or recorded.
 * A draft is its author's until it is submitted (issue 22 point 8; docs/decisions.md, session 10): only
 * its author and whoever recorded it see it, whatever their roles. A confidential dictation is seen
 * only by its author, whoever recorded it or is assigned to it, and Managers (spec §6: confidential
 * marking is for Manager and Author). An external typist of an outsourcing pool sees their pool's
 * OUTSOURCED dictations and nothing else (issue 12). The SQL twin is server/modules/worklist/worklist.scope.sql.ts.
 */
export function canViewDictation(subject: AccessSubject, userId: number, d: DictationOwnership): boolean {
  if (!satisfies(subject, RULES.viewDictation)) return false;
  const scope = dictationScope(subject);
  if (scope === 'pool') return outsourcedMaySee(subject.outsourcingPoolId!, d);
  if (d.status === 'DRAFT') return d.authorId === userId || d.createdBy === userId;
  const involved = d.authorId === userId || d.createdBy === userId || d.assignedTo === userId;
  if (scope === 'all') return true;
  if (scope === 'trust') return !d.isConfidential || involved;
  return involved;
}

/**
 * How much of their trust's work a subject sees, drafts aside (see canViewDictation): 'all' (Managers,
 * confidential dictations too), 'trust' (Secretary, SuperAdmin, holders of dictation.view: all but others'
 * confidential ones), 'own' (what they dictated, recorded or are assigned), 'pool' (an external typist:
 * their pool's OUTSOURCED ones). The one rule both canViewDictation and the work queues' SQL
 * (server/modules/worklist/worklist.scope.sql.ts) follow.
 */
export function dictationScope(subject: AccessSubject): 'all' | 'trust' | 'own' | 'pool' {
  if (subject.outsourcingPoolId !== null && subject.outsourcingPoolId !== undefined) return 'pool';
  const seesTrust =
    subject.roles.some((r) => r === 'Secretary' || r === 'Manager' || r === 'SuperAdmin') || subject.permissions.includes('dictation.view');
  if (!seesTrust) return 'own';
  return subject.roles.includes('Manager') ? 'all' : 'trust';
}
