/**
 * Who may give (or take away) which role, permission and group (issue 25): nobody grants what they do not
 * hold. A SuperAdmin grants any role; a TrustAdmin any but SuperAdmin; a SiteAdmin and a holder of the
 * permission `users` only the non-admin roles (Author, Secretary, Manager). A SuperAdmin and a TrustAdmin
 * hold every permission within their reach (docs/decisions.md "Trust administrators hold the structure
 * permissions") and so grant any, and any group of their trust; anyone else only the permissions they hold
 * and the groups they belong to. Taking away is granting in reverse: the same rule.
 *
 * An account holding a role the caller cannot give is not the caller's to change at all (its e-mail, its
 * PIN, its sessions): otherwise a SiteAdmin could take over a TrustAdmin's account.
 */
import type { Permission, Role } from './roles';
import { ROLES } from './roles';

export interface Granter {
  roles: readonly Role[];
  /** Every permission the granter holds, directly or through a group. */
  permissions: readonly Permission[];
  /** The groups the granter belongs to. */
  groupIds: readonly number[];
}

export const NON_ADMIN_ROLES: readonly Role[] = ['Author', 'Secretary', 'Manager'];

const isTrustWide = (g: Pick<Granter, 'roles'>) => g.roles.includes('SuperAdmin') || g.roles.includes('TrustAdmin');

/** The roles this granter may give or take away. */
export function grantableRoles(g: Pick<Granter, 'roles'>): readonly Role[] {
  if (g.roles.includes('SuperAdmin')) return ROLES;
  if (g.roles.includes('TrustAdmin')) return ROLES.filter((r) => r !== 'SuperAdmin');
  return NON_ADMIN_ROLES;
}

export const mayGrantRole = (g: Pick<Granter, 'roles'>, role: Role): boolean => grantableRoles(g).includes(role);

export const mayGrantPermission = (g: Pick<Granter, 'roles' | 'permissions'>, p: Permission): boolean =>
  isTrustWide(g) || g.permissions.includes(p);

export const mayGrantGroup = (g: Pick<Granter, 'roles' | 'groupIds'>, groupId: number): boolean =>
  isTrustWide(g) || g.groupIds.includes(groupId);

/** Whether the granter may change this account at all: every role it holds is one the granter could give. */
export const mayManage = (g: Pick<Granter, 'roles'>, targetRoles: readonly Role[]): boolean => targetRoles.every((r) => mayGrantRole(g, r));

/** What changes between two lists: added and removed. */
export function changes<T>(before: readonly T[], after: readonly T[]): T[] {
  return [...after.filter((x) => !before.includes(x)), ...before.filter((x) => !after.includes(x))];
}

export type GrantRefusal =
  { kind: 'role'; role: Role } | { kind: 'permission'; permission: Permission } | { kind: 'group'; groupId: number };

/**
 * The first change the granter may not make, or null: roles, direct permissions and groups, each
 * compared before → after (for a new user, before is empty).
 */
export function grantRefusal(
  g: Granter,
  before: { roles: readonly Role[]; permissions: readonly Permission[]; groupIds: readonly number[] },
  after: { roles?: readonly Role[]; permissions?: readonly Permission[]; groupIds?: readonly number[] },
): GrantRefusal | null {
  for (const role of changes(before.roles, after.roles ?? before.roles)) if (!mayGrantRole(g, role)) return { kind: 'role', role };
  for (const permission of changes(before.permissions, after.permissions ?? before.permissions))
    if (!mayGrantPermission(g, permission)) return { kind: 'permission', permission };
  for (const groupId of changes(before.groupIds, after.groupIds ?? before.groupIds))
    if (!mayGrantGroup(g, groupId)) return { kind: 'group', groupId };
  return null;
}
