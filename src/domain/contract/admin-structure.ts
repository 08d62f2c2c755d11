/**
 * Departments and job types (issue 25): what a trust's administrator sends and gets back on
 * /api/departments and /api/job-types. The forms check their input with these same schemas before sending.
 */
import { z } from 'zod';
import { ADMIN_STRUCTURE_MESSAGES as M } from '../messages-admin-structure';
import { idSchema, idTextSchema, isStorableText, pageQuerySchema } from './primitives';
import { recipientKindSchema } from './user';
import { paginatedSchema } from './users';
import { MESSAGES } from '../messages';

/** Trimmed text of 1..max characters that the database can hold, each limit with its own words. */
const text = (max: number, required: string, tooLong: string) =>
  z.string().trim().min(1, required).max(max, tooLong).refine(isStorableText, MESSAGES.textUnsafe);

// ---- Lists ----

const PAGINATE_TEXT = 'paginate: a page size is a whole number from 1 to 200.';
const ACTIVE_TEXT = 'active: true for active ones, false for inactive ones, or leave it out for all.';

/** What every admin list takes: the trust (SuperAdmin: any; others: their own, the default), page, size, search, active. */
const listQuery = {
  trust_id: idTextSchema.optional(),
  page: pageQuerySchema(),
  paginate: z
    .string()
    .regex(/^\d{1,3}$/, PAGINATE_TEXT)
    .transform(Number)
    .pipe(z.number().min(1, PAGINATE_TEXT).max(200, PAGINATE_TEXT))
    .default(25),
  search: z.string().trim().max(100, 'search: use at most 100 characters.').refine(isStorableText, MESSAGES.textUnsafe).optional(),
  active: z
    .enum(['true', 'false'], { error: ACTIVE_TEXT })
    .transform((v) => v === 'true')
    .optional(),
};

const trustRefSchema = z.object({ id: z.number(), name: z.string() });

// ---- Departments ----

export const departmentNameSchema = text(100, M.departmentNameRequired, M.departmentNameTooLong);
/** A short code, kept in capitals: "car " is CAR. */
export const departmentCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .min(1, M.departmentCodeRequired)
  .max(10, M.departmentCodeTooLong)
  .regex(/^[A-Z0-9][A-Z0-9-]*$/, M.departmentCodeFormat);

export const departmentCreateSchema = z
  .object({
    /** The trust it belongs to; the caller's own when left out. */
    trust_id: idSchema().optional(),
    name: departmentNameSchema,
    code: departmentCodeSchema,
  })
  .strict();
export type DepartmentCreate = z.input<typeof departmentCreateSchema>;

export const departmentUpdateSchema = z
  .object({ name: departmentNameSchema.optional(), code: departmentCodeSchema.optional(), active: z.boolean().optional() })
  .strict()
  .refine((b) => b.name !== undefined || b.code !== undefined || b.active !== undefined, { message: M.departmentNothingToChange });
export type DepartmentUpdate = z.input<typeof departmentUpdateSchema>;

export const departmentSchema = z.object({
  id: z.number(),
  trust_id: z.number(),
  name: z.string(),
  code: z.string(),
  active: z.boolean(),
  /** How many job types belong to it. */
  job_types: z.number(),
});
export type Department = z.infer<typeof departmentSchema>;

export const departmentsQuerySchema = z.object(listQuery).strict();
export type DepartmentsQuery = z.input<typeof departmentsQuerySchema>;

export const departmentsAnswerSchema = z.object({ trust: trustRefSchema, data: paginatedSchema(departmentSchema) });
export type DepartmentsAnswer = z.infer<typeof departmentsAnswerSchema>;
export const departmentAnswerSchema = z.object({ data: departmentSchema });

// ---- Job types ----

export const JOB_TYPE_FIELD_KINDS = ['text', 'number', 'date', 'choice'] as const;
export type JobTypeFieldKind = (typeof JOB_TYPE_FIELD_KINDS)[number];
export const FIELD_KIND_LABELS: Record<JobTypeFieldKind, string> = {
  text: 'Text',
  number: 'Number',
  date: 'Date',
  choice: 'Choice from a list',
};
export const RECIPIENT_LABELS: Record<z.infer<typeof recipientKindSchema>, string> = {
  patient: 'Patient',
  clinician: 'Clinician',
  gp: 'GP',
};

export const MAX_JOB_TYPE_FIELDS = 20;
export const MAX_TEMPLATE_HEADINGS = 30;
const MAX_FIELD_OPTIONS = 30;
/** A custom field's id: kept across edits, so the values dictations hold stay attached to their field. */
export const FIELD_ID = /^[a-z0-9_]{1,40}$/;

const fieldOptionSchema = text(60, M.jobTypeFieldLabelRequired, M.jobTypeFieldOptionTooLong);

export const jobTypeFieldInputSchema = z
  .object({
    /** Leave out for a new field: the server gives it one from its label. */
    id: z.string().regex(FIELD_ID, M.jobTypeFieldIdFormat).optional(),
    label: text(60, M.jobTypeFieldLabelRequired, M.jobTypeFieldLabelTooLong),
    kind: z.enum(JOB_TYPE_FIELD_KINDS),
    required: z.boolean(),
    /** The choices of a `choice` field, in the order offered; none for the other kinds. */
    options: z.array(fieldOptionSchema).max(MAX_FIELD_OPTIONS, M.jobTypeFieldOptionsTooMany),
  })
  .strict()
  .superRefine((f, ctx) => {
    if (f.kind === 'choice' && f.options.length < 2)
      ctx.addIssue({ code: 'custom', path: ['options'], message: M.jobTypeFieldOptionsNeeded });
    if (f.kind !== 'choice' && f.options.length)
      ctx.addIssue({ code: 'custom', path: ['options'], message: M.jobTypeFieldOptionsOnlyChoice });
    const seen = new Set<string>();
    for (const o of f.options) {
      if (seen.has(o.toLowerCase())) ctx.addIssue({ code: 'custom', path: ['options'], message: M.jobTypeFieldOptionTwice(o) });
      seen.add(o.toLowerCase());
    }
  });
export type JobTypeFieldInput = z.infer<typeof jobTypeFieldInputSchema>;

const headingSchema = text(100, M.jobTypeHeadingRequired, M.jobTypeHeadingTooLong);
const partiesSchema = z.array(recipientKindSchema).max(3, M.jobTypeRecipientTwice);

/** What a job type holds, each part checked alone; `jobTypeProblems` checks the parts against each other. */
const jobTypeParts = {
  name: text(100, M.jobTypeNameRequired, M.jobTypeNameTooLong),
  /** Its department; null: a job type of every department. */
  department_id: idSchema(M.jobTypeDepartmentUnknown).nullable(),
  /** Who a letter of this type is sent to, and who gets a copy (spec §3 interaction). */
  recipient: partiesSchema.min(1, M.jobTypeRecipientRequired),
  copy: partiesSchema,
  custom_fields: z.array(jobTypeFieldInputSchema).max(MAX_JOB_TYPE_FIELDS, M.jobTypeFieldsTooMany),
  /** The letter's section headings, in order: the typist's letter starts with them. */
  template: z.array(headingSchema).max(MAX_TEMPLATE_HEADINGS, M.jobTypeHeadingsTooMany),
  /** Every letter of the type goes to QA review. */
  qa_required: z.boolean(),
  /** Besides every letter (qa_required) and trainees' letters: this share of letters is sampled for QA. */
  qa_percent: z.number(M.jobTypeQaPercent).int(M.jobTypeQaPercent).min(0, M.jobTypeQaPercent).max(100, M.jobTypeQaPercent),
  outsourcing_allowed: z.boolean(),
  /** Working days; null: the trust's target. */
  turnaround_days: z
    .number(M.jobTypeTurnaround)
    .int(M.jobTypeTurnaround)
    .min(1, M.jobTypeTurnaround)
    .max(60, M.jobTypeTurnaround)
    .nullable(),
  /** A secretary or manager may approve letters of this type under secretarial cover. */
  cover_allowed: z.boolean(),
  active: z.boolean(),
};

type JobTypeWhole = { [K in keyof typeof jobTypeParts]: z.infer<(typeof jobTypeParts)[K]> };
interface Problem {
  path: (string | number)[];
  message: string;
}

/**
 * The rules between a job type's parts (what is given of them): each party once, and never both sent to and
 * copied; field labels and ids, and template headings, each once.
 */
export function jobTypeProblems(j: Partial<Pick<JobTypeWhole, 'recipient' | 'copy' | 'custom_fields' | 'template'>>): Problem[] {
  const problems: Problem[] = [];
  for (const key of ['recipient', 'copy'] as const) {
    const list = j[key];
    if (list && new Set(list).size !== list.length) problems.push({ path: [key], message: M.jobTypeRecipientTwice });
  }
  const both = (j.copy ?? []).find((p) => j.recipient?.includes(p));
  if (both) problems.push({ path: ['copy'], message: M.jobTypeRecipientAndCopy(both === 'gp' ? 'GP' : both) });
  const labels = new Set<string>();
  const ids = new Set<string>();
  (j.custom_fields ?? []).forEach((f, i) => {
    const label = f.label.toLowerCase();
    if (labels.has(label)) problems.push({ path: ['custom_fields', i, 'label'], message: M.jobTypeFieldLabelTwice(f.label) });
    labels.add(label);
    if (f.id !== undefined && ids.has(f.id)) problems.push({ path: ['custom_fields', i, 'id'], message: M.jobTypeFieldIdTwice });
    if (f.id !== undefined) ids.add(f.id);
  });
  const headings = new Set<string>();
  (j.template ?? []).forEach((h, i) => {
    if (headings.has(h.toLowerCase())) problems.push({ path: ['template', i], message: M.jobTypeHeadingTwice(h) });
    headings.add(h.toLowerCase());
  });
  return problems;
}

const addProblems = (j: Parameters<typeof jobTypeProblems>[0], ctx: z.RefinementCtx) => {
  for (const p of jobTypeProblems(j)) ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
};

export const jobTypeCreateSchema = z
  .object({
    /** The trust it belongs to; the caller's own when left out. */
    trust_id: idSchema().optional(),
    name: jobTypeParts.name,
    department_id: jobTypeParts.department_id.default(null),
    recipient: jobTypeParts.recipient,
    copy: jobTypeParts.copy.default([]),
    custom_fields: jobTypeParts.custom_fields.default([]),
    template: jobTypeParts.template.default([]),
    qa_required: jobTypeParts.qa_required.default(false),
    qa_percent: jobTypeParts.qa_percent.default(0),
    outsourcing_allowed: jobTypeParts.outsourcing_allowed.default(true),
    turnaround_days: jobTypeParts.turnaround_days.default(null),
    cover_allowed: jobTypeParts.cover_allowed.default(true),
    active: jobTypeParts.active.default(true),
  })
  .strict()
  .superRefine(addProblems);
export type JobTypeCreate = z.input<typeof jobTypeCreateSchema>;
export type JobTypeCreateParsed = z.infer<typeof jobTypeCreateSchema>;

/** A change: only what is given changes (the server checks the result as a whole again). */
export const jobTypeUpdateSchema = z
  .object({
    name: jobTypeParts.name.optional(),
    department_id: jobTypeParts.department_id.optional(),
    recipient: jobTypeParts.recipient.optional(),
    copy: jobTypeParts.copy.optional(),
    custom_fields: jobTypeParts.custom_fields.optional(),
    template: jobTypeParts.template.optional(),
    qa_required: jobTypeParts.qa_required.optional(),
    qa_percent: jobTypeParts.qa_percent.optional(),
    outsourcing_allowed: jobTypeParts.outsourcing_allowed.optional(),
    turnaround_days: jobTypeParts.turnaround_days.optional(),
    cover_allowed: jobTypeParts.cover_allowed.optional(),
    active: jobTypeParts.active.optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (Object.values(b).every((v) => v === undefined)) ctx.addIssue({ code: 'custom', path: [], message: M.jobTypeNothingToChange });
    addProblems(b, ctx);
  });
export type JobTypeUpdate = z.input<typeof jobTypeUpdateSchema>;
export type JobTypeUpdateParsed = z.infer<typeof jobTypeUpdateSchema>;

export const jobTypeFieldSchema = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.enum(JOB_TYPE_FIELD_KINDS),
  required: z.boolean(),
  options: z.array(z.string()),
});
export type JobTypeField = z.infer<typeof jobTypeFieldSchema>;

export const jobTypeSchema = z.object({
  id: z.number(),
  trust_id: z.number(),
  name: z.string(),
  department: z.object({ id: z.number(), name: z.string(), code: z.string(), active: z.boolean() }).nullable(),
  recipient: z.array(recipientKindSchema),
  copy: z.array(recipientKindSchema),
  custom_fields: z.array(jobTypeFieldSchema),
  template: z.array(z.string()),
  qa_required: z.boolean(),
  qa_percent: z.number(),
  outsourcing_allowed: z.boolean(),
  turnaround_days: z.number().nullable(),
  cover_allowed: z.boolean(),
  active: z.boolean(),
});
export type JobType = z.infer<typeof jobTypeSchema>;

export const jobTypesQuerySchema = z
  .object({
    ...listQuery,
    /** Only this department's job types. */
    department_id: idTextSchema.optional(),
  })
  .strict();
export type JobTypesQuery = z.input<typeof jobTypesQuerySchema>;

export const jobTypesAnswerSchema = z.object({ trust: trustRefSchema, data: paginatedSchema(jobTypeSchema) });
export type JobTypesAnswer = z.infer<typeof jobTypesAnswerSchema>;
export const jobTypeAnswerSchema = z.object({ data: jobTypeSchema });

// ---- Custom field ids ----

/** A label as an id: "Date of injury" is date_of_injury. */
export function fieldIdFromLabel(label: string): string {
  const slug = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 32)
    .replace(/_+$/, '');
  return slug || 'field';
}

/**
 * Every field with an id: a field that has one keeps it (so what dictations hold stays attached when its
 * label changes); a new one gets one from its label, never an id in use or in `taken` (the ids the job type
 * had, so a removed field's values are not picked up by a new field).
 */
export function withFieldIds<F extends { id?: string; label: string }>(
  fields: readonly F[],
  taken: readonly string[] = [],
): (F & { id: string })[] {
  const used = new Set<string>([...taken, ...fields.flatMap((f) => (f.id ? [f.id] : []))]);
  return fields.map((f) => {
    if (f.id) return { ...f, id: f.id };
    const base = fieldIdFromLabel(f.label);
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}_${n}`;
    used.add(id);
    return { ...f, id };
  });
}
