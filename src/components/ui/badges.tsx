import { statusLabel, type DictationStatus } from '../../domain/statuses';

/** A dictation's status as a small grey badge: the work queue's rows, search results, the dictation panel. */
export function StatusBadge({ status }: { status: DictationStatus }) {
  return (
    <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300">
      {statusLabel(status)}
    </span>
  );
}

/** The red "Urgent" badge of a high-priority dictation. */
export function UrgentBadge() {
  return (
    <span className="rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-800 dark:bg-red-950 dark:text-red-200">Urgent</span>
  );
}
