/** Standing delegations of approval (issue 22): SQL only. */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Role } from '../../../src/domain/roles';
import type { Db } from '../../db/client';
import { approvalDelegations, roles, userRoles, users } from '../../db/schema';

export interface DelegationRow {
  id: number;
  trustId: number;
  delegate: { id: number; full_name: string; siteId: number };
  author: { id: number; full_name: string; siteId: number };
  setBy: { id: number; full_name: string };
  setAt: Date;
  revokedAt: Date | null;
}

const fullName = (u: { firstName: AnyPgColumn; lastName: AnyPgColumn }) => sql<string>`trim(${u.firstName} || ' ' || ${u.lastName})`;

const delegate = alias(users, 'delegate');
const author = alias(users, 'author');
const setter = alias(users, 'setter');

function selectDelegations(db: Db) {
  return db
    .select({
      id: approvalDelegations.id,
      trustId: approvalDelegations.trustId,
      delegate: { id: delegate.id, full_name: fullName(delegate), siteId: delegate.siteId },
      author: { id: author.id, full_name: fullName(author), siteId: author.siteId },
      setBy: { id: setter.id, full_name: fullName(setter) },
      setAt: approvalDelegations.setAt,
      revokedAt: approvalDelegations.revokedAt,
    })
    .from(approvalDelegations)
    .innerJoin(delegate, eq(delegate.id, approvalDelegations.delegateId))
    .innerJoin(author, eq(author.id, approvalDelegations.authorId))
    .innerJoin(setter, eq(setter.id, approvalDelegations.setBy));
}

/** The trust's live delegations, newest first. */
export async function liveDelegationsOfTrust(db: Db, trustId: number): Promise<DelegationRow[]> {
  return selectDelegations(db)
    .where(and(eq(approvalDelegations.trustId, trustId), isNull(approvalDelegations.revokedAt)))
    .orderBy(desc(approvalDelegations.setAt), desc(approvalDelegations.id));
}

export async function findDelegation(db: Db, trustId: number, id: number): Promise<DelegationRow | undefined> {
  const [row] = await selectDelegations(db)
    .where(and(eq(approvalDelegations.id, id), eq(approvalDelegations.trustId, trustId)))
    .limit(1);
  return row;
}

/** The live delegation from this author to this delegate, if any (an approval under it names it). */
export async function liveDelegation(db: Db, delegateId: number, authorId: number): Promise<DelegationRow | undefined> {
  const [row] = await selectDelegations(db)
    .where(
      and(
        eq(approvalDelegations.delegateId, delegateId),
        eq(approvalDelegations.authorId, authorId),
        isNull(approvalDelegations.revokedAt),
      ),
    )
    .limit(1);
  return row;
}

/** The authors this user may approve for by a live delegation. */
export async function authorsDelegatedTo(db: Db, delegateId: number): Promise<number[]> {
  const rows = await db
    .select({ authorId: approvalDelegations.authorId })
    .from(approvalDelegations)
    .where(and(eq(approvalDelegations.delegateId, delegateId), isNull(approvalDelegations.revokedAt)));
  return rows.map((r) => r.authorId);
}

/**
 * Holds a live delegation for the rest of the transaction (an approval under it), so a revocation waits
 * for the approval or the approval sees it revoked. False when it is no longer live.
 */
export async function holdLiveDelegation(tx: Db, id: number): Promise<boolean> {
  const rows = await tx
    .select({ id: approvalDelegations.id })
    .from(approvalDelegations)
    .where(and(eq(approvalDelegations.id, id), isNull(approvalDelegations.revokedAt)))
    .for('share');
  return rows.length > 0;
}

/** A new live delegation; undefined when the pair already has one (the unique index decides). */
export async function insertDelegation(
  db: Db,
  values: { trustId: number; delegateId: number; authorId: number; setBy: number },
): Promise<number | undefined> {
  const [row] = await db
    .insert(approvalDelegations)
    .values(values)
    .onConflictDoNothing({
      target: [approvalDelegations.delegateId, approvalDelegations.authorId],
      where: sql`revoked_at IS NULL`,
    })
    .returning({ id: approvalDelegations.id });
  return row?.id;
}

/** Revokes a live delegation; false when it was already revoked. */
export async function revokeDelegation(db: Db, id: number, by: number): Promise<boolean> {
  const rows = await db
    .update(approvalDelegations)
    .set({ revokedAt: new Date(), revokedBy: by })
    .where(and(eq(approvalDelegations.id, id), isNull(approvalDelegations.revokedAt)))
    .returning({ id: approvalDelegations.id });
  return rows.length > 0;
}

export interface TrustPerson {
  id: number;
  full_name: string;
  siteId: number;
  trustId: number;
  roles: Role[];
}

/** Active users of the trust (of one site, when given) holding any of these roles, in name order. */
export async function peopleWithRoles(db: Db, trustId: number, siteId: number | null, roleNames: Role[]): Promise<TrustPerson[]> {
  const rows = await db
    .selectDistinct({
      id: users.id,
      full_name: fullName(users),
      siteId: users.siteId,
      trustId: users.trustId,
      lastName: users.lastName,
      firstName: users.firstName,
    })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      and(
        eq(users.trustId, trustId),
        eq(users.active, true),
        isNull(users.outsourcingPoolId),
        siteId === null ? undefined : eq(users.siteId, siteId),
        inArray(roles.name, roleNames),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  return rows.map((r) => ({ id: r.id, full_name: r.full_name, siteId: r.siteId, trustId: r.trustId, roles: [] }));
}

/** One user with their roles; undefined when there is none. */
export async function personWithRoles(db: Db, userId: number): Promise<TrustPerson | undefined> {
  const rows = await db
    .select({
      id: users.id,
      full_name: fullName(users),
      siteId: users.siteId,
      trustId: users.trustId,
      active: users.active,
      pool: users.outsourcingPoolId,
      role: roles.name,
    })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(users.id, userId));
  const first = rows[0];
  if (!first) return undefined;
  // An inactive account or an external typist approves for nobody.
  const roleNames = first.active && first.pool === null ? rows.map((r) => r.role).filter((r): r is string => r !== null) : [];
  return { id: first.id, full_name: first.full_name, siteId: first.siteId, trustId: first.trustId, roles: roleNames as Role[] };
}
