/**
 * Departments (issue 25): a trust's services, each with a name and a short code, both unique in the trust.
 * One that nothing refers to may be deleted; one in use is deactivated instead (kept on its work, no longer
 * offered for new work). Every change is audited with the department before and after.
 */
import type { Department, departmentCreateSchema, departmentsQuerySchema, departmentUpdateSchema } from '../../../src/domain/contract';
import type { z } from 'zod';
import { PAGE_MESSAGES } from '../../../src/domain/messages';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/db-errors';
import { appError, Errors } from '../../lib/errors';
import type { RequestAuth } from '../auth/request-auth';
import {
  deleteDepartment,
  departmentClashes,
  departmentUses,
  findDepartment,
  insertDepartment,
  listDepartments,
  lockDepartment,
  updateDepartment,
  type DepartmentRow,
} from './departments.repository';
import { mustReach, reachableTrust, type TrustRef } from './scope';

type Snapshot = Pick<DepartmentRow, 'name' | 'code' | 'active'>;
const snapshot = (d: Snapshot): Snapshot => ({ name: d.name, code: d.code, active: d.active });

export const toDepartment = (r: DepartmentRow): Department => ({
  id: r.id,
  trust_id: r.trustId,
  name: r.name,
  code: r.code,
  active: r.active,
  job_types: r.jobTypes,
});

/** A name or code another department of the trust has: 422, each field saying which. */
function clashError(clash: { name: boolean; code: boolean }, v: { name?: string; code?: string }) {
  const fields: Record<string, string[]> = {};
  if (clash.name) fields.name = [PAGE_MESSAGES.departmentNameTaken(v.name!)];
  if (clash.code) fields.code = [PAGE_MESSAGES.departmentCodeTaken(v.code!)];
  const e = clash.name ? appError('department_name_taken', v.name!) : appError('department_code_taken', v.code!);
  return e.withFields(fields);
}

/** A violation of a foreign key (SQLSTATE 23503): something still refers to the row. */
const isReferenced = (err: unknown) => {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  return e?.code === '23503' || e?.cause?.code === '23503';
};

export function createDepartmentService(db: Db) {
  /** A unique index refused the row after the check passed (two saves at once): say which field, as the check would have. */
  async function uniqueRefusal(err: unknown, trustId: number, v: { name?: string; code?: string }, exceptId?: number): Promise<never> {
    if (!isUniqueViolation(err)) throw err;
    const clash = await departmentClashes(db, trustId, v, exceptId);
    throw clashError(clash.name || clash.code ? clash : { name: false, code: true }, v);
  }

  return {
    /** GET /api/departments: one page of a trust's departments. */
    async list(
      auth: RequestAuth,
      q: z.infer<typeof departmentsQuerySchema>,
    ): Promise<{ trust: TrustRef; data: Department[]; total: number }> {
      const trust = await reachableTrust(db, auth, q.trust_id);
      const { rows, total } = await listDepartments(
        db,
        { trustId: trust.id, search: q.search || undefined, active: q.active },
        q.page,
        q.paginate,
      );
      return { trust, data: rows.map(toDepartment), total };
    },

    async get(auth: RequestAuth, id: number): Promise<Department> {
      const row = await findDepartment(db, id);
      mustReach(auth, row);
      return toDepartment(row as DepartmentRow);
    },

    /** POST /api/departments. */
    async create(auth: RequestAuth, body: z.infer<typeof departmentCreateSchema>, ip: string): Promise<Department> {
      const trust = await reachableTrust(db, auth, body.trust_id);
      const v = { name: body.name, code: body.code };
      const clash = await departmentClashes(db, trust.id, v);
      if (clash.name || clash.code) throw clashError(clash, v);
      const id = await insertDepartment(db, { trustId: trust.id, ...v }).catch((err: unknown) => uniqueRefusal(err, trust.id, v));
      await audit(db, {
        trustId: trust.id,
        userId: auth.ctx.user.id,
        action: 'department.created',
        entityType: 'department',
        entityId: id,
        details: { before: null, after: { ...v, active: true } },
        ip,
      });
      return toDepartment((await findDepartment(db, id))!);
    },

    /** PATCH /api/departments/{id}: rename, change the code, deactivate or reactivate. */
    async update(auth: RequestAuth, id: number, patch: z.infer<typeof departmentUpdateSchema>, ip: string): Promise<Department> {
      let trustId = 0;
      try {
        await db.transaction(async (tx) => {
          const row = await lockDepartment(tx, id);
          mustReach(auth, row);
          trustId = row.trustId;
          const before = snapshot(row as DepartmentRow);
          const after = { ...before, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) } as Snapshot;
          const changed = {
            name: after.name !== before.name ? after.name : undefined,
            code: after.code !== before.code ? after.code : undefined,
          };
          const clash = await departmentClashes(tx, row.trustId, changed, id);
          if (clash.name || clash.code) throw clashError(clash, changed);
          if (after.name === before.name && after.code === before.code && after.active === before.active) return;
          await updateDepartment(tx, id, after);
          const onlyActive = after.name === before.name && after.code === before.code;
          await audit(tx, {
            trustId: row.trustId,
            userId: auth.ctx.user.id,
            action: onlyActive ? (after.active ? 'department.reactivated' : 'department.deactivated') : 'department.updated',
            entityType: 'department',
            entityId: id,
            details: { before, after },
            ip,
          });
        });
      } catch (err) {
        if (trustId) await uniqueRefusal(err, trustId, { name: patch.name, code: patch.code }, id);
        throw err;
      }
      return toDepartment((await findDepartment(db, id))!);
    },

    /** DELETE /api/departments/{id}: only when nothing refers to it; otherwise the user is told to deactivate it. */
    async remove(auth: RequestAuth, id: number, ip: string): Promise<{ message: string }> {
      let name = '';
      try {
        await db.transaction(async (tx) => {
          const row = await lockDepartment(tx, id);
          mustReach(auth, row);
          name = row.name;
          const uses = await departmentUses(tx, id);
          if (uses.jobTypes || uses.dictations || uses.autotexts || uses.settings) throw appError('department_in_use', row.name, uses);
          await deleteDepartment(tx, id);
          await audit(tx, {
            trustId: row.trustId,
            userId: auth.ctx.user.id,
            action: 'department.deleted',
            entityType: 'department',
            entityId: id,
            details: { before: snapshot(row as DepartmentRow), after: null },
            ip,
          });
        });
      } catch (err) {
        // Something came to refer to it between the count and the delete.
        if (isReferenced(err)) throw appError('department_in_use', name, await departmentUses(db, id));
        throw err;
      }
      if (!name) throw Errors.notFound();
      return { message: PAGE_MESSAGES.departmentDeleted(name) };
    },
  };
}

export type DepartmentService = ReturnType<typeof createDepartmentService>;
