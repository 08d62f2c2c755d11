import { RULES, satisfies, type AccessSubject } from '../../domain/access';

/**
 * Who has the top-bar search and Ctrl+K (spec §2: SuperAdmin, Manager, Author, Secretary), except an
 * external typist of an outsourcing pool, who sees their pool's work only and may not search the trust's.
 */
export function canSearch(subject: AccessSubject): boolean {
  return satisfies(subject, RULES.search) && (subject.outsourcingPoolId === null || subject.outsourcingPoolId === undefined);
}
