import { Link, useNavigate } from '@tanstack/react-router';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { KnowledgeArticle } from '../../../domain/contract';
import { formatDate } from '../../../domain/display-format';
import { MESSAGES, PAGE_MESSAGES } from '../../../domain/messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { HttpError } from '../../../lib/api/errors';
import { useArticle, useDeleteArticle } from '../api';
import { MarkdownView } from './markdown-view';
import { ScopeBadge } from './scope-badge';

const PANEL = 'rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6 dark:bg-slate-900 dark:ring-slate-800';

/** "Back to articles": on a phone the list and the article take turns. */
export function BackToList() {
  return (
    <Link
      to="/knowledgebase"
      className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 underline-offset-2 hover:underline md:hidden dark:text-sky-300"
    >
      ‹ Back to articles
    </Link>
  );
}

/** One article to read; its writers get Edit and Delete. */
export function ArticleView({ id }: { id: number }) {
  const q = useArticle(id);
  if (q.error)
    return (
      <div className="flex flex-col gap-3">
        <BackToList />
        <Alert>{q.error instanceof HttpError ? q.error.message : 'Error fetching your request'}</Alert>
      </div>
    );
  if (!q.data) return <p className="text-sm text-slate-600 dark:text-slate-300">Loading…</p>;
  return <Article article={q.data} />;
}

function Article({ article }: { article: KnowledgeArticle }) {
  const navigate = useNavigate();
  const remove = useDeleteArticle();
  const [asking, setAsking] = useState(false);

  function confirmDelete() {
    setAsking(false);
    void navigate({ to: '/knowledgebase' });
    remove.mutate({ id: article.id, title: article.title });
  }

  return (
    <article aria-labelledby="kb-article-title" className="flex min-w-0 flex-col gap-3">
      <BackToList />
      <div className={PANEL}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h2 id="kb-article-title" className="min-w-0 text-xl font-semibold tracking-tight">
            {article.title}
          </h2>
          {article.can_edit && (
            <div className="flex gap-2">
              <Link
                to="/knowledgebase"
                search={{ article: article.id, edit: 1 }}
                className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
              >
                Edit
              </Link>
              <Button tone="secondary" onPress={() => setAsking(true)} aria-label={`Delete “${article.title}”`}>
                <Trash2 aria-hidden className="size-4" /> Delete
              </Button>
            </div>
          )}
        </div>
        <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600 dark:text-slate-300">
          <ScopeBadge trust={article.trust} />
          <span>{PAGE_MESSAGES.kbUpdated(formatDate(article.updated_at), article.updated_by?.full_name ?? null)}</span>
        </p>
        {article.tags.length > 0 && (
          <ul aria-label="Tags" className="mt-2 flex flex-wrap gap-1.5">
            {article.tags.map((t) => (
              <li key={t} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300">
                {t}
              </li>
            ))}
          </ul>
        )}
        <div className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800">
          <MarkdownView markdown={article.body} testId="kb-article-body" />
        </div>
      </div>
      <ConfirmDialog
        open={asking}
        title={PAGE_MESSAGES.kbDeleteTitle(article.title)}
        body={PAGE_MESSAGES.kbDeleteBody}
        confirmLabel="Delete"
        destructive
        onCancel={() => {
          setAsking(false);
          toast.info(MESSAGES.cancelledTitle, { description: MESSAGES.cancelledBody });
        }}
        onConfirm={confirmDelete}
      />
    </article>
  );
}
