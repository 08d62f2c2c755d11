import type { ReactNode } from 'react';
import { Lock, Smartphone } from 'lucide-react';
import type { Dictation } from '../../domain/contract';
import { statusLabel } from '../../domain/statuses';
import { formatPatientName } from '../../domain/display-format';

/** Reference, status, patient and urgency at a glance, with the page's actions on the right. */
export function DictationHeader({ d, actions }: { d: Dictation; actions?: ReactNode }) {
  const patient = formatPatientName(d.patient.patient_first_name, d.patient.patient_last_name);
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
      <div className="min-w-0">
        <h1 id="page-title" className="flex flex-wrap items-center gap-2 text-xl font-semibold tracking-tight">
          <span className="font-mono">{d.reference}</span>
          {d.urgent === 'HIGH' && <span className="rounded bg-red-700 px-1.5 py-0.5 text-xs font-bold text-white">Urgent</span>}
          {d.is_confidential && (
            <span className="flex items-center gap-1 text-sm font-medium text-amber-800 dark:text-amber-300">
              <Lock aria-hidden className="size-4" /> Confidential
            </span>
          )}
          {d.is_mobile && (
            <span className="flex items-center gap-1 text-xs text-slate-600 dark:text-slate-300" title="Recorded on a phone or tablet">
              <Smartphone aria-hidden className="size-4" /> Mobile
            </span>
          )}
        </h1>
        <p className="truncate text-sm text-slate-600 dark:text-slate-300">
          <span className="font-medium">{statusLabel(d.status)}</span> · {patient || 'No patient name'} · {d.user.full_name}
          {d.jobtype && <> · {d.jobtype.name}</>}
        </p>
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
