import { satisfies, RULES, type AccessSubject } from './access';

export interface DictationOwnership {
  authorId: number;
  createdBy: number;
  assignedTo: number | null;
  isConfidential: boolean;
}

/**
 * Who may see one dictation of their own trust: Secretary, Manager, SuperAdmin and holders of
 * dictation.view see the trust's dictations; an Author sees the ones they dictated or recorded.
 * A confidential dictation is seen only by its author, whoever recorded it or is assigned to it, and
 * Managers (spec §6: confidential marking is for Manager and Author).
 */
export function canViewDictation(subject: AccessSubject, userId: number, d: DictationOwnership): boolean {
  if (!satisfies(subject, RULES.viewDictation)) return false;
  const involved = d.authorId === userId || d.createdBy === userId || d.assignedTo === userId;
  if (d.isConfidential) return involved || subject.roles.includes('Manager');
  const seesTrust =
    subject.roles.some((r) => r === 'Secretary' || r === 'Manager' || r === 'SuperAdmin') || subject.permissions.includes('dictation.view');
  return seesTrust || involved;
}
