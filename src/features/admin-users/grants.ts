import type { AccessSubject } from '../../domain/access';
import { PAGE_MESSAGES } from '../../domain/messages';
import { mayGrantPermission, mayGrantRole } from '../../domain/user-grants';
import type { Grants } from './user-form';

/**
 * What the signed-in administrator may give or take away (src/domain/user-grants.ts, the server's own
 * rule), and why not, in the words the server would refuse with. The server checks again.
 */
export function grantsFor(subject: AccessSubject | null): Grants {
  const granter = { roles: subject?.roles ?? [], permissions: subject?.permissions ?? [] };
  return {
    role: (role) => (mayGrantRole(granter, role) ? null : PAGE_MESSAGES.userRoleNotYours(role)),
    permission: (code) => (mayGrantPermission(granter, code) ? null : PAGE_MESSAGES.userPermissionNotYours(code)),
  };
}
