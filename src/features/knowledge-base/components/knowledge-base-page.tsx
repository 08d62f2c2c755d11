import { Link, useSearch } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { RULES, satisfies } from '../../../domain/access';
import { E } from '../../../domain/contract/endpoints';
import { mayCall } from '../../../domain/outsourced-calls';
import { PAGE_MESSAGES } from '../../../domain/messages';
import { Alert } from '../../../components/ui/alert';
import { Page } from '../../../components/ui/page';
import { useSession } from '../../../lib/auth/use-session';
import { useArticle } from '../api';
import { ArticleForm } from './article-form';
import { ArticleList } from './article-list';
import { ArticleView, BackToList } from './article-view';
import { SupportBox } from './support-box';

/** What the address says the page shows: `?article=<id>` to read, with `&edit=1` to change it, `?new=1` to write one. */
function readSearch(raw: Record<string, unknown>): { article: number | null; mode: 'read' | 'edit' | 'new' } {
  const id = Number(raw.article);
  const article = Number.isInteger(id) && id > 0 ? id : null;
  const yes = (v: unknown) => v === 1 || v === '1' || v === true;
  return { article, mode: yes(raw.new) ? 'new' : yes(raw.edit) && article !== null ? 'edit' : 'read' };
}

/**
 * /knowledgebase (issue 25, spec §2: every signed-in user; the Resources icon, Ctrl+I): the articles the
 * user may read, searched; one article rendered from its Markdown through a sanitiser; the site's support
 * contacts. Its writers (a SuperAdmin, a trust's TrustAdmin) add, change and delete articles.
 */
export function KnowledgeBasePage() {
  const { profile, subject } = useSession();
  const { article, mode } = readSearch(useSearch({ strict: false }) as Record<string, unknown>);
  const mayRead = !!subject && mayCall(subject, undefined, `GET ${E.knowledgeBaseList.path}`);
  const mayWrite = !!subject && mayRead && satisfies(subject, RULES.knowledgeBaseEdit);
  const mayWriteGlobal = !!subject && subject.roles.includes('SuperAdmin');
  const reading = article !== null || mode !== 'read';

  return (
    <Page
      title={PAGE_MESSAGES.kbTitle}
      actions={
        mayWrite && mode !== 'new' ? (
          <Link
            to="/knowledgebase"
            search={{ new: 1 }}
            className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 dark:bg-emerald-600 dark:hover:bg-emerald-700"
          >
            <Plus aria-hidden className="size-4" /> {PAGE_MESSAGES.kbNew}
          </Link>
        ) : undefined
      }
    >
      {!mayRead ? (
        <div className="flex max-w-xl flex-col gap-4">
          <Alert tone="info">The knowledge base is for your trust's own staff.</Alert>
          {profile && <SupportBox site={profile.site} />}
        </div>
      ) : (
        <div className="grid items-start gap-6 md:grid-cols-[minmax(16rem,20rem)_minmax(0,1fr)]">
          <div className={reading ? 'max-md:hidden' : undefined}>
            <ArticleList selected={article} enabled={mayRead} />
            {/* On a phone the help follows the list; beside it, from a tablet up, it is in the reading column. */}
            {profile && (
              <div className="mt-6 md:hidden">
                <SupportBox site={profile.site} />
              </div>
            )}
          </div>
          <div className={`flex min-w-0 flex-col gap-6 ${reading ? '' : 'max-md:hidden'}`}>
            {mode === 'new' && mayWrite ? (
              <div className="flex flex-col gap-3">
                <BackToList />
                <ArticleForm existing={null} mayWriteGlobal={mayWriteGlobal} />
              </div>
            ) : mode === 'edit' && article !== null && mayWrite ? (
              <EditArticle id={article} mayWriteGlobal={mayWriteGlobal} />
            ) : article !== null ? (
              <ArticleView id={article} />
            ) : (
              <p className="rounded-xl border border-dashed border-slate-300 p-6 text-slate-600 dark:border-slate-700 dark:text-slate-300">
                {PAGE_MESSAGES.kbChoose}
              </p>
            )}
            {profile && (
              <div className={reading ? undefined : 'max-md:hidden'}>
                <SupportBox site={profile.site} />
              </div>
            )}
          </div>
        </div>
      )}
    </Page>
  );
}

/** The form for an article once it is loaded (its writers only: the server refuses anyone else). */
function EditArticle({ id, mayWriteGlobal }: { id: number; mayWriteGlobal: boolean }) {
  const q = useArticle(id);
  if (q.error || (q.data && !q.data.can_edit)) return <ArticleView id={id} />;
  if (!q.data) return <p className="text-sm text-slate-600 dark:text-slate-300">Loading…</p>;
  return (
    <div className="flex flex-col gap-3">
      <BackToList />
      <ArticleForm key={q.data.id} existing={q.data} mayWriteGlobal={mayWriteGlobal} />
    </div>
  );
}
