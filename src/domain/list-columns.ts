/** The work queue's columns (spec §3 column sets) and the rule for choosing them (spec §5). */
import { MIN_LIST_COLUMNS } from './limits';
import { MESSAGES } from './messages';

// The work queue's address (sort and filter) is read by route options, which load with the app: those
// import list-query.ts itself, not this module and the message catalogue it brings (issue 8).
export { DICTATION_TYPES, SORTABLE_COLUMNS, type SortableColumn } from './list-query';

export const FILE_COLUMNS = [
  'assigned_to',
  'audio_duration',
  'author',
  'department',
  'dictation_date',
  'dictation_type',
  'document_type',
  'original_filename',
  'reference',
  'status',
  'tat',
] as const;
export const PATIENT_COLUMNS = [
  'birthdate',
  'email_address',
  'gender',
  'hospital_number',
  'post_code',
  'first_name',
  'surname',
  'NHS_number',
  'clinic',
] as const;
export type ListColumn = (typeof FILE_COLUMNS)[number] | (typeof PATIENT_COLUMNS)[number];
export const LIST_COLUMNS: readonly ListColumn[] = [...FILE_COLUMNS, ...PATIENT_COLUMNS];

export const DEFAULT_LIST_COLUMNS: readonly ListColumn[] = [
  'audio_duration',
  'dictation_date',
  'author',
  'department',
  'document_type',
  'assigned_to',
];

/** Spec §9. */
export const FILTERABLE_COLUMNS = ['assigned_to', 'author', 'department', 'dictation_type', 'document_type', 'status'] as const;

export type FilterableColumn = (typeof FILTERABLE_COLUMNS)[number];

export function isListColumn(value: unknown): value is ListColumn {
  return typeof value === 'string' && (LIST_COLUMNS as readonly string[]).includes(value);
}

/** The columns a user chose, or the reason they cannot be saved (spec §5: at least five). */
export function checkColumnChoice(columns: readonly string[]): { ok: true; columns: ListColumn[] } | { ok: false; message: string } {
  const known = [...new Set(columns)].filter(isListColumn);
  if (known.length < MIN_LIST_COLUMNS) return { ok: false, message: MESSAGES.minColumns };
  return { ok: true, columns: known };
}

/** The saved preference, or the spec's default set when nothing (or too little) was saved. */
export function columnsToShow(saved: readonly string[] | undefined | null): ListColumn[] {
  const checked = checkColumnChoice(saved ?? []);
  return checked.ok ? checked.columns : [...DEFAULT_LIST_COLUMNS];
}
