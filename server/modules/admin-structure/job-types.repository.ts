/** Job types (issue 25): SQL only. job_types is a small per-trust table; every query names its trust or its id. */
import { and, asc, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { departments, dictations, jobTypes, users, type JobTypeField } from '../../db/schema';
import { containsPattern } from './scope';

export type JobTypeValues = Omit<typeof jobTypes.$inferInsert, 'id' | 'createdAt'>;

export interface JobTypeRow {
  id: number;
  trustId: number;
  name: string;
  departmentId: number | null;
  department: { id: number; name: string; code: string; active: boolean } | null;
  recipient: string[];
  copy: string[];
  customFields: JobTypeField[];
  template: string[];
  qaRequired: boolean;
  qaPercent: number;
  outsourcingAllowed: boolean;
  turnaroundDays: number | null;
  coverAllowed: boolean;
  active: boolean;
}

const columns = {
  id: jobTypes.id,
  trustId: jobTypes.trustId,
  name: jobTypes.name,
  departmentId: jobTypes.departmentId,
  depId: departments.id,
  depName: departments.name,
  depCode: departments.code,
  depActive: departments.active,
  recipient: jobTypes.recipient,
  copy: jobTypes.copy,
  customFields: jobTypes.customFields,
  template: jobTypes.template,
  qaRequired: jobTypes.qaRequired,
  qaPercent: jobTypes.qaPercent,
  outsourcingAllowed: jobTypes.outsourcingAllowed,
  turnaroundDays: jobTypes.turnaroundDays,
  coverAllowed: jobTypes.coverAllowed,
  active: jobTypes.active,
};

type Selected = { depId: number | null; depName: string | null; depCode: string | null; depActive: boolean | null } & Omit<
  JobTypeRow,
  'department'
>;

function toRow({ depId, depName, depCode, depActive, ...r }: Selected): JobTypeRow {
  return { ...r, department: depId === null ? null : { id: depId, name: depName!, code: depCode!, active: depActive! } };
}

const selectJobTypes = (db: Db) => db.select(columns).from(jobTypes).leftJoin(departments, eq(departments.id, jobTypes.departmentId));

export interface JobTypesFilter {
  trustId: number;
  search?: string;
  active?: boolean;
  departmentId?: number;
}

function conditions(f: JobTypesFilter): SQL {
  const where: SQL[] = [eq(jobTypes.trustId, f.trustId)];
  if (f.active !== undefined) where.push(eq(jobTypes.active, f.active));
  if (f.departmentId !== undefined) where.push(eq(jobTypes.departmentId, f.departmentId));
  if (f.search) where.push(sql`lower(${jobTypes.name}) like ${containsPattern(f.search)}`);
  return and(...where)!;
}

/** One page of the trust's job types by department (every department's first), then by name, with the total. */
export async function listJobTypes(
  db: Db,
  f: JobTypesFilter,
  page: number,
  perPage: number,
): Promise<{ rows: JobTypeRow[]; total: number }> {
  const where = conditions(f);
  const rows = await db
    .select({ ...columns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(jobTypes)
    .leftJoin(departments, eq(departments.id, jobTypes.departmentId))
    .where(where)
    .orderBy(sql`${departments.name} is not null`, sql`lower(${departments.name})`, sql`lower(${jobTypes.name})`, asc(jobTypes.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  if (rows.length) return { rows: rows.map(toRow), total: rows[0]!.total };
  const [counted] = await db.select({ n: count() }).from(jobTypes).where(where);
  return { rows: [], total: Number(counted?.n ?? 0) };
}

export async function findJobType(db: Db, id: number): Promise<JobTypeRow | undefined> {
  const [row] = await selectJobTypes(db).where(eq(jobTypes.id, id));
  return row ? toRow(row) : undefined;
}

/** The job type, held for the rest of the transaction (a change or a deletion). */
export async function lockJobType(tx: Db, id: number): Promise<JobTypeRow | undefined> {
  const [held] = await tx.select({ id: jobTypes.id }).from(jobTypes).where(eq(jobTypes.id, id)).for('update');
  return held ? findJobType(tx, id) : undefined;
}

/** Whether another job type of the trust has this name, in any letter case. */
export async function jobTypeNameTaken(db: Db, trustId: number, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: jobTypes.id })
    .from(jobTypes)
    .where(
      and(
        eq(jobTypes.trustId, trustId),
        sql`lower(${jobTypes.name}) = ${name.toLowerCase()}`,
        exceptId === undefined ? undefined : ne(jobTypes.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A department as a job type may name it: its trust and whether it is active. */
export async function departmentForJobType(db: Db, id: number): Promise<{ trustId: number; active: boolean } | undefined> {
  const [row] = await db
    .select({ trustId: departments.trustId, active: departments.active })
    .from(departments)
    .where(eq(departments.id, id));
  return row;
}

export async function insertJobType(db: Db, v: JobTypeValues): Promise<number> {
  const [row] = await db.insert(jobTypes).values(v).returning({ id: jobTypes.id });
  return row!.id;
}

export async function updateJobType(db: Db, id: number, v: Partial<JobTypeValues>): Promise<void> {
  await db.update(jobTypes).set(v).where(eq(jobTypes.id, id));
}

export async function deleteJobType(db: Db, id: number): Promise<void> {
  await db.delete(jobTypes).where(eq(jobTypes.id, id));
}

/** What refers to the job type: dictations (deleted ones too: they are kept) and users' job-type filters. */
export async function jobTypeUses(db: Db, id: number) {
  const [row] = await db
    .select({
      dictations: sql<number>`(select count(*) from ${dictations} where ${dictations.jobTypeId} = ${id})`.mapWith(Number),
      users: sql<number>`(select count(*) from ${users} where ${users.jobtypeFilter} @> ${JSON.stringify([id])}::jsonb)`.mapWith(Number),
    })
    .from(jobTypes)
    .where(eq(jobTypes.id, id));
  return row ?? { dictations: 0, users: 0 };
}
