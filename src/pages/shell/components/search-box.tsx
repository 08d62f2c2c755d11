import { forwardRef, useEffect, useState } from 'react';
import { Search } from 'lucide-react';
import { useMediaQuery } from '../../../lib/use-media-query';
import { clearRecentSearches, loadRecentSearches, rememberSearch } from '../../../lib/recent-searches';

interface Props {
  /** Show the results: the find-document panel, searching `term`. */
  onSubmit: (term: string) => void;
}

/**
 * The top-bar search (spec §2): Enter shows the results in the find-document panel (which says why a
 * term cannot be searched) and remembers a searchable term (at most three, encrypted); focused, it
 * lists the recent searches.
 */
export const SearchBox = forwardRef<HTMLInputElement, Props>(function SearchBox({ onSubmit }, ref) {
  const [term, setTerm] = useState('');
  const [recent, setRecent] = useState<string[]>([]);
  const [open, setOpen] = useState(false);
  // No keyboard shortcut to offer where the pointer is a finger (issue 23).
  const touch = useMediaQuery('(pointer: coarse), (hover: none)');

  useEffect(() => {
    if (open) void loadRecentSearches().then(setRecent);
  }, [open]);

  async function submit(value: string) {
    if (!value.trim()) return;
    setRecent(await rememberSearch(value));
    setOpen(false);
    onSubmit(value.trim());
  }

  return (
    <div className="relative w-full max-w-xs" onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setOpen(false)}>
      <label htmlFor="global-search" className="sr-only">
        Search dictations
      </label>
      <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
      <input
        ref={ref}
        id="global-search"
        type="search"
        value={term}
        placeholder={touch ? 'Search' : 'Search (Ctrl+K)'}
        autoComplete="off"
        onFocus={() => setOpen(true)}
        onChange={(e) => setTerm(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void submit(term);
          }
          if (e.key === 'Escape') setOpen(false);
        }}
        className="min-h-10 w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm dark:border-slate-600 dark:bg-slate-900"
      />
      {open && recent.length > 0 && (
        <div className="absolute right-0 left-0 z-40 mt-1 rounded-lg border border-slate-200 bg-white p-2 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-800">
          {recent.length > 0 && (
            <>
              <div className="flex items-center justify-between px-2 pt-1 text-xs font-semibold text-slate-500 uppercase">
                <span>Recent searches</span>
                <button
                  type="button"
                  className="rounded px-1 normal-case text-brand-700 hover:underline dark:text-sky-300"
                  onClick={() => void clearRecentSearches().then(() => setRecent([]))}
                >
                  Clear
                </button>
              </div>
              <ul>
                {[...recent].reverse().map((t) => (
                  <li key={t}>
                    <button
                      type="button"
                      className="w-full rounded px-2 py-1.5 text-left hover:bg-slate-100 dark:hover:bg-slate-700"
                      onClick={() => {
                        setTerm(t);
                        void submit(t);
                      }}
                    >
                      {t}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </div>
  );
});
