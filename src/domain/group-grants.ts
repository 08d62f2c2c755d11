/**
 * Groups (issue 25): which groups an administrator reaches, and "nobody grants a permission they do not
 * hold". Pure; the server enforces it (server/modules/admin-groups), the page uses it to say why a group
 * cannot be changed before anyone tries.
 */
import type { AccessSubject } from './access';
import type { AdminReach } from './admin-reach';
import { PERMISSIONS, type Permission } from './roles';

/**
 * The permissions a caller holds for granting: SuperAdmin and TrustAdmin hold every permission within their
 * reach (as RULES gives them the structure permissions); a SiteAdmin holds what their role already does in
 * spec §2 and §6 (`users`, `groups`: the site administration) besides their own; anyone else their own
 * (given directly or by a group).
 */
export function permissionsHeld(subject: Pick<AccessSubject, 'roles' | 'permissions'>): Permission[] {
  if (subject.roles.includes('SuperAdmin') || subject.roles.includes('TrustAdmin')) return [...PERMISSIONS];
  const held = new Set<Permission>(subject.permissions);
  if (subject.roles.includes('SiteAdmin')) {
    held.add('users');
    held.add('groups');
  }
  return PERMISSIONS.filter((p) => held.has(p));
}

/** Of these codes, the ones the caller does not hold (in the order of spec §6). */
export function notHeld(subject: Pick<AccessSubject, 'roles' | 'permissions'>, codes: readonly Permission[]): Permission[] {
  const held = new Set(permissionsHeld(subject));
  return PERMISSIONS.filter((p) => codes.includes(p) && !held.has(p));
}

/**
 * Whether a group exists for the caller: a SuperAdmin every trust's; anyone else their trust's; a SiteAdmin
 * with no trust-wide role only the groups scoped to their own site (a trust-wide group is not theirs to see).
 */
export function reachesGroup(reach: AdminReach, group: { trustId: number; siteId: number | null }): boolean {
  if (reach.trustId !== 'any' && group.trustId !== reach.trustId) return false;
  if (reach.siteId === 'any') return true;
  return group.siteId === reach.siteId;
}

/** Whether a person can be in a group scoped to `siteId` (null: the whole trust), and within the caller's reach. */
export function reachesPerson(reach: AdminReach, person: { trustId: number; siteId: number }): boolean {
  if (reach.trustId !== 'any' && person.trustId !== reach.trustId) return false;
  return reach.siteId === 'any' || person.siteId === reach.siteId;
}
