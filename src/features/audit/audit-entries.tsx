import type { AuditEntry } from '../../domain/contract';

type AuditTrust = { id: number; name: string };
import { formatDateTime } from '../../domain/display-format';
import { auditActionLabel } from '../../domain/messages-admin-audit';
import { useMediaQuery } from '../../lib/use-media-query';

/** A detail's value as a short text: strings as they are, anything else as JSON. */
const shown = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** What a row holds besides: "to: AUTHOR_APPROVAL · version: 3". */
function Details({ details }: { details: AuditEntry['details'] }) {
  const entries = Object.entries(details ?? {});
  if (!entries.length) return <span className="text-slate-500 dark:text-slate-400">—</span>;
  return (
    <dl className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs">
      {entries.map(([k, v]) => (
        <div key={k} className="flex min-w-0 gap-1">
          <dt className="text-slate-600 dark:text-slate-400">{k.replace(/_/g, ' ')}:</dt>
          <dd className="break-all">{shown(v)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What the entry was about: a dictation by its reference (a button showing its whole trail), else its kind and id. */
function About({ entry, trust, onReference }: { entry: AuditEntry; trust: AuditTrust; onReference: (reference: string) => void }) {
  if (entry.dictation_reference)
    return (
      <button
        type="button"
        className="font-mono text-brand-700 underline underline-offset-2 hover:no-underline dark:text-emerald-300"
        aria-label={`Show the trail of dictation ${entry.dictation_reference}`}
        onClick={() => onReference(entry.dictation_reference!)}
      >
        {entry.dictation_reference}
      </button>
    );
  if (!entry.entity_type) return <span className="text-slate-500 dark:text-slate-400">—</span>;
  if (entry.entity_type === 'trust' && entry.entity_id === String(trust.id)) return <span>{trust.name}</span>;
  return (
    <span>
      {entry.entity_type.replace(/_/g, ' ')} {entry.entity_id}
    </span>
  );
}

const who = (e: AuditEntry) => e.user?.full_name ?? 'System';

/** The page's entries: a table from tablet width, stacked cards on a phone. */
export function AuditEntries({
  entries,
  trust,
  onReference,
}: {
  entries: AuditEntry[];
  /** Whose log: times in its time zone, its own entries by its name. */
  trust: AuditTrust & { timezone: string };
  onReference: (reference: string) => void;
}) {
  const wide = useMediaQuery('(min-width: 768px)');
  if (wide)
    return (
      <table className="w-full table-fixed text-left text-sm" aria-label="Audit entries">
        <thead className="border-b border-slate-300 dark:border-slate-700">
          <tr>
            <th scope="col" className="w-36 px-2 py-2">
              When
            </th>
            <th scope="col" className="w-36 px-2 py-2">
              Who
            </th>
            <th scope="col" className="w-52 px-2 py-2">
              What
            </th>
            <th scope="col" className="w-40 px-2 py-2">
              About
            </th>
            <th scope="col" className="px-2 py-2">
              Details
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id} className="border-b border-slate-200 align-top dark:border-slate-800">
              <td className="px-2 py-2 whitespace-nowrap tabular-nums">{formatDateTime(e.created_at, trust.timezone)}</td>
              <td className="px-2 py-2 break-words">{who(e)}</td>
              <td className="px-2 py-2">
                <span className="block">{auditActionLabel(e.action)}</span>
                <span className="block font-mono text-xs break-all text-slate-600 dark:text-slate-400">{e.action}</span>
              </td>
              <td className="px-2 py-2 break-words">
                <About entry={e} trust={trust} onReference={onReference} />
              </td>
              <td className="px-2 py-2">
                <Details details={e.details} />
                {e.ip && <span className="mt-0.5 block text-xs text-slate-600 dark:text-slate-400">IP {e.ip}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  return (
    <ul className="space-y-3" aria-label="Audit entries">
      {entries.map((e) => (
        <li key={e.id} className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <p className="font-medium">{auditActionLabel(e.action)}</p>
            <p className="text-xs text-slate-600 tabular-nums dark:text-slate-400">{formatDateTime(e.created_at, trust.timezone)}</p>
          </div>
          <p className="text-sm">{who(e)}</p>
          <div className="mt-1 text-sm">
            <About entry={e} trust={trust} onReference={onReference} />
          </div>
          {Object.keys(e.details ?? {}).length > 0 && (
            <div className="mt-2">
              <Details details={e.details} />
            </div>
          )}
          {e.ip && <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">IP {e.ip}</p>}
        </li>
      ))}
    </ul>
  );
}
