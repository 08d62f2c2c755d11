import { useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import { AUDIT_EXPORT_SECONDS, AUDIT_PER_PAGE, type AuditListAnswer } from '../../domain/contract';
import { pathOf } from '../../domain/contract/endpoint';
import { E } from '../../domain/contract/endpoints';
import { apiCall, apiFile } from '../../lib/api/client';

/** The viewer's filter as the page's address holds it: text values, blank ones left out. */
export interface AuditSearch {
  trust_id?: string;
  user_id?: string;
  reference?: string;
  action?: string;
  from?: string;
  to?: string;
}

/** Where a page starts: the newest entries, or older or newer than an entry the last answer named. */
export interface AuditCursor {
  page: number;
  before?: string;
  after?: string;
}

export const FIRST_PAGE: AuditCursor = { page: 1 };

const clean = (o: Record<string, string | number | undefined>) =>
  Object.fromEntries(Object.entries(o).filter((e): e is [string, string | number] => e[1] !== undefined && e[1] !== ''));

/**
 * One page of the log. Fetched once per filter and cursor (kept for a while, not refetched on focus): a
 * first page is itself written to the audit log as an opening of the viewer, so it is not asked again
 * for nothing.
 */
export const auditPageQuery = (search: AuditSearch, cursor: AuditCursor) => ({
  queryKey: ['audit', 'list', search, cursor] as const,
  queryFn: () =>
    apiCall(E.auditList, {
      query: clean({ ...search, page: cursor.page, paginate: AUDIT_PER_PAGE, before: cursor.before, after: cursor.after }),
      quiet: true,
    }),
  staleTime: 60_000,
  refetchOnWindowFocus: false,
  retry: false,
});

export function useAuditPage(search: AuditSearch, cursor: AuditCursor) {
  return useQuery(auditPageQuery(search, cursor));
}

/**
 * Fetches the first page of a filter ahead of showing it: the form hears the server's refusal by field.
 * The actions are read again too: the log has new ones since (this very opening, for one).
 */
export async function fetchFirstPage(queries: QueryClient, search: AuditSearch): Promise<AuditListAnswer> {
  const answer = await queries.fetchQuery(auditPageQuery(search, FIRST_PAGE));
  void refreshActions(queries);
  return answer;
}

export const refreshActions = (queries: QueryClient) => queries.invalidateQueries({ queryKey: ['audit', 'actions'] });

/** The actions the trust's log holds, for the filter's choice. */
export function useAuditActions(trustId: string | undefined) {
  return useQuery({
    queryKey: ['audit', 'actions', trustId ?? ''],
    queryFn: async () => (await apiCall(E.auditActions, { query: clean({ trust_id: trustId }), quiet: true })).data,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** The people the filter offers, by name, a hundred at a time (a SiteAdmin: their site's). */
export function useAuditPeople(siteId: number | undefined) {
  return useInfiniteQuery({
    queryKey: ['audit', 'people', siteId ?? 'all'],
    initialPageParam: 1,
    queryFn: async ({ pageParam }) =>
      (await apiCall(E.users, { query: clean({ page: pageParam, paginate: 100, site_id: siteId }), quiet: true })).users,
    getNextPageParam: (last) => (last.next_page_url ? last.current_page + 1 : undefined),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** The name the server gives the file, else a plain one. */
function fileName(disposition: string | null): string {
  return /filename="([A-Za-z0-9_.-]+)"/.exec(disposition ?? '')?.[1] ?? 'audit-log.csv';
}

/**
 * Downloads the filter's entries as CSV (the API takes a bearer token, so a plain link cannot); the server
 * writes the export in the audit log. Rejects with an HttpError.
 */
export async function downloadAuditCsv(search: AuditSearch): Promise<void> {
  const { bytes, headers } = await apiFile(pathOf(E.auditExport), {
    searchParams: clean({ ...search }),
    timeout: (AUDIT_EXPORT_SECONDS + 30) * 1000,
    quiet: true,
  });
  const url = URL.createObjectURL(new Blob([bytes], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName(headers.get('content-disposition'));
  document.body.append(a);
  a.click();
  a.remove();
  // Let the browser start reading it before the address goes.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
