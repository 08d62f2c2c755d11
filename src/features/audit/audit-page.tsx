import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Download } from 'lucide-react';
import { AUDIT_COUNT_CAP, AUDIT_EXPORT_MAX_ROWS, type AuditPage as AuditPageData } from '../../domain/contract';
import { MESSAGES, PAGE_MESSAGES } from '../../domain/messages';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Page } from '../../components/ui/page';
import { HttpError } from '../../lib/api/errors';
import { useSession } from '../../lib/auth/use-session';
import { downloadAuditCsv, FIRST_PAGE, refreshActions, useAuditPage, type AuditCursor, type AuditSearch } from './audit-api';
import { AuditEntries } from './audit-entries';
import { AuditFilterForm } from './audit-filter-form';

const count = (n: number) => n.toLocaleString('en-GB');
const filtered = (s: AuditSearch) => Boolean(s.user_id || s.reference || s.action || s.from || s.to);

/**
 * /audit (issue 25): a trust's audit log for its administrators (a SiteAdmin: their site's part), newest
 * first, filtered by user, dictation reference, action and days; paged by the server's cursors; exported
 * as CSV. Opening it and exporting are recorded in the log itself.
 */
export function AuditPage({ search, onSearch }: { search: AuditSearch; onSearch: (search: AuditSearch) => void }) {
  const { profile, subject } = useSession();
  const siteBound = Boolean(subject?.roles.includes('SiteAdmin') && !subject.roles.some((r) => r === 'TrustAdmin' || r === 'SuperAdmin'));
  const [exporting, setExporting] = useState(false);
  const queries = useQueryClient();

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadAuditCsv(search);
      toast.success(PAGE_MESSAGES.auditExportStarted);
      void refreshActions(queries);
    } catch (err) {
      toast.error(err instanceof HttpError ? err.message : MESSAGES.serverError);
    } finally {
      setExporting(false);
    }
  }

  return (
    <Page
      title={PAGE_MESSAGES.auditTitle}
      actions={
        <Button tone="secondary" onPress={() => void exportCsv()} isDisabled={exporting}>
          <Download aria-hidden className="size-4" /> {exporting ? 'Exporting…' : 'Export CSV'}
        </Button>
      }
    >
      <p className="mb-1 max-w-3xl text-sm text-slate-600 dark:text-slate-300">{PAGE_MESSAGES.auditIntro}</p>
      {siteBound && <p className="mb-1 max-w-3xl text-sm text-slate-600 dark:text-slate-300">{PAGE_MESSAGES.auditIntroSite}</p>}
      <p className="mb-4 max-w-3xl text-sm text-slate-600 dark:text-slate-300">
        {PAGE_MESSAGES.auditExportLimit(count(AUDIT_EXPORT_MAX_ROWS))}
      </p>
      <AuditFilterForm search={search} siteId={siteBound ? profile?.site_id : undefined} onApply={onSearch} />
      {/* A new filter starts again from its first page. */}
      <AuditResults
        key={JSON.stringify(search)}
        search={search}
        onReference={(reference) => onSearch({ trust_id: search.trust_id, reference })}
      />
    </Page>
  );
}

function AuditResults({ search, onReference }: { search: AuditSearch; onReference: (reference: string) => void }) {
  const [cursor, setCursor] = useState<AuditCursor>(FIRST_PAGE);
  const q = useAuditPage(search, cursor);
  const answer = q.data;
  if (q.isError) return <Alert>{q.error instanceof HttpError ? q.error.message : MESSAGES.errorFetching}</Alert>;
  if (!answer) return <p className="text-sm">Loading…</p>;
  const page = answer.data;
  return (
    <section aria-labelledby="audit-results-title">
      <h2 id="audit-results-title" className="sr-only">
        Entries of {answer.trust.name}
      </h2>
      <p className="mb-2 text-sm text-slate-600 dark:text-slate-300">
        {answer.trust.name}
        {answer.scope === 'site' ? ' — your site' : ''}
      </p>
      {page.data.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-6 text-slate-700 dark:border-slate-700 dark:text-slate-300">
          <p className="font-medium">{PAGE_MESSAGES.auditEmpty}</p>
          {filtered(search) && <p className="mt-1 text-sm">{PAGE_MESSAGES.auditEmptyFiltered}</p>}
        </div>
      ) : (
        <AuditEntries entries={page.data} trust={answer.trust} onReference={onReference} />
      )}
      {page.data.length > 0 && (
        <AuditPager
          page={page}
          busy={q.isFetching}
          onNewer={() => setCursor({ page: page.current_page - 1, after: page.prev_cursor! })}
          onOlder={() => setCursor({ page: page.current_page + 1, before: page.next_cursor! })}
        />
      )}
    </section>
  );
}

/** Where the page sits ("26–50 of 1,234", or "of more than 10,000"), and Newer / Older by the server's cursors. */
function AuditPager({ page, busy, onNewer, onOlder }: { page: AuditPageData; busy: boolean; onNewer: () => void; onOlder: () => void }) {
  const from = (page.current_page - 1) * page.per_page + 1;
  const to = from + page.data.length - 1;
  const of = page.total_capped ? PAGE_MESSAGES.auditCountMore(count(AUDIT_COUNT_CAP)) : count(page.total);
  const step =
    'inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 px-4 text-sm disabled:opacity-50 dark:border-slate-600';
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <span className="text-slate-600 dark:text-slate-400" aria-live="polite">
        Entries {count(from)}–{count(to)} of {of}
      </span>
      <div className="flex gap-2">
        <button type="button" className={step} disabled={!page.prev_cursor || busy} onClick={onNewer}>
          Newer
        </button>
        <button type="button" className={step} disabled={!page.next_cursor || busy} onClick={onOlder}>
          Older
        </button>
      </div>
    </nav>
  );
}
