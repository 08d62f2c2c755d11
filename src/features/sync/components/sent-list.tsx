import { Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { statusLabel, type DictationStatus } from '../../../domain/statuses';
import { db } from '../../../lib/db/db';

const time = new Intl.DateTimeFormat(undefined, { weekday: 'short', hour: '2-digit', minute: '2-digit' });

/** Receipts for what the server confirmed from this device, newest first, each opening its dictation. */
export function SentList({ onOpen }: { onOpen: () => void }) {
  const sent = useLiveQuery(() => db.sent.orderBy('sentAt').reverse().limit(10).toArray(), []) ?? [];
  if (sent.length === 0) return null;
  return (
    <section aria-label="Sent from this device" className="mt-4 border-t border-slate-200 pt-3 dark:border-slate-700">
      <h2 className="mb-2 text-sm font-semibold">Sent from this device</h2>
      <ul className="space-y-1" data-testid="sent-list">
        {sent.map((s) => (
          <li key={s.dictationId}>
            <Link
              {...(s.status === 'DRAFT'
                ? { to: '/draftdictation/$dictation', params: { dictation: String(s.dictationId) } }
                : { to: '/dictation/$id', params: { id: String(s.dictationId) } })}
              onClick={onOpen}
              className="flex min-h-11 flex-wrap items-center justify-between gap-x-3 rounded-lg px-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              <span className="font-medium text-sky-800 underline-offset-2 hover:underline dark:text-sky-300">{s.label}</span>
              <span className="text-slate-600 dark:text-slate-300">
                {s.label.includes(s.reference) ? '' : `${s.reference} · `}
                {statusLabel(s.status as DictationStatus)} · {time.format(s.sentAt)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
