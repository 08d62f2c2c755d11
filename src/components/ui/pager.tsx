interface Props {
  page: number;
  lastPage: number;
  total: number;
  perPage: number;
  onPage: (page: number) => void;
}

const button =
  'inline-flex min-h-10 min-w-10 items-center justify-center rounded-lg border border-slate-300 px-3 text-sm disabled:opacity-50 dark:border-slate-600';

/** Prev / Next with where the page sits in the whole list. */
export function Pager({ page, lastPage, total, perPage, onPage }: Props) {
  const from = Math.min(total, (page - 1) * perPage + 1);
  const to = Math.min(total, page * perPage);
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <span className="text-slate-600 dark:text-slate-400" aria-live="polite">
        {from}–{to} of {total}
      </span>
      <div className="flex gap-2">
        <button type="button" className={button} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Prev
        </button>
        <button type="button" className={button} disabled={page >= lastPage} onClick={() => onPage(page + 1)}>
          Next
        </button>
      </div>
    </nav>
  );
}
