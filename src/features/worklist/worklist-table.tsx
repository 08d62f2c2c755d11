import { useRef, type KeyboardEvent } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown, Lock, Smartphone } from 'lucide-react';
import type { WorklistRow } from '../../domain/contract';
import type { ListColumn, SortableColumn } from '../../domain/list-columns';
import { MESSAGES } from '../../domain/messages';
import { formatPatientName } from '../../domain/display-format';
import { COLUMNS, sortKeyOf, TAT_STYLES } from './columns';
import type { ListParams } from './list-params';
import { StatusBadge, UrgentBadge } from '../../components/ui/badges';

interface Props {
  rows: WorklistRow[];
  columns: ListColumn[];
  params: ListParams;
  selected: Set<number>;
  pending: Set<number>;
  selectable: boolean;
  onToggle: (id: number) => void;
  onToggleAll: (on: boolean) => void;
  onOpen: (row: WorklistRow) => void;
  onSort: (key: SortableColumn) => void;
  compact: boolean;
}

/** The flags every row shows whatever the columns: urgent, confidential, mobile, waiting to be sent. */
function Badges({ row, pending }: { row: WorklistRow; pending: boolean }) {
  return (
    <span className="flex flex-wrap items-center gap-1">
      <StatusBadge status={row.status} />
      {row.return_reason && <ReturnedBadge reason={row.return_reason} />}
      {row.urgent === 'HIGH' && <UrgentBadge />}
      {row.is_confidential && (
        <span title="Confidential" className="inline-flex items-center gap-0.5 text-xs text-amber-800 dark:text-amber-300">
          <Lock aria-hidden className="size-3.5" />
          <span className="sr-only">Confidential</span>
        </span>
      )}
      {row.is_mobile && (
        <span title="Dictated on a mobile device" className="text-slate-500">
          <Smartphone aria-hidden className="size-3.5" />
          <span className="sr-only">Mobile</span>
        </span>
      )}
      {row.tat.state === 'overdue' && (
        <span className="rounded bg-red-50 px-1.5 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200 dark:bg-red-950 dark:text-red-200 dark:ring-red-800">
          Overdue
        </span>
      )}
      {row.secretarial_cover && (
        <span className="rounded bg-violet-100 px-1.5 py-0.5 text-xs text-violet-900 dark:bg-violet-950 dark:text-violet-200">
          Secretarial cover
        </span>
      )}
      {pending && (
        <span className="rounded bg-sky-100 px-1.5 py-0.5 text-xs font-medium text-sky-900 dark:bg-sky-950 dark:text-sky-100">
          Change waiting to be sent
        </span>
      )}
    </span>
  );
}

/** Sent back by the author: the reason is the badge's tooltip and, for a screen reader, its text. */
function ReturnedBadge({ reason }: { reason: string }) {
  return (
    <span
      title={MESSAGES.returnedNoName(reason)}
      className="rounded bg-orange-100 px-1.5 py-0.5 text-xs font-semibold text-orange-900 dark:bg-orange-950 dark:text-orange-100"
    >
      Returned<span className="sr-only">: {reason}</span>
    </span>
  );
}

function SortHeader({ column, params, onSort }: { column: ListColumn; params: ListParams; onSort: (k: SortableColumn) => void }) {
  const key = sortKeyOf(column);
  const label = COLUMNS[column].label;
  if (!key) return <>{label}</>;
  const active = params.sort_key === key;
  const Icon = !active ? ArrowUpDown : params.sort === 'asc' ? ArrowUp : ArrowDown;
  return (
    <button type="button" onClick={() => onSort(key)} className="inline-flex items-center gap-1 font-semibold hover:underline">
      {label}
      <Icon aria-hidden className={`size-3.5 ${active ? '' : 'opacity-40'}`} />
    </button>
  );
}

const ariaSort = (column: ListColumn, p: ListParams) => {
  const key = sortKeyOf(column);
  if (!key) return undefined;
  return p.sort_key === key ? (p.sort === 'asc' ? 'ascending' : 'descending') : 'none';
};

/**
 * The list as an accessible grid: arrow keys move between rows, Enter opens, Space selects. On a
 * phone the rows are cards with the same keys.
 */
export function WorklistTable(props: Props) {
  const { rows, columns, params, selected, pending, selectable, onToggle, onToggleAll, onOpen, onSort, compact } = props;
  const body = useRef<HTMLElement>(null);

  function onRowKey(e: KeyboardEvent<HTMLElement>, row: WorklistRow) {
    const focusable = Array.from(body.current?.querySelectorAll<HTMLElement>('[data-row]') ?? []);
    const at = focusable.indexOf(e.currentTarget);
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      focusable[Math.max(0, Math.min(focusable.length - 1, at + (e.key === 'ArrowDown' ? 1 : -1)))]?.focus();
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      focusable[e.key === 'Home' ? 0 : focusable.length - 1]?.focus();
    } else if (e.key === 'Enter') {
      e.preventDefault();
      onOpen(row);
    } else if (e.key === ' ' && selectable) {
      e.preventDefault();
      onToggle(row.id);
    }
  }

  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.id));
  /** What makes a row (or card) a focusable, selectable entry of the grid. */
  const rowProps = (row: WorklistRow) => ({
    'data-row': true,
    'data-row-id': row.id,
    tabIndex: 0,
    'aria-selected': selectable ? selected.has(row.id) : undefined,
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => onRowKey(e, row),
  });

  if (compact) {
    return (
      <ul ref={body as React.RefObject<HTMLUListElement>} aria-label="Dictations" className="space-y-2">
        {rows.map((row) => (
          <li
            key={row.id}
            {...rowProps(row)}
            // A list item may not carry aria-selected (axe: aria-allowed-attr); its checkbox says it instead.
            aria-selected={undefined}
            className={`rounded-xl bg-white p-3 shadow-sm ring-1 outline-none focus-visible:ring-2 focus-visible:ring-brand-600 dark:bg-slate-900 ${
              selected.has(row.id) ? 'ring-brand-600' : 'ring-slate-200 dark:ring-slate-800'
            }`}
          >
            <div className="flex items-start gap-3">
              {selectable && (
                <input
                  type="checkbox"
                  className="mt-1 size-5"
                  aria-label={`Select ${row.reference}`}
                  checked={selected.has(row.id)}
                  onChange={() => onToggle(row.id)}
                  tabIndex={-1}
                />
              )}
              <button type="button" className="min-w-0 flex-1 text-left" onClick={() => onOpen(row)} tabIndex={-1}>
                <span className="flex items-center justify-between gap-2">
                  <span className="font-mono text-sm font-semibold">{row.reference}</span>
                  <span className={`text-xs ${TAT_STYLES[row.tat.state]}`}>{row.tat.text}</span>
                </span>
                <span className="mt-0.5 block truncate text-sm">
                  {formatPatientName(row.patient.patient_first_name, row.patient.patient_last_name) || 'No patient name'}
                </span>
                <span className="mt-0.5 block text-xs text-slate-600 dark:text-slate-400">
                  {row.user.full_name} · {row.department?.code ?? '–'} · {row.jobtype?.name ?? '–'} · {COLUMNS.audio_duration.cell(row)}
                </span>
                <span className="mt-1 block">
                  <Badges row={row} pending={pending.has(row.id)} />
                </span>
              </button>
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      <table role="grid" aria-label="Dictations" aria-rowcount={rows.length + 1} className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-600 dark:border-slate-800 dark:bg-slate-950 dark:text-slate-400">
          <tr>
            {selectable && (
              <th scope="col" className="w-10 px-3 py-2">
                <input
                  type="checkbox"
                  className="size-4"
                  aria-label="Select all on this page"
                  checked={allSelected}
                  onChange={(e) => onToggleAll(e.target.checked)}
                />
              </th>
            )}
            <th scope="col" className="px-3 py-2" aria-sort={ariaSort('reference', params)}>
              <SortHeader column="reference" params={params} onSort={onSort} />
            </th>
            {columns
              .filter((c) => c !== 'reference' && c !== 'status')
              .map((c) => (
                <th key={c} scope="col" className="px-3 py-2 whitespace-nowrap" aria-sort={ariaSort(c, params)}>
                  <SortHeader column={c} params={params} onSort={onSort} />
                </th>
              ))}
          </tr>
        </thead>
        <tbody ref={body as React.RefObject<HTMLTableSectionElement>}>
          {rows.map((row) => (
            <tr
              key={row.id}
              {...rowProps(row)}
              onClick={(e) => {
                if ((e.target as HTMLElement).closest('input')) return;
                onOpen(row);
              }}
              className={`cursor-pointer border-b border-slate-100 outline-none last:border-0 hover:bg-slate-50 focus-visible:bg-brand-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 dark:border-slate-800 dark:hover:bg-slate-800/60 dark:focus-visible:bg-slate-800 ${
                selected.has(row.id) ? 'bg-brand-50 dark:bg-slate-800' : ''
              }`}
            >
              {selectable && (
                <td className="px-3 py-2">
                  <input
                    type="checkbox"
                    className="size-4"
                    aria-label={`Select ${row.reference}`}
                    checked={selected.has(row.id)}
                    onChange={() => onToggle(row.id)}
                    tabIndex={-1}
                  />
                </td>
              )}
              <td className="px-3 py-2">
                <span className="block font-mono font-semibold">{row.reference}</span>
                <span className="block max-w-48 truncate text-xs text-slate-600 dark:text-slate-400">
                  {formatPatientName(row.patient.patient_first_name, row.patient.patient_last_name) || 'No patient name'}
                </span>
                <Badges row={row} pending={pending.has(row.id)} />
              </td>
              {columns
                .filter((c) => c !== 'reference' && c !== 'status')
                .map((c) => (
                  <td
                    key={c}
                    className={`px-3 py-2 ${c === 'dictation_date' || c === 'tat' || c === 'audio_duration' ? 'whitespace-nowrap' : ''}`}
                  >
                    {COLUMNS[c].cell(row)}
                  </td>
                ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
