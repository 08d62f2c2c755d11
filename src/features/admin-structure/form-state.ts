/**
 * The job type form's state and its conversions (pure): a job type as the form edits it (text for the
 * numbers, the choices one per line), the body the server takes, and what changed since it was loaded.
 */
import type { JobType, JobTypeCreate, JobTypeFieldKind, JobTypeUpdate } from '../../domain/contract';

export type Party = 'patient' | 'clinician' | 'gp';
export const PARTIES: readonly Party[] = ['patient', 'clinician', 'gp'];

/** How many letters go to QA review: none (trainees' still do), a sample, every one. */
export type QaMode = 'none' | 'sample' | 'all';

export interface FieldDraft {
  /** The React key of the row: its id, or a local one until the server gives it an id. */
  key: string;
  id?: string;
  label: string;
  kind: JobTypeFieldKind;
  required: boolean;
  /** The choices, one per line. */
  options: string;
}

export interface HeadingDraft {
  key: string;
  text: string;
}

export interface JobTypeFormState {
  name: string;
  /** '' for every department. */
  departmentId: string;
  recipient: Party[];
  copy: Party[];
  fields: FieldDraft[];
  headings: HeadingDraft[];
  qaMode: QaMode;
  qaPercent: string;
  outsourcingAllowed: boolean;
  coverAllowed: boolean;
  /** '' for the trust's target. */
  turnaroundDays: string;
  active: boolean;
}

let keys = 0;
export const newKey = (what: string) => `${what}-new-${++keys}`;

export const emptyField = (): FieldDraft => ({ key: newKey('field'), label: '', kind: 'text', required: false, options: '' });
export const emptyHeading = (text = ''): HeadingDraft => ({ key: newKey('heading'), text });

export function blankJobType(departmentId?: number): JobTypeFormState {
  return {
    name: '',
    departmentId: departmentId ? String(departmentId) : '',
    recipient: ['gp'],
    copy: ['patient'],
    fields: [],
    headings: ['Diagnosis', 'Plan'].map(emptyHeading),
    qaMode: 'none',
    qaPercent: '10',
    outsourcingAllowed: true,
    coverAllowed: true,
    turnaroundDays: '',
    active: true,
  };
}

export function formFromJobType(j: JobType): JobTypeFormState {
  return {
    name: j.name,
    departmentId: j.department ? String(j.department.id) : '',
    recipient: [...j.recipient],
    copy: [...j.copy],
    fields: j.custom_fields.map((f) => ({
      key: f.id,
      id: f.id,
      label: f.label,
      kind: f.kind,
      required: f.required,
      options: f.options.join('\n'),
    })),
    headings: j.template.map((text, i) => ({ key: `heading-${i}`, text })),
    qaMode: j.qa_required ? 'all' : j.qa_percent > 0 ? 'sample' : 'none',
    qaPercent: String(j.qa_percent > 0 ? j.qa_percent : 10),
    outsourcingAllowed: j.outsourcing_allowed,
    coverAllowed: j.cover_allowed,
    turnaroundDays: j.turnaround_days === null ? '' : String(j.turnaround_days),
    active: j.active,
  };
}

/** A number as typed: a whole number stays one; anything else is sent as it is, for the shared schema to refuse in words. */
const numberOf = (text: string): number => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/** What the server takes (a new job type's whole body; a change sends what differs, see `changes`). */
export function inputFromForm(s: JobTypeFormState): Omit<JobTypeCreate, 'trust_id'> {
  return {
    name: s.name,
    department_id: s.departmentId ? Number(s.departmentId) : null,
    recipient: PARTIES.filter((p) => s.recipient.includes(p)),
    copy: PARTIES.filter((p) => s.copy.includes(p)),
    custom_fields: s.fields.map((f) => ({
      ...(f.id ? { id: f.id } : {}),
      label: f.label,
      kind: f.kind,
      required: f.required,
      options:
        f.kind === 'choice'
          ? f.options
              .split('\n')
              .map((o) => o.trim())
              .filter(Boolean)
          : [],
    })),
    template: s.headings.map((h) => h.text),
    qa_required: s.qaMode === 'all',
    qa_percent: s.qaMode === 'sample' ? numberOf(s.qaPercent) : 0,
    outsourcing_allowed: s.outsourcingAllowed,
    turnaround_days: s.turnaroundDays.trim() === '' ? null : numberOf(s.turnaroundDays),
    cover_allowed: s.coverAllowed,
    active: s.active,
  };
}

/** The parts that differ from the job type as loaded: a change sends only these. */
export function changes(loaded: JobTypeFormState, now: JobTypeFormState): JobTypeUpdate {
  const before = inputFromForm(loaded) as Record<string, unknown>;
  const after = inputFromForm(now) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(after).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(before[k]))) as JobTypeUpdate;
}

/** Whether the form holds anything not saved. */
export const isDirty = (loaded: JobTypeFormState, now: JobTypeFormState) => Object.keys(changes(loaded, now)).length > 0;

/** Moves the item at `from` one place up (-1) or down (+1); the list as it was when that is past an end. */
export function move<T>(list: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (to < 0 || to >= list.length) return [...list];
  const out = [...list];
  [out[from], out[to]] = [out[to]!, out[from]!];
  return out;
}

/**
 * A shared schema's check as the form shows it: each problem under its full path ("custom_fields.0.label"),
 * the names the server's refusals use too, so the one form pattern (useSubmit) puts each beside its input.
 */
export function byFullPath<
  S extends { safeParse(input: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } },
>(schema: S) {
  return {
    safeParse(input: unknown): { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } {
      const r = schema.safeParse(input);
      if (r.success || !r.error) return { success: true };
      return {
        success: false,
        error: { issues: r.error.issues.map((i) => ({ path: [i.path.map(String).join('.') || '_'], message: i.message })) },
      };
    },
  };
}
