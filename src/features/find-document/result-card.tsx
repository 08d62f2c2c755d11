import { Lock, Smartphone } from 'lucide-react';
import type { SearchRow } from '../../domain/contract';
import { formatPatientName } from '../../domain/display-format';
import { MESSAGES } from '../../domain/messages';
import { StatusBadge, UrgentBadge } from '../../components/ui/badges';

/** A result (spec §2): reference, status, urgent flag, confidential lock, mobile badge, author, department (code), patient. */
export function ResultCard({ row, onOpen }: { row: SearchRow; onOpen: (row: SearchRow) => void }) {
  const patient = formatPatientName(row.patient?.patient_first_name, row.patient?.patient_last_name);
  return (
    <button
      type="button"
      onClick={() => onOpen(row)}
      data-testid="search-result"
      className="block w-full rounded-lg border border-slate-200 bg-white p-3 text-left hover:border-brand-500 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800"
    >
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-sm font-semibold">{row.reference}</span>
        <StatusBadge status={row.status} />
        {row.urgent === 'HIGH' && <UrgentBadge />}
        {row.is_confidential && (
          <span title="Confidential" className="inline-flex items-center text-amber-800 dark:text-amber-300">
            <Lock aria-hidden className="size-4" />
            <span className="sr-only">Confidential</span>
          </span>
        )}
        {row.is_mobile && (
          <span title="Dictated on a mobile device" className="inline-flex items-center text-slate-600 dark:text-slate-400">
            <Smartphone aria-hidden className="size-4" />
            <span className="sr-only">Mobile</span>
          </span>
        )}
      </span>
      <span className="mt-1 grid gap-x-4 gap-y-0.5 text-sm text-slate-700 sm:grid-cols-3 dark:text-slate-300">
        <span>
          <span className="text-slate-500 dark:text-slate-400">Author: </span>
          {row.user.full_name}
        </span>
        <span>
          <span className="text-slate-500 dark:text-slate-400">Department: </span>
          {row.department ? `${row.department.name} (${row.department.code})` : '—'}
        </span>
        <span>
          <span className="text-slate-500 dark:text-slate-400">Patient: </span>
          {patient || MESSAGES.noPatientName}
        </span>
      </span>
    </button>
  );
}
