import { Suspense, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { toast } from 'sonner';
import { Page } from '../components/ui/page';
import { Alert } from '../components/ui/alert';
import type { WorklistRow } from '../domain/contract';
import { E } from '../domain/contract/endpoints';
import { columnsToShow } from '../domain/list-columns';
import { statusLabel, type HomeTab } from '../domain/statuses';
import { homeTabLabel, homeTabsFor } from '../domain/workflow';
import { MESSAGES, PAGE_MESSAGES } from '../domain/messages';
import { HttpError } from '../lib/api/errors';
import { useSession } from '../lib/auth/use-session';
import { useMediaQuery } from '../lib/use-media-query';
import { mayLoadDictationOptions, useDictationOptions } from '../features/dictation-form';
import {
  readListParams,
  nextSort,
  worklistSearch,
  type ListParams,
  useDeleteDictations,
  useSetConfidential,
  useTypists,
  useWorklistCounts,
  useWorklistPage,
  worklistKeys,
  useAllocations,
  StatusTabs,
  FiltersBar,
  ColumnChooser,
  WorklistTable,
  SelectionActions,
  BatchReview,
  canReviewTogether,
} from '../features/worklist';
import { OfflineCopyNotice } from '../features/offline-review';
import { Pager } from '../components/ui/pager';
import { useDictationClick } from '../features/dictation-click';
import { DictationPanel } from './dictation-panel';
import { LettersOutSlot } from '../features/letters-out';
import { RULES, satisfies } from '../domain/access';
import { mayCall } from '../domain/outsourced-calls';
import { WaitingOnDevice } from '../features/sync';
import { StuckNotice } from '../features/stuck-letters';

/** What a refused or failed call says, in plain words. */
const refusal = (err: unknown) => (err instanceof HttpError ? err.message : 'Error fetching your request');
const clock = (at: number) => new Date(at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });

/** Home `/:tab`: the work queue of one status, with counts on every tab (spec §2, §3, §9). */
export function WorklistPage({ tab }: { tab: HomeTab }) {
  const { profile, subject } = useSession();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const deleting = useDeleteDictations();
  const marking = useSetConfidential();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const params = useMemo(() => readListParams(search), [search]);
  const compact = !useMediaQuery('(min-width: 768px)');
  const roles = useMemo(() => profile?.roles.map((r) => r.name) ?? [], [profile]);
  const isTypist = roles.some((r) => r === 'Secretary' || r === 'Manager' || r === 'SuperAdmin');
  const tabs = subject ? homeTabsFor(subject) : [];
  const labelOf = (t: HomeTab) => (subject ? homeTabLabel(t, subject) : statusLabel(t));

  const list = useWorklistPage(tab, params);
  const counts = useWorklistCounts();
  // Each list is asked for only by those the server gives it to (issue 23): an external typist has neither.
  const listsAllowed = subject ? mayLoadDictationOptions(subject) : false;
  const typistsAllowed = isTypist && subject !== null && mayCall(subject, E.users.rule, `${E.users.method} ${E.users.path}`);
  const options = useDictationOptions(listsAllowed);
  const typists = useTypists(typistsAllowed);
  const { allocate, pendingIds } = useAllocations();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [details, setDetails] = useState<WorklistRow | null>(null);
  const rowClick = useDictationClick<WorklistRow>({
    me: profile ? { id: profile.id, roles, permissions: subject?.permissions, outsourcingPoolId: subject?.outsourcingPoolId } : null,
    queueAllocation: allocate,
    onDetails: setDetails,
  });
  useEffect(() => setSelected(new Set()), [tab, params]);

  const setParams = (next: Partial<ListParams>) =>
    void navigate({ to: '/{-$tab}', params: { tab }, search: (prev) => worklistSearch({ ...prev, ...next }) });

  const rows = list.data?.data.data ?? [];
  const page = list.data?.data;
  const columns = columnsToShow(profile?.preferences.profile.columns);
  const chosen = rows.filter((r) => selected.has(r.id));
  const reviewer = profile && subject ? { userId: profile.id, roles, permissions: subject.permissions } : null;

  /** The panel closed: the focus goes back to the row it was opened from. */
  function closeDetails() {
    const id = details?.id;
    setDetails(null);
    // After the modal's own focus restore (which may pick the card's inner button): the row itself.
    const focusRow = () => document.querySelector<HTMLElement>(`[data-row-id="${id}"]`)?.focus();
    requestAnimationFrame(() => requestAnimationFrame(focusRow));
  }

  const refresh = () => void queries.invalidateQueries({ queryKey: worklistKeys.all });

  async function removeRows(targets: WorklistRow[]) {
    const { failed } = await deleting.mutateAsync(targets);
    if (failed.length) toast.warning('Some dictations were not deleted.', { description: failed.join(' ') });
    else toast.success(targets.length === 1 ? `${targets[0]!.reference} deleted.` : `${targets.length} dictations deleted.`);
    setSelected(new Set());
  }

  async function setConfidential(row: WorklistRow, on: boolean) {
    try {
      await marking.mutateAsync({ row, on });
      toast.success(on ? `${row.reference} is now confidential.` : `${row.reference} is no longer confidential.`);
    } catch (err) {
      toast.warning(err instanceof HttpError ? err.message : 'The marking could not be changed.');
    }
  }

  const hasFilters = [params.author, params.department, params.document_type, params.assigned_to, params.dictation_type].some(
    (v) => v !== undefined,
  );
  const emptyText = params.search
    ? `No ${params.search} found`
    : hasFilters
      ? 'No Data found'
      : labelOf(tab) === MESSAGES.authorSendingTab
        ? MESSAGES.noAuthorSending
        : `No ${statusLabel(tab)} dictations`;

  return (
    <Page
      title="Dictations"
      actions={
        <div className="flex items-center gap-2">
          <span className="text-xs text-slate-600 dark:text-slate-400" aria-live="polite">
            {list.dataUpdatedAt ? `Updated ${clock(list.dataUpdatedAt)}` : ''}
          </span>
          <button
            type="button"
            onClick={refresh}
            aria-label="Refresh the list"
            className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-slate-100 dark:hover:bg-slate-800"
          >
            <RefreshCw aria-hidden className={`size-4 ${list.isFetching ? 'animate-spin' : ''}`} />
          </button>
          {profile && !compact && <ColumnChooser userId={profile.id} current={columns} />}
        </div>
      }
    >
      <StatusTabs tabs={tabs} current={tab} counts={counts.data?.data} labelOf={labelOf} />
      {tab === 'AUTHOR_APPROVAL' && <OfflineCopyNotice />}
      {tab === 'MANUAL_DISTRIBUTION' && subject && satisfies(subject, RULES.stuckLetters) && (
        <Suspense fallback={null}>
          <StuckNotice />
        </Suspense>
      )}
      {tab === 'MANUAL_DISTRIBUTION' && subject && satisfies(subject, RULES.distribution) && <LettersOutSlot />}
      <WaitingOnDevice />
      <div className="mt-3">
        <FiltersBar
          params={params}
          options={listsAllowed ? options.data : null}
          optionsRefused={options.isError ? refusal(options.error) : null}
          typists={typistsAllowed ? typists.data : undefined}
          typistsRefused={typists.isError ? refusal(typists.error) : null}
          showAuthor={isTypist}
          compact={compact}
          onChange={setParams}
        />
      </div>
      {chosen.length > 0 && profile && (
        <SelectionActions
          rows={chosen}
          me={{ id: profile.id, roles }}
          typists={typists.data}
          onAllocate={(body) => {
            const ids = chosen.map((r) => r.id);
            void allocate(
              { dictations: ids, ...body },
              `${ids.length === 1 ? chosen[0]!.reference : `${ids.length} dictations`}: allocation`,
            );
            setSelected(new Set());
          }}
          onDelete={removeRows}
          onConfidential={setConfidential}
          onClear={() => setSelected(new Set())}
          review={
            tab === 'AUTHOR_APPROVAL' && reviewer && canReviewTogether(chosen, reviewer) ? (
              <BatchReview
                rows={chosen}
                user={reviewer}
                onDone={(ids) =>
                  setSelected((s) => {
                    const next = new Set(s);
                    for (const id of ids) next.delete(id);
                    return next;
                  })
                }
              />
            ) : undefined
          }
        />
      )}
      {list.isError && !list.data && <Alert>{list.error instanceof HttpError ? list.error.message : 'Error fetching your request'}</Alert>}
      {list.isPending && <p className="py-8 text-center text-slate-600 dark:text-slate-400">Loading…</p>}
      {page && rows.length === 0 && (
        <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
          <p>{emptyText}</p>
          {!params.search && hasFilters && <p className="mt-1 text-sm">{PAGE_MESSAGES.worklistFilteredEmpty}</p>}
        </div>
      )}
      {rows.length > 0 && (
        <WorklistTable
          rows={rows}
          columns={columns}
          params={params}
          selected={selected}
          pending={pendingIds}
          selectable
          compact={compact}
          onToggle={(id) =>
            setSelected((s) => {
              const next = new Set(s);
              if (next.has(id)) next.delete(id);
              else next.add(id);
              return next;
            })
          }
          onToggleAll={(on) => setSelected(on ? new Set(rows.map((r) => r.id)) : new Set())}
          onOpen={rowClick.onClick}
          onSort={(key) => setParams(nextSort(params, key))}
        />
      )}
      {page && page.total > 0 && (
        <Pager
          page={page.current_page}
          lastPage={page.last_page}
          total={page.total}
          perPage={page.per_page}
          onPage={(n) => setParams({ page: n })}
          onPerPage={(n) => setParams({ paginate: n, page: 1 })}
        />
      )}
      {rowClick.dialog}
      {details && <DictationPanel dictationId={details.id} assignee={details.assigned_to?.full_name ?? null} onClose={closeDetails} />}
    </Page>
  );
}
