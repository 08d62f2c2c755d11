/**
 * Users administration (issue 25): SQL only. The list is one statement (a page, its admin fields and the
 * total); "locked" is a live lock on `login:<e-mail>` or `pin:<id>` in auth_failures (its primary key), an
 * invitation is pending while the user's one live reset link (password_resets_live_user) of purpose
 * 'invite' has not expired.
 */
import { and, asc, count, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  approvalDelegations,
  authFailures,
  dictations,
  groupPermissions,
  groupUsers,
  groups,
  jobTypes,
  outsourcingPools,
  passwordResets,
  permissions,
  roles,
  sessions,
  sites,
  trusts,
  userPermissions,
  userRoles,
  users,
} from '../../db/schema';
import type { Permission, Role } from '../../../src/domain/roles';
import type { UserWork } from '../../../src/domain/messages-admin-users';

/** The users row's own id, qualified (drizzle leaves a one-table select's columns unqualified). */
const uid = sql`"users"."id"`;

const roleNames = sql<Role[]>`coalesce((
  select json_agg(${roles.name} order by ${roles.name})
  from ${userRoles} inner join ${roles} on ${roles.id} = ${userRoles.roleId}
  where ${userRoles.userId} = ${uid}
), '[]'::json)`;

/** A live lock on the user's sign-in or PIN. */
const lockedSql = sql<boolean>`exists (
  select 1 from ${authFailures}
  where ${authFailures.key} in ('login:' || lower("users"."email"), 'pin:' || ${uid}::text) and ${authFailures.lockedUntil} > now()
)`;

const invitationSql = sql<'pending' | 'expired' | null>`case
  when "users"."invited_at" is null then null
  when exists (
    select 1 from ${passwordResets}
    where ${passwordResets.userId} = ${uid} and ${passwordResets.usedAt} is null
      and ${passwordResets.purpose} = 'invite' and ${passwordResets.expiresAt} > now()
  ) then 'pending'
  else 'expired' end`;

const siteName = sql<string>`(select ${sites.name} from ${sites} where ${sites.id} = "users"."site_id")`;

/** The users whose sign-in or PIN is locked now: driven from the (small) auth_failures table. */
const lockedIds = sql`(
  select u2.id from ${users} u2 where lower(u2.email) in (
    select substr(${authFailures.key}, 7) from ${authFailures} where ${authFailures.key} like 'login:%' and ${authFailures.lockedUntil} > now())
  union
  select substr(${authFailures.key}, 5)::int from ${authFailures}
  where ${authFailures.key} like 'pin:%' and ${authFailures.lockedUntil} > now() and substr(${authFailures.key}, 5) ~ '^[0-9]{1,9}$'
)`;

export interface UsersListFilter {
  /** Undefined: every trust (SuperAdmin without a trust). */
  trustId?: number;
  siteId?: number;
  role?: Role;
  /** Start of the last name or of the e-mail address. */
  search?: string;
  active: 'true' | 'false' | 'all';
  locked?: boolean;
}

/** Text typed into a search, as the start of a LIKE pattern: its % and _ are plain characters. */
const prefixPattern = (s: string) => `${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function conditions(f: UsersListFilter): SQL | undefined {
  const where: SQL[] = [];
  if (f.active !== 'all') where.push(eq(users.active, f.active === 'true'));
  if (f.trustId !== undefined) where.push(eq(users.trustId, f.trustId));
  if (f.siteId !== undefined) where.push(eq(users.siteId, f.siteId));
  if (f.role)
    where.push(
      inArray(
        users.id,
        sql`(select ${userRoles.userId} from ${userRoles} inner join ${roles} on ${roles.id} = ${userRoles.roleId} where ${roles.name} = ${f.role})`,
      ),
    );
  if (f.search) {
    // Each arm has its own index (users_search_last, users_search_email): a bitmap OR of two prefix ranges.
    const like = prefixPattern(f.search);
    where.push(sql`(lower(${users.lastName}) like ${like} or lower(${users.email}) like ${like})`);
  }
  if (f.locked !== undefined) where.push(f.locked ? inArray(users.id, lockedIds) : sql`${users.id} not in ${lockedIds}`);
  return where.length ? and(...where) : undefined;
}

export interface UserListRowDb {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  siteId: number;
  roles: Role[];
  active: boolean;
  invitedAt: Date | null;
  siteName?: string;
  locked?: boolean;
  invitation?: 'pending' | 'expired' | null;
}

/** One page in name order (users_trust_name), with the total, in one statement; the admin fields only when asked. */
export async function listUsers(
  db: Db,
  f: UsersListFilter,
  page: number,
  perPage: number,
  admin: boolean,
): Promise<{ rows: UserListRowDb[]; total: number }> {
  const where = conditions(f);
  const base = {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
    siteId: users.siteId,
    roles: roleNames,
    active: users.active,
    invitedAt: users.invitedAt,
    total: sql<number>`count(*) over ()`.mapWith(Number),
  };
  const columns = admin ? { ...base, siteName, locked: lockedSql, invitation: invitationSql } : base;
  const rows = (await db
    .select(columns)
    .from(users)
    .where(where)
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(perPage)
    .offset((page - 1) * perPage)) as (UserListRowDb & { total: number })[];
  if (rows.length) return { rows, total: rows[0]!.total };
  const [counted] = await db.select({ n: count() }).from(users).where(where);
  return { rows: [], total: Number(counted?.n ?? 0) };
}

export type UserRow = typeof users.$inferSelect;

/** The user, held for the rest of the transaction. */
export async function lockUser(tx: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

export async function findUser(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** A user's roles, direct permissions and groups (ids), as the grant rule compares them. */
export async function grantsOf(db: Db, userId: number): Promise<{ roles: Role[]; permissions: Permission[]; groupIds: number[] }> {
  const [r, p, g] = await Promise.all([
    db.select({ name: roles.name }).from(userRoles).innerJoin(roles, eq(roles.id, userRoles.roleId)).where(eq(userRoles.userId, userId)),
    db
      .select({ code: permissions.code })
      .from(userPermissions)
      .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
      .where(eq(userPermissions.userId, userId)),
    db.select({ id: groupUsers.groupId }).from(groupUsers).where(eq(groupUsers.userId, userId)),
  ]);
  return {
    roles: r.map((x) => x.name as Role).sort(),
    permissions: p.map((x) => x.code as Permission).sort(),
    groupIds: g.map((x) => x.id).sort((a, b) => a - b),
  };
}

export async function setRoles(tx: Db, userId: number, names: readonly Role[]): Promise<void> {
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  if (!names.length) return;
  const ids = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(inArray(roles.name, [...names]));
  await tx.insert(userRoles).values(ids.map((r) => ({ userId, roleId: r.id })));
}

export async function setPermissions(tx: Db, userId: number, codes: readonly Permission[]): Promise<void> {
  await tx.delete(userPermissions).where(eq(userPermissions.userId, userId));
  if (!codes.length) return;
  const ids = await tx
    .select({ id: permissions.id })
    .from(permissions)
    .where(inArray(permissions.code, [...codes]));
  await tx.insert(userPermissions).values(ids.map((p) => ({ userId, permissionId: p.id })));
}

export async function setGroups(tx: Db, userId: number, groupIds: readonly number[]): Promise<void> {
  await tx.delete(groupUsers).where(eq(groupUsers.userId, userId));
  if (groupIds.length) await tx.insert(groupUsers).values(groupIds.map((groupId) => ({ groupId, userId })));
}

export async function siteOf(db: Db, siteId: number): Promise<{ id: number; trustId: number; name: string; active: boolean } | undefined> {
  const [row] = await db
    .select({ id: sites.id, trustId: sites.trustId, name: sites.name, active: sites.active })
    .from(sites)
    .where(eq(sites.id, siteId));
  return row;
}

export async function sitesOfTrust(db: Db, trustId: number): Promise<{ id: number; name: string; active: boolean }[]> {
  return db.select({ id: sites.id, name: sites.name, active: sites.active }).from(sites).where(eq(sites.trustId, trustId));
}

export async function trustName(db: Db, trustId: number): Promise<string> {
  const [row] = await db.select({ name: trusts.name }).from(trusts).where(eq(trusts.id, trustId));
  return row?.name ?? '';
}

/** The groups of these ids that belong to the trust (trust-wide, or of the site when `siteId` is given). */
export async function groupsOf(
  db: Db,
  trustId: number,
  ids: readonly number[],
): Promise<{ id: number; name: string; siteId: number | null }[]> {
  if (!ids.length) return [];
  return db
    .select({ id: groups.id, name: groups.name, siteId: groups.siteId })
    .from(groups)
    .where(and(eq(groups.trustId, trustId), inArray(groups.id, [...ids])));
}

export async function groupsOfTrust(db: Db, trustId: number): Promise<{ id: number; name: string; siteId: number | null }[]> {
  return db.select({ id: groups.id, name: groups.name, siteId: groups.siteId }).from(groups).where(eq(groups.trustId, trustId));
}

export async function jobTypeIdsOf(db: Db, trustId: number, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: jobTypes.id })
    .from(jobTypes)
    .where(and(eq(jobTypes.trustId, trustId), inArray(jobTypes.id, [...ids])));
  return rows.map((r) => r.id);
}

export async function poolOf(db: Db, trustId: number, id: number): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db
    .select({ id: outsourcingPools.id, name: outsourcingPools.name })
    .from(outsourcingPools)
    .where(and(eq(outsourcingPools.trustId, trustId), eq(outsourcingPools.id, id)));
  return row;
}

/** The active users among `ids` of the trust holding any of the roles. */
export async function activeWithRole(db: Db, trustId: number, ids: readonly number[], role: readonly Role[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(users.trustId, trustId), eq(users.active, true), inArray(users.id, [...ids]), inArray(roles.name, [...role])));
  return rows.map((r) => r.id);
}

/** Other active TrustAdmins of the trust than `exceptId`. */
export async function otherActiveTrustAdmins(db: Db, trustId: number, exceptId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(users.trustId, trustId), eq(users.active, true), eq(roles.name, 'TrustAdmin'), ne(users.id, exceptId)));
  return Number(row?.n ?? 0);
}

export async function emailTaken(db: Db, email: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, exceptId === undefined ? undefined : ne(users.id, exceptId)))
    .limit(1);
  return !!row;
}

/** Which of these e-mail addresses (lower case) already belong to a user. */
export async function takenEmails(db: Db, emails: readonly string[]): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const rows = await db
    .select({ email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, [...emails]));
  return new Set(rows.map((r) => r.email));
}

// ---- Work in progress ----

/** Statuses in which a dictation is still its author's work (not yet sent or handed to distribution). */
export const OPEN_STATUSES = [
  'DRAFT',
  'AUTHOR_APPROVAL',
  'READY_FOR_TYPING',
  'RECEIVED',
  'BEING_TYPED',
  'OUTSOURCED',
  'OUTSOURCED_REVIEW',
  'QA_REVIEW',
] as const;

const liveDelegationOf = (userId: number) =>
  and(
    isNull(approvalDelegations.revokedAt),
    sql`(${approvalDelegations.delegateId} = ${userId} or ${approvalDelegations.authorId} = ${userId})`,
  );

export async function workOf(db: Db, userId: number): Promise<UserWork> {
  const open = and(eq(dictations.authorId, userId), isNull(dictations.deletedAt), inArray(dictations.status, [...OPEN_STATUSES]));
  const [row] = await db
    .select({
      authored: sql<number>`(select count(*) from ${dictations} where ${open})`.mapWith(Number),
      approvals: sql<number>`(select count(*) from ${dictations} where ${open} and ${dictations.status} = 'AUTHOR_APPROVAL')`.mapWith(
        Number,
      ),
      typing:
        sql<number>`(select count(*) from ${dictations} where ${dictations.assignedTo} = ${userId} and ${dictations.status} = 'BEING_TYPED' and ${dictations.deletedAt} is null)`.mapWith(
          Number,
        ),
      delegations: sql<number>`(select count(*) from ${approvalDelegations} where ${liveDelegationOf(userId)})`.mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  return row ?? { authored: 0, approvals: 0, typing: 0, delegations: 0 };
}

/**
 * Hands a deactivated user's work on, in the caller's transaction: their open dictations to `heirId`
 * (cover grants they made go with the letter); dictations they were typing back to the queue, or to
 * `typistHeirId`; delegations naming them as delegate are revoked, those for them as author move to the heir.
 */
export async function handOnWork(tx: Db, userId: number, by: number, heirId: number | null, typistHeirId: number | null): Promise<void> {
  if (heirId !== null) {
    await tx
      .update(dictations)
      .set({ authorId: heirId })
      .where(and(eq(dictations.authorId, userId), isNull(dictations.deletedAt), inArray(dictations.status, [...OPEN_STATUSES])));
  }
  const typing = and(eq(dictations.assignedTo, userId), eq(dictations.status, 'BEING_TYPED'), isNull(dictations.deletedAt));
  if (typistHeirId !== null) await tx.update(dictations).set({ assignedTo: typistHeirId }).where(typing);
  else await tx.update(dictations).set({ assignedTo: null, status: 'READY_FOR_TYPING' }).where(typing);
  const now = new Date();
  const live = await tx
    .select({
      id: approvalDelegations.id,
      delegateId: approvalDelegations.delegateId,
      authorId: approvalDelegations.authorId,
      trustId: approvalDelegations.trustId,
    })
    .from(approvalDelegations)
    .where(liveDelegationOf(userId));
  for (const d of live) {
    await tx.update(approvalDelegations).set({ revokedAt: now, revokedBy: by }).where(eq(approvalDelegations.id, d.id));
    if (d.authorId === userId && heirId !== null && d.delegateId !== heirId) {
      await tx
        .insert(approvalDelegations)
        .values({ trustId: d.trustId, delegateId: d.delegateId, authorId: heirId, setBy: by })
        .onConflictDoNothing();
    }
  }
}

// ---- Delegations the edit page sets (secretarial cover) ----

export async function delegationsOf(
  db: Db,
  userId: number,
): Promise<{
  approvesFor: { id: number; firstName: string; lastName: string }[];
  approvedBy: { id: number; firstName: string; lastName: string }[];
}> {
  const [approvesFor, approvedBy] = await Promise.all([
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(approvalDelegations)
      .innerJoin(users, eq(users.id, approvalDelegations.authorId))
      .where(and(eq(approvalDelegations.delegateId, userId), isNull(approvalDelegations.revokedAt)))
      .orderBy(asc(users.lastName), asc(users.firstName)),
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(approvalDelegations)
      .innerJoin(users, eq(users.id, approvalDelegations.delegateId))
      .where(and(eq(approvalDelegations.authorId, userId), isNull(approvalDelegations.revokedAt)))
      .orderBy(asc(users.lastName), asc(users.firstName)),
  ]);
  return { approvesFor, approvedBy };
}

/** Makes the user's live delegations as delegate exactly `authorIds`: new ones set, dropped ones revoked. */
export async function setApprovesFor(tx: Db, trustId: number, userId: number, authorIds: readonly number[], by: number): Promise<void> {
  const live = await tx
    .select({ id: approvalDelegations.id, authorId: approvalDelegations.authorId })
    .from(approvalDelegations)
    .where(and(eq(approvalDelegations.delegateId, userId), isNull(approvalDelegations.revokedAt)));
  const now = new Date();
  for (const d of live)
    if (!authorIds.includes(d.authorId))
      await tx.update(approvalDelegations).set({ revokedAt: now, revokedBy: by }).where(eq(approvalDelegations.id, d.id));
  const have = new Set(live.map((d) => d.authorId));
  const add = authorIds.filter((a) => !have.has(a));
  if (add.length)
    await tx.insert(approvalDelegations).values(add.map((authorId) => ({ trustId, delegateId: userId, authorId, setBy: by })));
}

// ---- Details ----

export async function groupDetails(
  db: Db,
  userId: number,
): Promise<{ groups: { id: number; name: string }[]; groupPermissions: Permission[] }> {
  const [g, p] = await Promise.all([
    db
      .select({ id: groups.id, name: groups.name })
      .from(groupUsers)
      .innerJoin(groups, eq(groups.id, groupUsers.groupId))
      .where(eq(groupUsers.userId, userId))
      .orderBy(asc(groups.name)),
    db
      .selectDistinct({ code: permissions.code })
      .from(groupUsers)
      .innerJoin(groupPermissions, eq(groupPermissions.groupId, groupUsers.groupId))
      .innerJoin(permissions, eq(permissions.id, groupPermissions.permissionId))
      .where(eq(groupUsers.userId, userId)),
  ]);
  return { groups: g, groupPermissions: p.map((x) => x.code as Permission).sort() };
}

export async function accountState(db: Db, userId: number): Promise<{ locked: boolean; invitation: 'pending' | 'expired' | null }> {
  const [row] = await db.select({ locked: lockedSql, invitation: invitationSql }).from(users).where(eq(users.id, userId));
  return row ?? { locked: false, invitation: null };
}

export async function unlockKeys(db: Db, email: string, userId: number): Promise<void> {
  await db.delete(authFailures).where(inArray(authFailures.key, [`login:${email.trim().toLowerCase()}`, `pin:${userId}`]));
}

/** Every session of the user asks for the PIN again (a cleared PIN: they set a new one). */
export async function clearPinVerification(db: Db, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ pinVerifiedAt: null })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function clearPinLock(db: Db, userId: number): Promise<void> {
  await db.delete(authFailures).where(eq(authFailures.key, `pin:${userId}`));
}
