import { SEARCH_PAGE_SIZES } from '../../domain/limits';

/** "Per page": the spec's page sizes for a list or a search. */
export function PerPageSelect({ value, onChange, className = '' }: { value: number; onChange: (n: number) => void; className?: string }) {
  return (
    <label className={`flex items-center gap-2 text-sm ${className}`}>
      <span>Per page</span>
      <select
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        className="min-h-10 rounded-lg border border-slate-300 bg-white px-2 dark:border-slate-600 dark:bg-slate-800"
      >
        {SEARCH_PAGE_SIZES.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </label>
  );
}
