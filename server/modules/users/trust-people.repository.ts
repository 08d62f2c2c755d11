/**
 * People of a trust in a role, as the work needs them: the author a dictation is for, the typist it is
 * allocated to, the authors a details form offers. One query, so every such choice refuses a deactivated
 * user or another trust's alike.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Role } from '../../../src/domain/roles';
import type { Db } from '../../db/client';
import { roles, userRoles, users } from '../../db/schema';

export interface TrustPerson {
  id: number;
  firstName: string;
  lastName: string;
}

const person = { id: users.id, firstName: users.firstName, lastName: users.lastName };

/** The active user of this trust holding one of these roles, or undefined. */
export async function findActiveInRole(db: Db, trustId: number, userId: number, anyOf: readonly Role[]): Promise<TrustPerson | undefined> {
  const [row] = await db
    .select(person)
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(users.id, userId), eq(users.trustId, trustId), eq(users.active, true), inArray(roles.name, [...anyOf])))
    .limit(1);
  return row;
}

/** The trust's active users in a role, by last name. */
export async function listActiveInRole(db: Db, trustId: number, role: Role): Promise<TrustPerson[]> {
  return db
    .select(person)
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(users.trustId, trustId), eq(roles.name, role), eq(users.active, true)))
    .orderBy(asc(users.lastName), asc(users.firstName));
}

/** Anyone's name by id (active or not: who held a piece of work), or undefined. */
export async function findPerson(db: Db, userId: number): Promise<TrustPerson | undefined> {
  const [row] = await db.select(person).from(users).where(eq(users.id, userId));
  return row;
}

/** The active users in a role of any of these trusts, with their e-mail (who is told of a trust's problems). */
export async function activeInRoleOfTrusts(db: Db, trustIds: number[], role: Role) {
  if (trustIds.length === 0) return [];
  return db
    .selectDistinct({ id: users.id, trustId: users.trustId, email: users.email })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(roles.name, role), eq(users.active, true), inArray(users.trustId, trustIds)));
}
