import { Link } from '@tanstack/react-router';
import { Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { KnowledgeArticleSummary } from '../../../domain/contract';
import { PAGE_MESSAGES } from '../../../domain/messages';
import { Alert } from '../../../components/ui/alert';
import { Pager } from '../../../components/ui/pager';
import { HttpError } from '../../../lib/api/errors';
import { PER_PAGE, useArticles } from '../api';
import { Excerpt } from './excerpt';
import { ScopeBadge } from './scope-badge';

/** How long typing pauses before the search is asked. */
const SEARCH_PAUSE_MS = 250;

/** The search box and one page of the articles the user may read (global ones and their trust's, marked). */
export function ArticleList({ selected, enabled }: { selected: number | null; enabled: boolean }) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const inputId = useId();
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
      setPage(1);
    }, SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const q = useArticles(search, page, enabled);
  const rows = q.data?.data ?? [];

  return (
    <section aria-labelledby="kb-list-title" className="flex min-w-0 flex-col gap-3">
      <h2 id="kb-list-title" className="sr-only">
        Articles
      </h2>
      <form role="search" onSubmit={(e) => e.preventDefault()} className="flex flex-col gap-1">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-700 dark:text-slate-200">
          {PAGE_MESSAGES.kbSearchLabel}
        </label>
        <div className="relative">
          <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
          <input
            id={inputId}
            type="search"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            maxLength={200}
            aria-describedby={`${inputId}-hint`}
            className="min-h-11 w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-base dark:border-slate-600 dark:bg-slate-900"
          />
        </div>
        <span id={`${inputId}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          {PAGE_MESSAGES.kbSearchHint}
        </span>
      </form>
      {q.error ? (
        <Alert>{q.error instanceof HttpError ? q.error.message : 'Error fetching your request'}</Alert>
      ) : !q.data ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">Loading…</p>
      ) : rows.length === 0 ? (
        <div role="status" className="rounded-lg border border-dashed border-slate-300 p-4 text-sm dark:border-slate-700">
          <p className="font-medium">{search ? PAGE_MESSAGES.kbNotFound(search) : PAGE_MESSAGES.kbEmpty}</p>
          <p className="mt-1 text-slate-600 dark:text-slate-300">{PAGE_MESSAGES.kbEmptyHint}</p>
        </div>
      ) : (
        <>
          <p className="sr-only" role="status">
            {`${q.data.total} ${q.data.total === 1 ? 'article' : 'articles'}`}
          </p>
          <ul
            aria-label="Articles"
            className="divide-y divide-slate-200 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200 dark:divide-slate-800 dark:bg-slate-900 dark:ring-slate-800"
          >
            {rows.map((a) => (
              <ArticleRow key={a.id} article={a} current={a.id === selected} />
            ))}
          </ul>
          {q.data.last_page > 1 && (
            <Pager page={q.data.current_page} lastPage={q.data.last_page} total={q.data.total} perPage={PER_PAGE} onPage={setPage} />
          )}
        </>
      )}
    </section>
  );
}

function ArticleRow({ article, current }: { article: KnowledgeArticleSummary; current: boolean }) {
  return (
    <li>
      <Link
        to="/knowledgebase"
        search={{ article: article.id }}
        aria-current={current ? 'page' : undefined}
        className={`block px-4 py-3 hover:bg-slate-50 dark:hover:bg-slate-800 ${current ? 'bg-brand-50 dark:bg-slate-800' : ''}`}
      >
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-slate-900 dark:text-slate-100">{article.title}</span>
          <ScopeBadge trust={article.trust} />
        </span>
        <span className="mt-1 line-clamp-3 text-sm text-slate-600 dark:text-slate-300">
          <Excerpt text={article.excerpt} />
        </span>
      </Link>
    </li>
  );
}
