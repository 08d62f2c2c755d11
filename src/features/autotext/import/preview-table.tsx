import { AUTOTEXT_SCOPE_LABELS } from '../../../domain/autotext-access';
import type { CheckedRow } from '../../../domain/autotext-import';
import { useMediaQuery } from '../../../lib/use-media-query';

const cell = 'border-b border-slate-200 px-2 py-1.5 align-top dark:border-slate-700';
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…` : s);

function Problems({ row }: { row: CheckedRow }) {
  return row.errors.length ? (
    <ul className="text-red-800 dark:text-red-300">
      {row.errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  ) : (
    <span className="text-emerald-800 dark:text-emerald-300">Ready</span>
  );
}

/** Every row of the file as it will be imported, its problems beside it; cells shown as text only. */
export function PreviewTable({ rows }: { rows: readonly CheckedRow[] }) {
  const wide = useMediaQuery('(min-width: 640px)');
  if (!wide) {
    return (
      <ul className="max-h-[50dvh] space-y-2 overflow-y-auto p-0.5" aria-label="Rows in the file">
        {rows.map((r) => (
          <li
            key={r.row}
            data-testid={`import-row-${r.row}`}
            className={`rounded-lg p-2 text-sm ring-1 ${r.errors.length ? 'bg-red-50 ring-red-200 dark:bg-red-950/40 dark:ring-red-900' : 'ring-slate-200 dark:ring-slate-700'}`}
          >
            <p>
              Row {r.row}: <span className="font-mono font-semibold">{clip(r.shortcut, 30) || '(no shortcut)'}</span> {clip(r.title, 60)}
            </p>
            <p className="text-xs text-slate-600 dark:text-slate-400">{AUTOTEXT_SCOPE_LABELS[r.scope]}</p>
            <Problems row={r} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div
      className="max-h-[50dvh] overflow-auto rounded-lg ring-1 ring-slate-200 dark:ring-slate-700"
      tabIndex={0}
      role="region"
      aria-label="Rows in the file"
    >
      <table className="w-full text-left text-sm">
        <thead className="sticky top-0 bg-slate-100 dark:bg-slate-800">
          <tr>
            <th scope="col" className={cell}>
              Row
            </th>
            <th scope="col" className={cell}>
              Shortcut
            </th>
            <th scope="col" className={cell}>
              Title
            </th>
            <th scope="col" className={`${cell} hidden md:table-cell`}>
              Text
            </th>
            <th scope="col" className={cell}>
              Scope
            </th>
            <th scope="col" className={cell}>
              Check
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.row} data-testid={`import-row-${r.row}`} className={r.errors.length ? 'bg-red-50 dark:bg-red-950/40' : undefined}>
              <td className={cell}>{r.row}</td>
              <td className={`${cell} font-mono`}>{clip(r.shortcut, 30)}</td>
              <td className={cell}>{clip(r.title, 60)}</td>
              <td className={`${cell} hidden whitespace-pre-wrap md:table-cell`}>{clip(r.body, 120)}</td>
              <td className={cell}>{AUTOTEXT_SCOPE_LABELS[r.scope]}</td>
              <td className={cell}>
                <Problems row={r} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
