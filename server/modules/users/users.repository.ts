import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Role } from '../../../src/domain/roles';
import type { UserSummary } from '../../../src/domain/contract';
import type { Db } from '../../db/client';
import { roles, userRoles, users } from '../../db/schema';
import { fullName } from '../../../src/domain/display-format';

export interface UsersFilter {
  /** Only this trust's users; undefined for every trust (SuperAdmin). */
  trustId?: number;
  siteId?: number;
  role?: Role;
}

/** The ids of users holding a role (a subquery). */
const roleMembers = (role: Role) =>
  sql`(select ${userRoles.userId} from ${userRoles} inner join ${roles} on ${roles.id} = ${userRoles.roleId} where ${roles.name} = ${role})`;

function conditions(f: UsersFilter): SQL[] {
  const where: SQL[] = [eq(users.active, true)];
  if (f.trustId !== undefined) where.push(eq(users.trustId, f.trustId));
  if (f.siteId !== undefined) where.push(eq(users.siteId, f.siteId));
  if (f.role) where.push(inArray(users.id, roleMembers(f.role)));
  return where;
}

/**
 * A user's role names, as one JSON array, computed in the same query as the user. The outer id is
 * qualified by hand: drizzle leaves columns unqualified in a one-table select, and `id` would name roles.id.
 */
const roleNames = sql<Role[]>`coalesce((
  select json_agg(${roles.name} order by ${roles.name})
  from ${userRoles} inner join ${roles} on ${roles.id} = ${userRoles.roleId}
  where ${userRoles.userId} = ${users}.${sql.identifier(users.id.name)}
), '[]'::json)`;

const summaryColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  siteId: users.siteId,
  roles: roleNames,
};

type SummaryRow = { id: number; firstName: string; lastName: string; email: string; siteId: number; roles: Role[] };

const toSummary = (r: SummaryRow): UserSummary => ({
  id: r.id,
  full_name: fullName(r.firstName, r.lastName),
  email: r.email,
  site_id: r.siteId,
  roles: r.roles.map((name) => ({ name })),
});

/**
 * One page of users with their roles and the total, in one query (roles aggregated per row, the
 * total as a window count). Only a page past the end, which has no row to carry the total, asks again.
 */
export async function listUsersPage(
  db: Db,
  f: UsersFilter,
  page: number,
  perPage: number,
): Promise<{ data: UserSummary[]; total: number }> {
  const where = and(...conditions(f));
  const rows = await db
    .select({ ...summaryColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(users)
    .where(where)
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  if (rows.length) return { data: rows.map(toSummary), total: rows[0]!.total };
  const [counted] = await db.select({ n: count() }).from(users).where(where);
  return { data: [], total: Number(counted?.n ?? 0) };
}

/** One active user's summary and trust, or undefined. */
export async function findUserSummary(db: Db, id: number): Promise<{ trustId: number; summary: UserSummary } | undefined> {
  const [row] = await db
    .select({ ...summaryColumns, trustId: users.trustId })
    .from(users)
    .where(and(eq(users.id, id), eq(users.active, true)));
  return row ? { trustId: row.trustId, summary: toSummary(row) } : undefined;
}
