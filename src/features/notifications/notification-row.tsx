import type { NotificationItem } from '../../domain/contract';

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { day: '2-digit', month: 'short', hour: '2-digit', minute: '2-digit' });

/** One notification: bold while unread, with its urgency and time. */
export function NotificationRow({ n, onOpen }: { n: NotificationItem; onOpen: () => void }) {
  const unread = !n.read_at;
  return (
    <button
      type="button"
      data-notification={n.id}
      onClick={onOpen}
      className={`flex min-h-11 w-full flex-col items-start gap-0.5 rounded-lg border px-3 py-2 text-left focus:outline-2 focus:outline-brand-600 ${
        unread
          ? 'border-brand-200 bg-brand-50 dark:border-emerald-800 dark:bg-slate-900'
          : 'border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-800'
      }`}
    >
      <span className="flex w-full items-center gap-2">
        {unread && <span aria-hidden className="size-2 shrink-0 rounded-full bg-brand-600 dark:bg-emerald-400" />}
        <span className={`flex-1 text-sm ${unread ? 'font-semibold' : ''}`}>
          {n.title}
          {unread && <span className="sr-only"> (unread)</span>}
        </span>
        {n.dictation?.urgent && (
          <span className="rounded bg-red-100 px-1.5 text-xs font-semibold text-red-800 dark:bg-red-900 dark:text-red-100">Urgent</span>
        )}
      </span>
      <span className="text-sm text-slate-700 dark:text-slate-200">{n.body}</span>
      {n.dictation?.patient_initials && (
        <span className="text-xs text-slate-700 dark:text-slate-200" data-testid="notification-patient">
          Patient {n.dictation.patient_initials}
        </span>
      )}
      <time dateTime={n.created_at} className="text-xs text-slate-600 dark:text-slate-300">
        {when(n.created_at)}
      </time>
    </button>
  );
}
