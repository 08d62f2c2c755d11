/** Groups (issue 25): SQL only. Every list names its trust; members and permissions are read per page of groups. */
import { and, asc, count, eq, inArray, isNull, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Permission } from '../../../src/domain/roles';
import type { Db } from '../../db/client';
import { groupPermissions, groupUsers, groups, permissions, sites, users } from '../../db/schema';

export interface GroupRow {
  id: number;
  trustId: number;
  siteId: number | null;
  siteName: string | null;
  name: string;
  description: string | null;
  permissions: Permission[];
  members: number;
}

export interface MemberRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  trustId: number;
  siteId: number;
  siteName: string;
}

export interface GroupsFilter {
  trustId: number;
  /** A site's groups; 'trust': the trust-wide ones. */
  siteId?: number | 'trust';
  search?: string;
}

/** Text a user searched for, inside a LIKE pattern: their % and _ are plain characters. */
const containsPattern = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const base = {
  id: groups.id,
  trustId: groups.trustId,
  siteId: groups.siteId,
  siteName: sites.name,
  name: groups.name,
  description: groups.description,
};

function conditions(f: GroupsFilter): SQL {
  const where: SQL[] = [eq(groups.trustId, f.trustId)];
  if (f.siteId === 'trust') where.push(isNull(groups.siteId));
  else if (f.siteId !== undefined) where.push(eq(groups.siteId, f.siteId));
  if (f.search) where.push(sql`lower(${groups.name}) like ${containsPattern(f.search)}`);
  return and(...where)!;
}

/** Each group's permission codes and member count, for a page of groups: two queries, whatever the page size. */
async function withDetails(db: Db, rows: Omit<GroupRow, 'permissions' | 'members'>[]): Promise<GroupRow[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [perms, counts] = await Promise.all([
    db
      .select({ groupId: groupPermissions.groupId, code: permissions.code })
      .from(groupPermissions)
      .innerJoin(permissions, eq(permissions.id, groupPermissions.permissionId))
      .where(inArray(groupPermissions.groupId, ids)),
    db
      .select({ groupId: groupUsers.groupId, n: count() })
      .from(groupUsers)
      .where(inArray(groupUsers.groupId, ids))
      .groupBy(groupUsers.groupId),
  ]);
  return rows.map((r) => ({
    ...r,
    permissions: perms
      .filter((p) => p.groupId === r.id)
      .map((p) => p.code as Permission)
      .sort(),
    members: Number(counts.find((c) => c.groupId === r.id)?.n ?? 0),
  }));
}

/** One page of a trust's groups in name order, with the total. */
export async function listGroups(db: Db, f: GroupsFilter, page: number, perPage: number): Promise<{ rows: GroupRow[]; total: number }> {
  const where = conditions(f);
  const rows = await db
    .select({ ...base, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(groups)
    .leftJoin(sites, eq(sites.id, groups.siteId))
    .where(where)
    .orderBy(sql`lower(${groups.name})`, asc(groups.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  if (rows.length) return { rows: await withDetails(db, rows), total: rows[0]!.total };
  const [counted] = await db.select({ n: count() }).from(groups).where(where);
  return { rows: [], total: Number(counted?.n ?? 0) };
}

export async function findGroup(db: Db, id: number): Promise<GroupRow | undefined> {
  const [row] = await db.select(base).from(groups).leftJoin(sites, eq(sites.id, groups.siteId)).where(eq(groups.id, id));
  return row ? (await withDetails(db, [row]))[0] : undefined;
}

/** The group, held for the rest of the transaction (a change, a deletion, a member added or removed). */
export async function lockGroup(tx: Db, id: number): Promise<GroupRow | undefined> {
  const [locked] = await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, id)).for('update');
  return locked ? findGroup(tx, id) : undefined;
}

export async function groupMembers(db: Db, groupId: number): Promise<MemberRow[]> {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      trustId: users.trustId,
      siteId: users.siteId,
      siteName: sites.name,
    })
    .from(groupUsers)
    .innerJoin(users, eq(users.id, groupUsers.userId))
    .innerJoin(sites, eq(sites.id, users.siteId))
    .where(eq(groupUsers.groupId, groupId))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

/** Whether another group of the trust has this name, in any letter case. */
export async function groupNameTaken(db: Db, trustId: number, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(
      and(
        eq(groups.trustId, trustId),
        sql`lower(${groups.name}) = ${name.toLowerCase()}`,
        exceptId === undefined ? undefined : ne(groups.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function trustSites(db: Db, trustId: number): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: sites.id, name: sites.name })
    .from(sites)
    .where(eq(sites.trustId, trustId))
    .orderBy(asc(sites.name), asc(sites.id));
}

export async function permissionIds(db: Db, codes: readonly Permission[]): Promise<number[]> {
  if (!codes.length) return [];
  const rows = await db
    .select({ id: permissions.id })
    .from(permissions)
    .where(inArray(permissions.code, [...codes]));
  return rows.map((r) => r.id);
}

export async function insertGroup(
  db: Db,
  v: { trustId: number; siteId: number | null; name: string; description: string | null },
  codes: readonly Permission[],
): Promise<number> {
  const [row] = await db.insert(groups).values(v).returning({ id: groups.id });
  await setGroupPermissions(db, row!.id, codes);
  return row!.id;
}

export async function updateGroup(
  db: Db,
  id: number,
  v: { siteId: number | null; name: string; description: string | null },
): Promise<void> {
  await db.update(groups).set(v).where(eq(groups.id, id));
}

export async function setGroupPermissions(db: Db, groupId: number, codes: readonly Permission[]): Promise<void> {
  await db.delete(groupPermissions).where(eq(groupPermissions.groupId, groupId));
  const ids = await permissionIds(db, codes);
  if (ids.length) await db.insert(groupPermissions).values(ids.map((permissionId) => ({ groupId, permissionId })));
}

export async function deleteGroup(db: Db, id: number): Promise<void> {
  await db.delete(groups).where(eq(groups.id, id));
}

/** These users as a group needs them (trust and site), active ones only; the ones not found are left out. */
export async function findPeople(db: Db, ids: readonly number[]): Promise<MemberRow[]> {
  if (!ids.length) return [];
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      trustId: users.trustId,
      siteId: users.siteId,
      siteName: sites.name,
    })
    .from(users)
    .innerJoin(sites, eq(sites.id, users.siteId))
    .where(and(inArray(users.id, [...ids]), eq(users.active, true)));
}

export async function addMembers(db: Db, groupId: number, userIds: readonly number[]): Promise<void> {
  if (!userIds.length) return;
  await db
    .insert(groupUsers)
    .values(userIds.map((userId) => ({ groupId, userId })))
    .onConflictDoNothing();
}

export async function removeMember(db: Db, groupId: number, userId: number): Promise<boolean> {
  const gone = await db
    .delete(groupUsers)
    .where(and(eq(groupUsers.groupId, groupId), eq(groupUsers.userId, userId)))
    .returning({ userId: groupUsers.userId });
  return gone.length > 0;
}

/** Up to 20 active users of the trust (of the site when given) who are not members yet, by name or e-mail. */
export async function findCandidates(
  db: Db,
  groupId: number,
  where: { trustId: number; siteId: number | null; search?: string },
): Promise<MemberRow[]> {
  const members = db.select({ id: groupUsers.userId }).from(groupUsers).where(eq(groupUsers.groupId, groupId));
  const like = where.search ? containsPattern(where.search) : null;
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      trustId: users.trustId,
      siteId: users.siteId,
      siteName: sites.name,
    })
    .from(users)
    .innerJoin(sites, eq(sites.id, users.siteId))
    .where(
      and(
        eq(users.trustId, where.trustId),
        eq(users.active, true),
        where.siteId === null ? undefined : eq(users.siteId, where.siteId),
        notInArray(users.id, members),
        like
          ? or(
              sql`lower(${users.firstName} || ' ' || ${users.lastName}) like ${like}`,
              sql`lower(${users.lastName}) like ${like}`,
              sql`lower(${users.email}) like ${like}`,
            )
          : undefined,
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(20);
}
