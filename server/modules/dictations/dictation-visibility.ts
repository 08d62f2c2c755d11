import { canViewDictation } from '../../../src/domain/dictation-access';
import type { RequestAuth } from '../auth/request-auth';
import type { DictationRow } from './dictations.repository';

/**
 * Whether the caller may see this dictation row: their own trust's, not deleted, and one canViewDictation
 * lets them see (src/domain/dictation-access.ts). The one projection of a row onto that rule; a dictation
 * the caller may not see is answered 404, like one that does not exist.
 */
export function mayViewDictation(auth: RequestAuth, d: DictationRow): boolean {
  return (
    d.trustId === auth.ctx.user.trustId &&
    d.deletedAt === null &&
    canViewDictation(auth.subject, auth.ctx.user.id, {
      authorId: d.authorId,
      createdBy: d.createdBy,
      assignedTo: d.assignedTo,
      isConfidential: d.isConfidential,
      status: d.status,
      outsourcingPoolId: d.outsourcingPoolId,
    })
  );
}
