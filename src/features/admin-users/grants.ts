import type { AccessSubject } from '../../domain/access';
import { PAGE_MESSAGES } from '../../domain/messages';
import { ROLES, type Role } from '../../domain/roles';
import type { Grants } from './user-form';

const NON_ADMIN: readonly Role[] = ['Author', 'Secretary', 'Manager'];

/**
 * What the signed-in administrator may give or take away, and why not (the server's own words): a
 * SuperAdmin any role, a TrustAdmin any but SuperAdmin, others the non-admin roles; a trust's
 * administrators any permission, others those they hold. The server checks again.
 */
export function grantsFor(subject: AccessSubject | null): Grants {
  const roles = subject?.roles ?? [];
  const grantable = roles.includes('SuperAdmin')
    ? ROLES
    : roles.includes('TrustAdmin')
      ? ROLES.filter((r) => r !== 'SuperAdmin')
      : NON_ADMIN;
  const trustWide = roles.includes('SuperAdmin') || roles.includes('TrustAdmin');
  return {
    role: (role) => (grantable.includes(role) ? null : PAGE_MESSAGES.userRoleNotYours(role)),
    permission: (code) => (trustWide || subject?.permissions.includes(code) ? null : PAGE_MESSAGES.userPermissionNotYours(code)),
  };
}
