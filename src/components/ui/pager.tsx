import { pageNumbers } from './page-numbers';
import { PerPageSelect } from './per-page-select';

interface Props {
  page: number;
  lastPage: number;
  total: number;
  perPage: number;
  onPage: (page: number) => void;
  /** When given, a "Per page" choice of the spec's page sizes. */
  onPerPage?: (n: number) => void;
}

const pill = 'inline-flex min-h-10 min-w-10 items-center justify-center rounded-lg px-3 text-sm';
const step = `${pill} border border-slate-300 disabled:opacity-50 dark:border-slate-600`;

/** Where the page sits in the whole list, Prev / Next and the page numbers around the current one. */
export function Pager({ page, lastPage, total, perPage, onPage, onPerPage }: Props) {
  const from = total === 0 ? 0 : Math.min(total, (page - 1) * perPage + 1);
  const to = Math.min(total, page * perPage);
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <div className="flex items-center gap-3">
        {onPerPage && <PerPageSelect value={perPage} onChange={onPerPage} />}
        <span className="text-slate-600 dark:text-slate-400" aria-live="polite">
          {from}–{to} of {total}
        </span>
      </div>
      <div className="flex items-center gap-1">
        <button type="button" className={step} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Prev
        </button>
        {pageNumbers(Math.min(page, lastPage), lastPage).map((n, i) =>
          n === null ? (
            <span key={`gap-${i}`} className="px-1" aria-hidden>
              …
            </span>
          ) : (
            <button
              key={n}
              type="button"
              aria-current={n === page ? 'page' : undefined}
              aria-label={`Page ${n}`}
              className={`${pill} ${n === page ? 'bg-brand-600 font-semibold text-white dark:bg-emerald-600' : 'hover:bg-slate-100 dark:hover:bg-slate-800'}`}
              onClick={() => onPage(n)}
            >
              {n}
            </button>
          ),
        )}
        <button type="button" className={step} disabled={page >= lastPage} onClick={() => onPage(page + 1)}>
          Next
        </button>
      </div>
    </nav>
  );
}
