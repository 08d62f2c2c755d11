import type { ReactNode } from 'react';
import type { WorklistRow } from '../../domain/contract';
import type { ListColumn, SortableColumn } from '../../domain/list-columns';
import { SORTABLE_COLUMNS } from '../../domain/list-columns';
import { statusLabel } from '../../domain/statuses';
import { formatBirthDate, formatDateTime, formatDuration } from '../../domain/display-format';
import { formatNhsNumber } from '../../domain/nhs-number';

export interface ColumnDef {
  label: string;
  cell: (row: WorklistRow) => ReactNode;
}

const p = (row: WorklistRow) => row.patient;

export const TAT_STYLES = {
  on_time: 'text-slate-700 dark:text-slate-300',
  due_today: 'font-semibold text-amber-800 dark:text-amber-300',
  overdue: 'font-semibold text-red-700 dark:text-red-300',
} as const;

/** Every column of spec §3 (file and patient columns) with its header and cell. */
export const COLUMNS: Record<ListColumn, ColumnDef> = {
  reference: { label: 'Reference', cell: (r) => r.reference },
  status: { label: 'Status', cell: (r) => statusLabel(r.status) },
  assigned_to: {
    label: 'Assigned to',
    cell: (r) => r.assigned_to?.full_name ?? <span className="text-slate-600 dark:text-slate-400">Unassigned</span>,
  },
  audio_duration: {
    label: 'Length',
    cell: (r) => (!r.audio ? '' : r.audio.state === 'processing' ? 'Preparing…' : formatDuration(r.audio.duration_ms)),
  },
  author: { label: 'Author', cell: (r) => r.user.full_name },
  department: {
    label: 'Department',
    cell: (r) =>
      r.department ? (
        <abbr title={r.department.name} className="no-underline">
          {r.department.code}
        </abbr>
      ) : (
        '–'
      ),
  },
  dictation_date: { label: 'Dictated', cell: (r) => formatDateTime(r.created_at) },
  dictation_type: { label: 'Recorded on', cell: (r) => (r.is_mobile ? 'Mobile' : 'Web') },
  document_type: { label: 'Document type', cell: (r) => r.jobtype?.name ?? '–' },
  original_filename: { label: 'File', cell: (r) => r.audio?.original_filename ?? '' },
  tat: {
    label: 'Turnaround',
    cell: (r) => <span className={TAT_STYLES[r.tat.state]}>{r.tat.text}</span>,
  },
  birthdate: { label: 'Date of birth', cell: (r) => formatBirthDate(p(r).patient_birthdate) },
  email_address: { label: 'Patient e-mail', cell: () => '–' },
  gender: { label: 'Gender', cell: (r) => p(r).patient_gender ?? '' },
  hospital_number: { label: 'Hospital number', cell: (r) => p(r).patient_mrn_id ?? '' },
  post_code: { label: 'Postcode', cell: () => '–' },
  first_name: { label: 'First name', cell: (r) => p(r).patient_first_name ?? '' },
  surname: { label: 'Surname', cell: (r) => (p(r).patient_last_name ?? '').toUpperCase() },
  NHS_number: { label: 'NHS number', cell: (r) => (p(r).patient_nhs_id ? formatNhsNumber(p(r).patient_nhs_id!) : '') },
  clinic: { label: 'Clinic', cell: () => '–' },
};

export function sortKeyOf(column: ListColumn): SortableColumn | null {
  return (SORTABLE_COLUMNS as readonly string[]).includes(column) ? (column as SortableColumn) : null;
}
