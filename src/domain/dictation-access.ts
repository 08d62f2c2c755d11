import { satisfies, RULES, type AccessSubject } from './access';

export interface DictationOwnership {
  authorId: number;
  createdBy: number;
  assignedTo: number | null;
  isConfidential: boolean;
  /** Needed for an external typist: absent means they may not see it. */
  status?: string;
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
 * A confidential dictation is seen only by its author, whoever recorded it or is assigned to it, and
 * Managers (spec §6: confidential marking is for Manager and Author). An external typist of an
 * outsourcing pool sees their pool's OUTSOURCED dictations and nothing else (issue 12).
 */
export function canViewDictation(subject: AccessSubject, userId: number, d: DictationOwnership): boolean {
  if (!satisfies(subject, RULES.viewDictation)) return false;
  if (subject.outsourcingPoolId !== null && subject.outsourcingPoolId !== undefined) return outsourcedMaySee(subject.outsourcingPoolId, d);
  const involved = d.authorId === userId || d.createdBy === userId || d.assignedTo === userId;
  if (d.isConfidential) return involved || subject.roles.includes('Manager');
  const seesTrust =
    subject.roles.some((r) => r === 'Secretary' || r === 'Manager' || r === 'SuperAdmin') || subject.permissions.includes('dictation.view');
  return seesTrust || involved;
}
