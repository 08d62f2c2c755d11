import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Alert } from '../../components/ui/alert';
import { Pager } from '../../components/ui/pager';
import type { StuckLetter } from '../../domain/contract';
import { channelWords, deliveryStatusWords, recipientRoleWords } from '../../domain/delivery-words';
import { formatDateTime } from '../../domain/display-format';
import { PAGE_MESSAGES } from '../../domain/messages';
import { HttpError } from '../../lib/api/errors';
import { useStuckLetters } from './api/stuck-letters';

const PER_PAGE = 10;

type Copy = StuckLetter['outstanding'][number];

/** "Copy · GP practice: by post, Waiting to be printed and posted": by role and type, never a name. */
function copyWords(c: Copy): string {
  const who = c.recipient_type
    ? recipientRoleWords({ role: c.role, recipient: { type: c.recipient_type, name: '' } })
    : c.role === 'to'
      ? 'Addressee'
      : 'Copy';
  const status = deliveryStatusWords({
    ...c,
    attempts: 0,
    superseded: false,
    recipient: { type: c.recipient_type ?? 'patient', name: '' },
  });
  return `${who}: ${channelWords(c.channel)}, ${status}`;
}

/** Every stuck letter of the trust, longest waiting first, a page at a time (Manager, SuperAdmin). */
export function StuckLettersList() {
  const [page, setPage] = useState(1);
  const q = useStuckLetters(page, PER_PAGE);
  const data = q.data?.data;
  if (q.error && !data) return <Alert>{q.error instanceof HttpError ? q.error.message : 'Error fetching your request'}</Alert>;
  if (!data) return <p className="py-2 text-sm">Loading…</p>;
  if (data.total === 0) return <p className="py-2 text-sm">{PAGE_MESSAGES.stuckNone}</p>;
  return (
    <div>
      <ul className="space-y-2" aria-label="Letters waiting too long">
        {data.data.map((l) => (
          <li
            key={l.dictation_id}
            className="rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <span className="font-mono font-semibold">{l.reference}</span>
              <span className="font-medium text-red-800 dark:text-red-300">{PAGE_MESSAGES.stuckWaiting(l.hours_waiting)}</span>
            </div>
            <p className="mt-1 text-slate-700 dark:text-slate-300">
              {l.author || 'Author unknown'} · approved {formatDateTime(l.approved_at)}
            </p>
            <p className="mt-2 font-medium">Not yet delivered</p>
            <ul className="mt-1 list-disc space-y-0.5 pl-5">
              {l.outstanding.map((c) => (
                <li key={c.id}>{copyWords(c)}</li>
              ))}
            </ul>
            <Link
              to="/dictation/$id"
              params={{ id: String(l.dictation_id) }}
              search={{ panel: 'delivery' }}
              className="mt-2 inline-flex min-h-11 items-center font-medium text-brand-700 underline underline-offset-2 dark:text-sky-300"
              aria-label={`Delivery of ${l.reference}`}
            >
              Delivery
            </Link>
          </li>
        ))}
      </ul>
      <Pager page={data.current_page} lastPage={data.last_page} total={data.total} perPage={data.per_page} onPage={setPage} />
    </div>
  );
}
