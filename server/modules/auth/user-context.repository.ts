import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groupPermissions, groupUsers, permissions, roles, sites, userPermissions, userRoles, users } from '../../db/schema';
import type { Permission, Role } from '../../../src/domain/roles';

export type UserRow = typeof users.$inferSelect;
export type SiteRow = typeof sites.$inferSelect;

/** A user with what authorization needs: site, roles, and permissions granted directly or by a group. */
export interface UserContext {
  user: UserRow;
  site: SiteRow;
  roles: Role[];
  permissions: Permission[];
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function loadUserContext(db: Db, userId: number): Promise<UserContext | undefined> {
  const [row] = await db
    .select({ user: users, site: sites })
    .from(users)
    .innerJoin(sites, eq(sites.id, users.siteId))
    .where(and(eq(users.id, userId), eq(users.active, true)))
    .limit(1);
  if (!row) return undefined;
  const [roleRows, directPerms, groupPerms] = await Promise.all([
    db.select({ name: roles.name }).from(userRoles).innerJoin(roles, eq(roles.id, userRoles.roleId)).where(eq(userRoles.userId, userId)),
    db
      .select({ code: permissions.code })
      .from(userPermissions)
      .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
      .where(eq(userPermissions.userId, userId)),
    db
      .select({ code: permissions.code })
      .from(groupUsers)
      .innerJoin(groupPermissions, eq(groupPermissions.groupId, groupUsers.groupId))
      .innerJoin(permissions, eq(permissions.id, groupPermissions.permissionId))
      .where(eq(groupUsers.userId, userId)),
  ]);
  const perms = new Set([...directPerms, ...groupPerms].map((p) => p.code as Permission));
  return {
    user: row.user,
    site: row.site,
    roles: roleRows.map((r) => r.name as Role),
    permissions: [...perms].sort(),
  };
}
