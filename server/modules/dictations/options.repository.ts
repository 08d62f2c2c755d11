/** The trust's departments and job types as new work may take them (issue 25: active ones only). */
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { departments, jobTypes } from '../../db/schema';

export type JobTypeRow = typeof jobTypes.$inferSelect;

export function listOpenDepartments(db: Db, trustId: number) {
  return db
    .select({ id: departments.id, name: departments.name, code: departments.code })
    .from(departments)
    .where(and(eq(departments.trustId, trustId), eq(departments.active, true)))
    .orderBy(asc(departments.name));
}

/** An active job type, of every department or of an active one. */
export async function listOpenJobTypes(db: Db, trustId: number): Promise<JobTypeRow[]> {
  const rows = await db
    .select({ jobType: jobTypes })
    .from(jobTypes)
    .leftJoin(departments, eq(departments.id, jobTypes.departmentId))
    .where(and(eq(jobTypes.trustId, trustId), eq(jobTypes.active, true), or(isNull(jobTypes.departmentId), eq(departments.active, true))))
    .orderBy(asc(jobTypes.name));
  return rows.map((r) => r.jobType);
}

/** The trust's department by id (active or not), or undefined. */
export async function findTrustDepartment(db: Db, trustId: number, id: number) {
  const [dep] = await db
    .select({ id: departments.id, active: departments.active })
    .from(departments)
    .where(and(eq(departments.id, id), eq(departments.trustId, trustId)));
  return dep;
}

/** The trust's job type by id (active or not) with its custom fields, or undefined. */
export async function findTrustJobType(db: Db, trustId: number, id: number) {
  const [jt] = await db
    .select({ id: jobTypes.id, customFields: jobTypes.customFields, active: jobTypes.active })
    .from(jobTypes)
    .where(and(eq(jobTypes.id, id), eq(jobTypes.trustId, trustId)));
  return jt;
}
