import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { ArrowDownWideNarrow, ArrowUpNarrowWide, Search, X } from 'lucide-react';
import { SEARCH_KEYS, searchTermProblem, type SearchKey, type SearchRow } from '../../domain/contract/search';
import { PerPageSelect } from '../../components/ui/per-page-select';
import { MESSAGES } from '../../domain/messages';
import type { Role } from '../../domain/roles';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { clearRecentSearches, loadRecentSearches, rememberSearch } from '../../lib/recent-searches';
import { CHIP_LABELS, emptyText, INITIAL_SEARCH, withChange, type SearchState } from './search-state';
import { useDocumentSearch } from './api/search';
import { ResultCard } from './result-card';
import { useDictationClick } from '../dictation-click';

export interface FindDocumentPanelProps {
  /** A term submitted from the top-bar search box (searched at once), or null when opened by Ctrl+K. */
  term: string | null;
  me: { id: number; roles: readonly Role[]; permissions?: readonly string[] };
  onClose: () => void;
  /** The side panel of a found dictation, given by the page that shows this one (features do not import pages). */
  detailsPanel: (dictation: { id: number; assignee: string | null }, onClose: () => void) => ReactNode;
}

/** 'search: enter at least 3 characters.' → 'Enter at least 3 characters.' */
const plain = (problem: string) => {
  const text = problem.replace(/^search: /, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

const CHIP = 'min-h-10 rounded-full border px-3 text-sm font-medium';
const CHIP_ON = 'border-brand-600 bg-brand-600 text-white dark:border-emerald-600 dark:bg-emerald-600';
const CHIP_OFF =
  'border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700';

/**
 * The find-document panel (spec §2): search the dictations the user may see, by All or one key, in
 * either order, a page at a time; recent searches; each result opens as spec §4 says.
 */
export function FindDocumentPanel({ term, me, onClose, detailsPanel }: FindDocumentPanelProps) {
  const [draft, setDraft] = useState(term ?? '');
  const [state, setState] = useState<SearchState>({ ...INITIAL_SEARCH, term: term ?? '' });
  const [problem, setProblem] = useState<string | null>(null);
  const [recent, setRecent] = useState<string[]>([]);
  const [details, setDetails] = useState<SearchRow | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const keyNow = useRef(state.key);
  keyNow.current = state.key;
  const results = useDocumentSearch(state);
  const click = useDictationClick<SearchRow>({ me, onDetails: setDetails, onLeave: onClose });

  useEffect(() => {
    void loadRecentSearches().then(setRecent);
  }, []);
  // A new term from the top bar while the panel is open.
  useEffect(() => {
    if (term === null) return;
    setDraft(term);
    // A term the top bar could not search says why here, as one typed in the panel would.
    const wrong = searchTermProblem(term, keyNow.current);
    setProblem(wrong && plain(wrong));
    setState((s) => withChange(s, { term }));
  }, [term]);

  async function submit(value: string, key: SearchKey = state.key) {
    const wrong = searchTermProblem(value, key);
    setProblem(wrong && plain(wrong));
    if (wrong) return;
    setDraft(value);
    setState((s) => withChange(s, { term: value.trim(), key }));
    setRecent(await rememberSearch(value, key));
  }

  function chooseKey(key: SearchKey) {
    if (draft.trim()) void submit(draft, key);
    else setState((s) => withChange(s, { key }));
  }

  const page = results.data?.page;
  const searched = state.term !== '' && !searchTermProblem(state.term, state.key);

  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(open) => !open && onClose()}
      className="fixed inset-0 z-50 bg-slate-900/50 sm:flex sm:items-start sm:justify-center sm:p-4 sm:pt-[6vh]"
    >
      <Modal className="flex h-dvh w-full flex-col bg-white shadow-xl outline-none sm:h-auto sm:max-h-[88vh] sm:max-w-3xl sm:rounded-xl dark:bg-slate-900">
        <Dialog className="flex min-h-0 flex-1 flex-col outline-none">
          <header className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
            <Heading slot="title" className="text-lg font-semibold">
              Find document
            </Heading>
            <Button tone="ghost" aria-label="Close" onPress={onClose} className="-m-1 !min-h-11 !px-2">
              <X aria-hidden className="size-5" />
            </Button>
          </header>

          <div className="space-y-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
            <form
              role="search"
              onSubmit={(e) => {
                e.preventDefault();
                void submit(draft);
              }}
              className="flex gap-2"
            >
              <label htmlFor="find-document-term" className="sr-only">
                Search dictations
              </label>
              <div className="relative flex-1">
                <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
                <input
                  ref={input}
                  id="find-document-term"
                  type="search"
                  autoFocus
                  autoComplete="off"
                  value={draft}
                  onChange={(e) => setDraft(e.target.value)}
                  placeholder="Reference, patient, NHS number, MRN, author…"
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? 'find-document-problem' : undefined}
                  className="min-h-11 w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-base sm:text-sm dark:border-slate-600 dark:bg-slate-950"
                />
              </div>
              <Button type="submit">Search</Button>
            </form>
            {problem && (
              <p id="find-document-problem" className="text-sm text-red-700 dark:text-red-300">
                {problem}
              </p>
            )}

            <div className="flex flex-wrap items-center gap-2">
              <div role="group" aria-label="Search in" className="flex flex-wrap gap-1.5">
                {SEARCH_KEYS.map((key) => (
                  <button
                    key={key}
                    type="button"
                    aria-pressed={state.key === key}
                    onClick={() => chooseKey(key)}
                    className={`${CHIP} ${state.key === key ? CHIP_ON : CHIP_OFF}`}
                  >
                    {CHIP_LABELS[key]}
                  </button>
                ))}
              </div>
              <div className="ml-auto flex items-center gap-2">
                <button
                  type="button"
                  onClick={() => setState((s) => withChange(s, { sort: s.sort === 'asc' ? 'desc' : 'asc' }))}
                  className={`${CHIP} ${CHIP_OFF} inline-flex items-center gap-1.5`}
                  aria-label={`Sort order: ${state.sort === 'desc' ? 'newest first (desc)' : 'oldest first (asc)'}. Change it.`}
                >
                  {state.sort === 'desc' ? (
                    <ArrowDownWideNarrow aria-hidden className="size-4" />
                  ) : (
                    <ArrowUpNarrowWide aria-hidden className="size-4" />
                  )}
                  {state.sort === 'desc' ? 'Newest first' : 'Oldest first'}
                </button>
                <PerPageSelect value={state.perPage} onChange={(perPage) => setState((s) => withChange(s, { perPage }))} />
              </div>
            </div>

            {recent.length > 0 && (
              <section aria-labelledby="find-document-recent" className="flex flex-wrap items-center gap-1.5 text-sm">
                <h3 id="find-document-recent" className="font-semibold text-slate-700 dark:text-slate-300">
                  Recent searches
                </h3>
                <ul className="flex flex-wrap gap-1.5" data-testid="recent-searches">
                  {[...recent].reverse().map((t) => (
                    <li key={t}>
                      <button
                        type="button"
                        onClick={() => void submit(t)}
                        className="min-h-9 rounded-lg bg-slate-100 px-2.5 text-slate-800 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
                      >
                        {t}
                      </button>
                    </li>
                  ))}
                </ul>
                <button
                  type="button"
                  onClick={() => void clearRecentSearches().then(() => setRecent([]))}
                  className="min-h-9 rounded px-2 text-brand-700 underline-offset-2 hover:underline dark:text-sky-300"
                >
                  Clear
                </button>
              </section>
            )}
          </div>

          <div className="min-h-0 flex-1 overflow-y-auto px-4 py-3">
            {results.data?.local && (
              <p
                role="status"
                className="mb-3 rounded-lg bg-amber-100 px-3 py-2 text-sm text-amber-900 dark:bg-amber-900 dark:text-amber-100"
              >
                {MESSAGES.searchLocal}
              </p>
            )}
            {!searched && (
              <p className="text-sm text-slate-600 dark:text-slate-400">
                Type a reference, a patient’s name, NHS number or MRN, an author, a department or a clinic code, then press Enter.
              </p>
            )}
            {searched && results.isPending && <p className="text-sm">Searching…</p>}
            {searched && results.isError && <Alert>{MESSAGES.errorFetching}</Alert>}
            {searched && page && (
              <>
                <p aria-live="polite" className="mb-2 text-sm text-slate-600 dark:text-slate-400">
                  {page.total === 0 ? '' : `${page.total} result${page.total === 1 ? '' : 's'}`}
                </p>
                {page.data.length === 0 ? (
                  <p className="py-6 text-center text-slate-600 dark:text-slate-400">{emptyText(state.key)}</p>
                ) : (
                  <ul className="space-y-2" aria-label="Results">
                    {page.data.map((row) => (
                      <li key={row.id}>
                        <ResultCard row={row} onOpen={click.onClick} />
                      </li>
                    ))}
                  </ul>
                )}
              </>
            )}
          </div>

          {searched && page && page.last_page > 1 && (
            <nav
              aria-label="Result pages"
              className="flex items-center justify-between gap-2 border-t border-slate-200 px-4 py-2 dark:border-slate-800"
            >
              <Button
                tone="secondary"
                isDisabled={!page.prev_page_url}
                onPress={() => setState((s) => ({ ...s, page: Math.max(1, s.page - 1) }))}
              >
                Prev
              </Button>
              <span className="text-sm">
                Page {page.current_page} of {page.last_page}
              </span>
              <Button tone="secondary" isDisabled={!page.next_page_url} onPress={() => setState((s) => ({ ...s, page: s.page + 1 }))}>
                Next
              </Button>
            </nav>
          )}
          {click.dialog}
          {details && detailsPanel({ id: details.id, assignee: details.assigned_to?.full_name ?? null }, () => setDetails(null))}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

export default FindDocumentPanel;
