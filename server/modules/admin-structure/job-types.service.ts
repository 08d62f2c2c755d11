/**
 * Job types (issue 25): the kinds of letter a trust writes. Each has its department (or every department),
 * who its letters go to and who gets a copy, custom fields the author fills in (ids kept across edits, so the
 * values dictations hold stay attached), the headings the typist's letter starts from, QA sampling,
 * outsourcing, a turnaround target and whether approval may be covered. One in use is deactivated, not
 * deleted. Every change is audited with the job type before and after.
 */
import type { z } from 'zod';
import {
  jobTypeProblems,
  withFieldIds,
  type JobType,
  type JobTypeFieldInput,
  type jobTypeCreateSchema,
  type jobTypesQuerySchema,
  type jobTypeUpdateSchema,
} from '../../../src/domain/contract';
import { JOB_TYPE_FIELD_KINDS } from '../../../src/domain/contract/admin-structure';
import { recipientKindSchema } from '../../../src/domain/contract/user';
import { PAGE_MESSAGES } from '../../../src/domain/messages';
import type { Db } from '../../db/client';
import type { JobTypeField } from '../../db/schema';
import { audit } from '../../lib/audit';
import { appError, Errors } from '../../lib/errors';
import type { RequestAuth } from '../auth/request-auth';
import {
  deleteJobType,
  departmentForJobType,
  findJobType,
  insertJobType,
  jobTypeNameTaken,
  jobTypeUses,
  listJobTypes,
  lockJobType,
  updateJobType,
  type JobTypeRow,
  type JobTypeValues,
} from './job-types.repository';
import { mustReach, reachableTrust, type TrustRef } from './scope';

type Party = z.infer<typeof recipientKindSchema>;
const parties = (list: readonly string[]): Party[] => list.filter((p): p is Party => recipientKindSchema.safeParse(p).success);

/** A stored field as the contract gives it: kind text, not required, no options unless said. */
function toField(f: JobTypeField): JobType['custom_fields'][number] {
  const kind = JOB_TYPE_FIELD_KINDS.includes(f.kind as never) ? f.kind! : 'text';
  return { id: f.id, label: f.label, kind, required: f.required ?? false, options: kind === 'choice' ? (f.options ?? []) : [] };
}

export function toJobType(r: JobTypeRow): JobType {
  return {
    id: r.id,
    trust_id: r.trustId,
    name: r.name,
    department: r.department,
    recipient: parties(r.recipient),
    copy: parties(r.copy),
    custom_fields: r.customFields.map(toField),
    template: r.template,
    qa_required: r.qaRequired,
    qa_percent: r.qaPercent,
    outsourcing_allowed: r.outsourcingAllowed,
    turnaround_days: r.turnaroundDays,
    cover_allowed: r.coverAllowed,
    active: r.active,
  };
}

/** What the audit log keeps of a job type: everything but its ids of trust and row. */
function snapshot(j: JobType) {
  const { id: _id, trust_id: _trust, department, ...rest } = j;
  return { ...rest, department_id: department?.id ?? null };
}

/** Fields as stored: each with its id, options only on a choice field. */
function storedFields(fields: readonly JobTypeFieldInput[], taken: readonly string[] = []): JobTypeField[] {
  return withFieldIds(fields, taken).map((f) => ({
    id: f.id,
    label: f.label,
    kind: f.kind,
    required: f.required,
    ...(f.kind === 'choice' ? { options: f.options } : {}),
  }));
}

/** The contract's names as columns (only those given). */
function columnsOf(v: Partial<z.infer<typeof jobTypeCreateSchema>>): Partial<JobTypeValues> {
  const out: Partial<JobTypeValues> = {};
  if (v.name !== undefined) out.name = v.name;
  if (v.department_id !== undefined) out.departmentId = v.department_id;
  if (v.recipient !== undefined) out.recipient = v.recipient;
  if (v.copy !== undefined) out.copy = v.copy;
  if (v.template !== undefined) out.template = v.template;
  if (v.qa_required !== undefined) out.qaRequired = v.qa_required;
  if (v.qa_percent !== undefined) out.qaPercent = v.qa_percent;
  if (v.outsourcing_allowed !== undefined) out.outsourcingAllowed = v.outsourcing_allowed;
  if (v.turnaround_days !== undefined) out.turnaroundDays = v.turnaround_days;
  if (v.cover_allowed !== undefined) out.coverAllowed = v.cover_allowed;
  if (v.active !== undefined) out.active = v.active;
  return out;
}

const nameTaken = (name: string) => appError('job_type_name_taken', name).withFields({ name: [PAGE_MESSAGES.jobTypeNameTaken(name)] });

export function createJobTypeService(db: Db) {
  /** The department a job type is given: this trust's, and active (a job type keeps an inactive one it already had). */
  async function checkDepartment(tx: Db, trustId: number, departmentId: number | null): Promise<void> {
    if (departmentId === null) return;
    const dep = await departmentForJobType(tx, departmentId);
    if (!dep || dep.trustId !== trustId) {
      throw Errors.validation(PAGE_MESSAGES.jobTypeDepartmentUnknown, { department_id: [PAGE_MESSAGES.jobTypeDepartmentUnknown] });
    }
    if (!dep.active) throw appError('department_inactive').withFields({ department_id: [PAGE_MESSAGES.departmentInactive] });
  }

  return {
    /** GET /api/job-types: one page of a trust's job types, by department. */
    async list(auth: RequestAuth, q: z.infer<typeof jobTypesQuerySchema>): Promise<{ trust: TrustRef; data: JobType[]; total: number }> {
      const trust = await reachableTrust(db, auth, q.trust_id);
      const { rows, total } = await listJobTypes(
        db,
        { trustId: trust.id, search: q.search || undefined, active: q.active, departmentId: q.department_id },
        q.page,
        q.paginate,
      );
      return { trust, data: rows.map(toJobType), total };
    },

    async get(auth: RequestAuth, id: number): Promise<JobType> {
      const row = await findJobType(db, id);
      mustReach(auth, row);
      return toJobType(row as JobTypeRow);
    },

    /** POST /api/job-types. */
    async create(auth: RequestAuth, body: z.infer<typeof jobTypeCreateSchema>, ip: string): Promise<JobType> {
      const trust = await reachableTrust(db, auth, body.trust_id);
      const id = await db.transaction(async (tx) => {
        await checkDepartment(tx, trust.id, body.department_id);
        if (await jobTypeNameTaken(tx, trust.id, body.name)) throw nameTaken(body.name);
        const made = await insertJobType(tx, {
          ...(columnsOf(body) as JobTypeValues),
          trustId: trust.id,
          customFields: storedFields(body.custom_fields),
        });
        await audit(tx, {
          trustId: trust.id,
          userId: auth.ctx.user.id,
          action: 'job_type.created',
          entityType: 'job_type',
          entityId: made,
          details: { before: null, after: snapshot(toJobType((await findJobType(tx, made))!)) },
          ip,
        });
        return made;
      });
      return toJobType((await findJobType(db, id))!);
    },

    /** PATCH /api/job-types/{id}: what is given changes; the result is checked as a whole. */
    async update(auth: RequestAuth, id: number, patch: z.infer<typeof jobTypeUpdateSchema>, ip: string): Promise<JobType> {
      await db.transaction(async (tx) => {
        const row = await lockJobType(tx, id);
        mustReach(auth, row);
        const current = row as JobTypeRow;
        const before = toJobType(current);
        const problems = jobTypeProblems({ recipient: patch.recipient ?? before.recipient, copy: patch.copy ?? before.copy });
        if (problems.length) {
          const fields = Object.fromEntries(problems.map((p) => [p.path.join('.'), [p.message]]));
          throw Errors.validation(`${problems[0]!.path.join('.')}: ${problems[0]!.message}`, fields);
        }
        if (patch.department_id !== undefined && patch.department_id !== current.departmentId) {
          await checkDepartment(tx, current.trustId, patch.department_id);
        }
        if (patch.name !== undefined && patch.name !== current.name && (await jobTypeNameTaken(tx, current.trustId, patch.name, id))) {
          throw nameTaken(patch.name);
        }
        const values = columnsOf(patch);
        if (patch.custom_fields)
          values.customFields = storedFields(
            patch.custom_fields,
            current.customFields.map((f) => f.id),
          );
        await updateJobType(tx, id, values);
        const after = toJobType((await findJobType(tx, id))!);
        const [b, a] = [snapshot(before), snapshot(after)];
        if (JSON.stringify(a) === JSON.stringify(b)) return;
        const onlyActive = JSON.stringify({ ...a, active: b.active }) === JSON.stringify(b);
        await audit(tx, {
          trustId: current.trustId,
          userId: auth.ctx.user.id,
          action: onlyActive ? (a.active ? 'job_type.reactivated' : 'job_type.deactivated') : 'job_type.updated',
          entityType: 'job_type',
          entityId: id,
          details: { before: b, after: a },
          ip,
        });
      });
      return toJobType((await findJobType(db, id))!);
    },

    /** DELETE /api/job-types/{id}: only when no dictation or user filter refers to it; otherwise deactivate it. */
    async remove(auth: RequestAuth, id: number, ip: string): Promise<{ message: string }> {
      const name = await db.transaction(async (tx) => {
        const row = await lockJobType(tx, id);
        mustReach(auth, row);
        const uses = await jobTypeUses(tx, id);
        if (uses.dictations || uses.users) throw appError('job_type_in_use', row.name, uses);
        const before = snapshot(toJobType(row as JobTypeRow));
        await deleteJobType(tx, id);
        await audit(tx, {
          trustId: row.trustId,
          userId: auth.ctx.user.id,
          action: 'job_type.deleted',
          entityType: 'job_type',
          entityId: id,
          details: { before, after: null },
          ip,
        });
        return row.name;
      });
      return { message: PAGE_MESSAGES.jobTypeDeleted(name) };
    },
  };
}

export type JobTypeService = ReturnType<typeof createJobTypeService>;
