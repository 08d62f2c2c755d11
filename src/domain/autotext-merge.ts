/**
 * Autotext merge fields: `{{patient_name}}` and friends in a snippet's plain-text body, filled from the
 * dictation being typed. A field with no value stays a visible placeholder the typist tabs to.
 * Pure: used by the editor extension, the autotext pages and the server's validation.
 */
import { formatBirthDate, formatPatientName } from './display-format';
import { formatNhsNumber } from './nhs-number';

export const MERGE_FIELDS = [
  'patient_name',
  'patient_first_name',
  'patient_dob',
  'nhs_number',
  'mrn',
  'author_name',
  'author_title',
  'department',
  'clinic_date',
  'today',
  'gp_name',
  'gp_practice',
] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

/** What a field is called on screen and inside its placeholder. */
export const MERGE_FIELD_LABELS: Record<MergeField, string> = {
  patient_name: 'Patient name',
  patient_first_name: 'Patient first name',
  patient_dob: 'Date of birth',
  nhs_number: 'NHS number',
  mrn: 'MRN',
  author_name: 'Author name',
  author_title: 'Author title',
  department: 'Department',
  clinic_date: 'Clinic date',
  today: 'Today',
  gp_name: 'GP name',
  gp_practice: 'GP practice',
};

export type MergeValues = Partial<Record<MergeField, string | null | undefined>>;

export type MergeSegment = { text: string } | { field: MergeField; placeholderLabel: string };

const FIELD_PATTERN = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

export function isMergeField(name: string): name is MergeField {
  return (MERGE_FIELDS as readonly string[]).includes(name);
}

/** The placeholder text shown where a field has no value: `[GP name]`. */
export function placeholderLabel(field: MergeField): string {
  return `[${MERGE_FIELD_LABELS[field]}]`;
}

/** Names between double braces that are not merge fields (a typo such as `{{patient_nam}}`). */
export function unknownMergeFields(body: string): string[] {
  const unknown = new Set<string>();
  for (const m of body.matchAll(FIELD_PATTERN)) {
    if (!isMergeField(m[1]!.toLowerCase())) unknown.add(m[1]!);
  }
  return [...unknown];
}

/**
 * The body cut into text and fields: filled fields become text, empty ones placeholders. An unknown
 * `{{name}}` stays as it was typed. Neighbouring text pieces are joined.
 */
export function fillMergeFields(body: string, values: MergeValues): MergeSegment[] {
  const out: MergeSegment[] = [];
  const pushText = (text: string) => {
    if (!text) return;
    const last = out.at(-1);
    if (last && 'text' in last) last.text += text;
    else out.push({ text });
  };
  let at = 0;
  for (const m of body.matchAll(FIELD_PATTERN)) {
    pushText(body.slice(at, m.index));
    at = m.index + m[0].length;
    const name = m[1]!.toLowerCase();
    if (!isMergeField(name)) {
      pushText(m[0]);
      continue;
    }
    const value = values[name]?.trim();
    if (value) pushText(value);
    else out.push({ field: name, placeholderLabel: placeholderLabel(name) });
  }
  pushText(body.slice(at));
  return out;
}

/** The filled body as plain text, placeholders written as their labels. */
export function segmentsToText(segments: readonly MergeSegment[]): string {
  return segments.map((s) => ('text' in s ? s.text : s.placeholderLabel)).join('');
}

/** yyyy-mm-dd of an instant in a time zone. */
function isoDateIn(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The dictation fields merge values come from (a subset of the dictation contract). */
export interface MergeDictation {
  patient: {
    patient_first_name?: string;
    patient_last_name?: string;
    patient_mrn_id?: string;
    patient_nhs_id?: string;
    patient_birthdate?: string;
  };
  user: { full_name: string };
  department: { name: string } | null;
}

/** What the dictation itself does not hold: the author's title, the patient's GP, the appointment. */
export interface MergeExtras {
  authorTitle?: string | null;
  gpName?: string | null;
  gpPractice?: string | null;
  /** The clinic appointment's date, yyyy-mm-dd or an ISO instant. */
  clinicDate?: string | null;
  /** "Today" is this instant in the trust's time zone. */
  now?: Date;
  timeZone?: string;
}

/** Every merge value a dictation (and what the page knows besides it) can give. */
export function mergeValuesFromDictation(d: MergeDictation, extras: MergeExtras = {}): MergeValues {
  const timeZone = extras.timeZone ?? 'Europe/London';
  const p = d.patient;
  const clinic = extras.clinicDate
    ? /^\d{4}-\d{2}-\d{2}$/.test(extras.clinicDate)
      ? extras.clinicDate
      : isoDateIn(new Date(extras.clinicDate), timeZone)
    : '';
  return {
    patient_name: formatPatientName(p.patient_first_name, p.patient_last_name),
    patient_first_name: p.patient_first_name?.trim() ?? '',
    patient_dob: formatBirthDate(p.patient_birthdate),
    nhs_number: p.patient_nhs_id ? formatNhsNumber(p.patient_nhs_id) : '',
    mrn: p.patient_mrn_id?.trim() ?? '',
    author_name: d.user.full_name.trim(),
    author_title: extras.authorTitle?.trim() ?? '',
    department: d.department?.name ?? '',
    clinic_date: formatBirthDate(clinic),
    today: formatBirthDate(isoDateIn(extras.now ?? new Date(), timeZone)),
    gp_name: extras.gpName?.trim() ?? '',
    gp_practice: extras.gpPractice?.trim() ?? '',
  };
}

/** What the editor needs of a snippet to find it by its shortcut. */
export interface ShortcutSnippet {
  scope: 'trust' | 'department' | 'user';
  department_id: number | null;
  shortcut: string;
}

const SCOPE_RANK = { user: 0, department: 1, trust: 2 } as const;

/**
 * The snippet a typed shortcut stands for, ignoring letter case. When the same shortcut exists at
 * several scopes the most personal wins: the user's own, then the letter's department's, then the trust's.
 * With no department given, any department's snippet may match.
 */
export function findSnippet<T extends ShortcutSnippet>(snippets: readonly T[], typed: string, departmentId?: number | null): T | undefined {
  const wanted = typed.toLowerCase();
  let best: T | undefined;
  for (const s of snippets) {
    if (s.shortcut.toLowerCase() !== wanted) continue;
    if (s.scope === 'department' && departmentId != null && s.department_id !== departmentId) continue;
    if (!best || SCOPE_RANK[s.scope] < SCOPE_RANK[best.scope]) best = s;
  }
  return best;
}
