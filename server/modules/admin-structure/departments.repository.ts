/** Departments (issue 25): SQL only. Every query names its trust; the unique indexes are (trust, code) and (trust, lower(name)). */
import { and, asc, count, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { autotexts, departments, dictations, jobTypes, settingValues } from '../../db/schema';
import { containsPattern } from './scope';

export interface DepartmentRow {
  id: number;
  trustId: number;
  name: string;
  code: string;
  active: boolean;
  jobTypes: number;
}

/**
 * How many job types belong to the department (job_types is a small per-trust table). The outer id is
 * qualified by hand: drizzle leaves columns unqualified in a one-table select, and `id` would name job_types.id.
 */
const jobTypeCount =
  sql<number>`(select count(*) from ${jobTypes} where ${jobTypes.departmentId} = ${departments}.${sql.identifier(departments.id.name)})`.mapWith(
    Number,
  );

const columns = {
  id: departments.id,
  trustId: departments.trustId,
  name: departments.name,
  code: departments.code,
  active: departments.active,
  jobTypes: jobTypeCount,
};

export interface DepartmentsFilter {
  trustId: number;
  search?: string;
  active?: boolean;
}

function conditions(f: DepartmentsFilter): SQL {
  const where: SQL[] = [eq(departments.trustId, f.trustId)];
  if (f.active !== undefined) where.push(eq(departments.active, f.active));
  if (f.search) {
    const like = containsPattern(f.search);
    where.push(or(sql`lower(${departments.name}) like ${like}`, sql`lower(${departments.code}) like ${like}`)!);
  }
  return and(...where)!;
}

/** One page of the trust's departments in name order (the (trust, lower(name)) index), with the total, in one query. */
export async function listDepartments(
  db: Db,
  f: DepartmentsFilter,
  page: number,
  perPage: number,
): Promise<{ rows: DepartmentRow[]; total: number }> {
  const where = conditions(f);
  const rows = await db
    .select({ ...columns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(departments)
    .where(where)
    .orderBy(sql`lower(${departments.name})`, asc(departments.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  if (rows.length) return { rows, total: rows[0]!.total };
  const [counted] = await db.select({ n: count() }).from(departments).where(where);
  return { rows: [], total: Number(counted?.n ?? 0) };
}

export async function findDepartment(db: Db, id: number): Promise<DepartmentRow | undefined> {
  const [row] = await db.select(columns).from(departments).where(eq(departments.id, id));
  return row;
}

/** The department, held for the rest of the transaction (a change or a deletion). */
export async function lockDepartment(tx: Db, id: number): Promise<DepartmentRow | undefined> {
  const [row] = await tx
    .select({
      id: departments.id,
      trustId: departments.trustId,
      name: departments.name,
      code: departments.code,
      active: departments.active,
    })
    .from(departments)
    .where(eq(departments.id, id))
    .for('update');
  return row ? { ...row, jobTypes: 0 } : undefined;
}

/** Which of the name (any letter case) and the code another department of the trust already has. */
export async function departmentClashes(
  db: Db,
  trustId: number,
  v: { name?: string; code?: string },
  exceptId?: number,
): Promise<{ name: boolean; code: boolean }> {
  const either: SQL[] = [];
  if (v.name !== undefined) either.push(sql`lower(${departments.name}) = ${v.name.toLowerCase()}`);
  if (v.code !== undefined) either.push(eq(departments.code, v.code));
  if (!either.length) return { name: false, code: false };
  const rows = await db
    .select({ name: departments.name, code: departments.code })
    .from(departments)
    .where(and(eq(departments.trustId, trustId), or(...either), exceptId === undefined ? undefined : ne(departments.id, exceptId)));
  return {
    name: v.name !== undefined && rows.some((r) => r.name.toLowerCase() === v.name!.toLowerCase()),
    code: v.code !== undefined && rows.some((r) => r.code === v.code),
  };
}

export async function insertDepartment(db: Db, v: { trustId: number; name: string; code: string }): Promise<number> {
  const [row] = await db.insert(departments).values(v).returning({ id: departments.id });
  return row!.id;
}

export async function updateDepartment(db: Db, id: number, v: { name?: string; code?: string; active?: boolean }): Promise<void> {
  await db.update(departments).set(v).where(eq(departments.id, id));
}

export async function deleteDepartment(db: Db, id: number): Promise<void> {
  await db.delete(departments).where(eq(departments.id, id));
}

/** What refers to the department: its job types, dictations (deleted ones too: they are kept), autotexts, settings. */
export async function departmentUses(db: Db, id: number) {
  const [row] = await db
    .select({
      jobTypes: sql<number>`(select count(*) from ${jobTypes} where ${jobTypes.departmentId} = ${id})`.mapWith(Number),
      dictations: sql<number>`(select count(*) from ${dictations} where ${dictations.departmentId} = ${id})`.mapWith(Number),
      autotexts: sql<number>`(select count(*) from ${autotexts} where ${autotexts.departmentId} = ${id})`.mapWith(Number),
      settings:
        sql<number>`(select count(*) from ${settingValues} where ${settingValues.scope} = 'department' and ${settingValues.scopeId} = ${id})`.mapWith(
          Number,
        ),
    })
    .from(departments)
    .where(eq(departments.id, id));
  return row ?? { jobTypes: 0, dictations: 0, autotexts: 0, settings: 0 };
}
