/** Accounts and objects the groups tests share (issue 25). */
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { groupPermissions, groups, groupUsers, permissions, sites, users } from '../../server/db/schema';
import type { Permission } from '../../src/domain/roles';
import { addAccount } from './admin-structure-fixtures';

/** A Secretary of the demo trust who holds the permission `groups` (and nothing else). */
export const GROUPS_HOLDER = 'perm.groups@wardnote.test';
/** A TrustAdmin of the other trust. */
export const GROUPS_FOREIGN_ADMIN = 'groups.foreign-admin@wardnote.test';

export async function addGroupAccounts(db: Db): Promise<void> {
  await addAccount(db, { email: GROUPS_HOLDER, like: 'secretary@wardnote.test', roles: ['Secretary'], permissions: ['groups'] });
  await addAccount(db, { email: GROUPS_FOREIGN_ADMIN, like: 'other.author@wardnote.test', roles: ['TrustAdmin'] });
}

export interface Places {
  /** Demo trust: Demo General Hospital (the demo admins' site) and Demo Community Hospital. */
  general: { trustId: number; siteId: number };
  community: { trustId: number; siteId: number };
  /** The other trust's one site. */
  other: { trustId: number; siteId: number };
}

export async function places(db: Db): Promise<Places> {
  const rows = await db.select().from(sites);
  const at = (name: string) => {
    const s = rows.find((r) => r.name === name)!;
    return { trustId: s.trustId, siteId: s.id };
  };
  return { general: at('Demo General Hospital'), community: at('Demo Community Hospital'), other: at('Other General Hospital') };
}

export async function userId(db: Db, email: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

let serial = 0;
export const uniqueName = (what: string) => `${what} ${++serial}`;

/** A group of `trustId` (for one site, or the whole trust), giving these permissions to these members. */
export async function makeGroup(
  db: Db,
  at: { trustId: number; siteId: number | null },
  opts: { permissions?: Permission[]; members?: number[]; name?: string } = {},
): Promise<number> {
  const [row] = await db
    .insert(groups)
    .values({ trustId: at.trustId, siteId: at.siteId, name: opts.name ?? uniqueName('Group') })
    .returning({ id: groups.id });
  const codes = opts.permissions ?? [];
  if (codes.length) {
    const ids = await db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.code, codes));
    await db.insert(groupPermissions).values(ids.map((p) => ({ groupId: row!.id, permissionId: p.id })));
  }
  if (opts.members?.length) await db.insert(groupUsers).values(opts.members.map((userId) => ({ groupId: row!.id, userId })));
  return row!.id;
}
