import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AutotextScope } from '../../../src/domain/autotext-access';
import type { AutotextSnippet } from '../../../src/domain/contract';
import type { Db } from '../../db/client';
import { autotexts, departments, users } from '../../db/schema';

export type AutotextRow = {
  id: number;
  trustId: number;
  scope: AutotextScope;
  departmentId: number | null;
  departmentName: string | null;
  departmentCode: string | null;
  userId: number | null;
  userFirst: string | null;
  userLast: string | null;
  shortcut: string;
  title: string;
  body: string;
  version: number;
  updatedAt: Date;
};

export interface AutotextValues {
  trustId: number;
  scope: AutotextScope;
  departmentId: number | null;
  userId: number | null;
  shortcut: string;
  title: string;
  body: string;
}

const columns = {
  id: autotexts.id,
  trustId: autotexts.trustId,
  scope: sql<AutotextScope>`${autotexts.scope}`,
  departmentId: autotexts.departmentId,
  departmentName: departments.name,
  departmentCode: departments.code,
  userId: autotexts.userId,
  userFirst: users.firstName,
  userLast: users.lastName,
  shortcut: autotexts.shortcut,
  title: autotexts.title,
  body: autotexts.body,
  version: autotexts.version,
  updatedAt: autotexts.updatedAt,
};

/** What one user may use in their trust: the shared snippets and their own. */
function usableBy(trustId: number, userId: number): SQL {
  return and(eq(autotexts.trustId, trustId), or(sql`${autotexts.scope} <> 'user'`, eq(autotexts.userId, userId)))!;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listAutotextPage(
  db: Db,
  f: { trustId: number; userId: number; search?: string; scope?: AutotextScope },
  page: number,
  perPage: number,
): Promise<{ rows: AutotextRow[]; total: number }> {
  const where: SQL[] = [usableBy(f.trustId, f.userId)];
  if (f.scope) where.push(eq(autotexts.scope, f.scope));
  if (f.search) {
    const pattern = `%${escapeLike(f.search)}%`;
    where.push(or(ilike(autotexts.shortcut, pattern), ilike(autotexts.title, pattern))!);
  }
  const rows = await db
    .select({ ...columns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(autotexts)
    .leftJoin(departments, eq(departments.id, autotexts.departmentId))
    .leftJoin(users, eq(users.id, autotexts.userId))
    .where(and(...where))
    .orderBy(asc(sql`lower(${autotexts.shortcut})`), asc(autotexts.scope), asc(autotexts.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  if (rows.length) return { rows, total: rows[0]!.total };
  const [counted] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(autotexts)
    .where(and(...where));
  return { rows: [], total: counted?.n ?? 0 };
}

/** Most users have tens of snippets; the cap keeps a runaway import from making the editor's copy huge. */
const USABLE_CAP = 5000;

export async function listUsable(db: Db, trustId: number, userId: number): Promise<AutotextSnippet[]> {
  return db
    .select({
      id: autotexts.id,
      scope: sql<AutotextScope>`${autotexts.scope}`,
      department_id: autotexts.departmentId,
      shortcut: autotexts.shortcut,
      title: autotexts.title,
      body: autotexts.body,
    })
    .from(autotexts)
    .where(usableBy(trustId, userId))
    .orderBy(asc(sql`lower(${autotexts.shortcut})`), asc(autotexts.id))
    .limit(USABLE_CAP);
}

export async function findAutotext(db: Db, id: number): Promise<AutotextRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(autotexts)
    .leftJoin(departments, eq(departments.id, autotexts.departmentId))
    .leftJoin(users, eq(users.id, autotexts.userId))
    .where(eq(autotexts.id, id));
  return row;
}

/** The id of a snippet with this shortcut in the same scope (any letter case), other than `exceptId`. */
export async function findSameShortcut(db: Db, v: AutotextValues, exceptId?: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: autotexts.id })
    .from(autotexts)
    .where(
      and(
        eq(autotexts.trustId, v.trustId),
        eq(autotexts.scope, v.scope),
        sql`coalesce(${autotexts.departmentId}, 0) = ${v.departmentId ?? 0}`,
        sql`coalesce(${autotexts.userId}, 0) = ${v.userId ?? 0}`,
        sql`lower(${autotexts.shortcut}) = ${v.shortcut.toLowerCase()}`,
        exceptId === undefined ? undefined : sql`${autotexts.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return row?.id;
}

/** Inserts one snippet; undefined when the scope already has the shortcut (a race the check above lost). */
export async function insertAutotext(db: Db, v: AutotextValues, createdBy: number): Promise<number | undefined> {
  const [row] = await db
    .insert(autotexts)
    .values({ ...v, createdBy })
    .onConflictDoNothing()
    .returning({ id: autotexts.id });
  return row?.id;
}

/**
 * Inserts many in one statement (all or nothing); rows whose shortcut their scope already had are
 * left out of the answer. Each inserted row is named by its scope key, `scope:department:shortcut`.
 */
export async function insertAutotexts(db: Db, rows: AutotextValues[], createdBy: number): Promise<Map<string, number>> {
  if (!rows.length) return new Map();
  const made = await db
    .insert(autotexts)
    .values(rows.map((v) => ({ ...v, createdBy })))
    .onConflictDoNothing()
    .returning({ id: autotexts.id, scope: autotexts.scope, departmentId: autotexts.departmentId, shortcut: autotexts.shortcut });
  return new Map(made.map((m) => [scopeKeyOf(m.scope, m.departmentId, m.shortcut), m.id]));
}

export const scopeKeyOf = (scope: string, departmentId: number | null, shortcut: string) =>
  `${scope}:${departmentId ?? ''}:${shortcut.toLowerCase()}`;

/** Changes the snippet if it is still at `baseVersion` (one statement: of two changes made on one version, one wins); false if not. */
export async function updateAutotext(db: Db, id: number, v: AutotextValues, baseVersion: number): Promise<boolean> {
  const changed = await db
    .update(autotexts)
    .set({ ...v, version: sql`${autotexts.version} + 1`, updatedAt: new Date() })
    .where(and(eq(autotexts.id, id), eq(autotexts.version, baseVersion)))
    .returning({ id: autotexts.id });
  return changed.length > 0;
}

export async function deleteAutotext(db: Db, id: number): Promise<void> {
  await db.delete(autotexts).where(eq(autotexts.id, id));
}

export async function trustDepartments(db: Db, trustId: number) {
  return db
    .select({ id: departments.id, name: departments.name, code: departments.code })
    .from(departments)
    .where(eq(departments.trustId, trustId))
    .orderBy(asc(departments.name));
}

export { isUniqueViolation } from '../../lib/db-errors';
