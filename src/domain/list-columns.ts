/** The work queue's columns (spec §3 column sets) and the rule for choosing them (spec §5). */
import { MIN_LIST_COLUMNS } from './limits';
import { MESSAGES } from './messages';

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
export const SORTABLE_COLUMNS = ['author', 'dictation_date', 'reference', 'department', 'document_type', 'audio_duration', 'tat'] as const;
/** How the dictation was made: recorded in the app on a phone or tablet, or on the web (recorded or uploaded). */
export const DICTATION_TYPES = ['mobile', 'web'] as const;

export type FilterableColumn = (typeof FILTERABLE_COLUMNS)[number];
export type SortableColumn = (typeof SORTABLE_COLUMNS)[number];

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
