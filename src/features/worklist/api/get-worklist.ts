import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { WorklistPage } from '../../../domain/contract';
import { E } from '../../../domain/contract/endpoints';
import type { HomeTab } from '../../../domain/statuses';
import { apiCall } from '../../../lib/api/client';
import { toApiQuery, type ListParams } from '../list-params';
import { worklistKeys } from './keys';

/** Lists hold patient data: kept in memory only (never Cache Storage), refreshed on focus and every minute. */
const REFRESH_MS = 60_000;

/** Offline review (issue 12): loaded with the author's approval list only, never with the entry. */
const offlineReview = () =>
  Promise.all([
    import('../../../lib/offline/offline-copy'),
    import('../../../lib/offline/queue-copy'),
    import('../../../lib/offline/prefetch'),
  ]);

/**
 * The author's approval list: once it loads, the queue is copied to the device for review without a
 * signal; without a connection, that copy is the list (with "offline — last synced hh:mm" above it).
 */
async function approvalPage(params: ListParams): Promise<WorklistPage> {
  const [{ withOfflineCopy, queueKey }, { readOfflineQueuePage }, { requestReviewPrefetch }] = await offlineReview();
  return withOfflineCopy(
    queueKey,
    async () => {
      const page = await apiCall(E.worklist, { query: toApiQuery('AUTHOR_APPROVAL', params) });
      void requestReviewPrefetch();
      return page;
    },
    readOfflineQueuePage,
  );
}

export function worklistPageOptions(tab: HomeTab, params: ListParams) {
  const approval = tab === 'AUTHOR_APPROVAL';
  return queryOptions({
    queryKey: worklistKeys.page(tab, params),
    queryFn: () => (approval ? approvalPage(params) : apiCall(E.worklist, { query: toApiQuery(tab, params) })),
    // The approval list answers from the device's copy offline, so its first try runs even then.
    ...(approval ? { networkMode: 'offlineFirst' as const, refetchOnReconnect: 'always' as const } : {}),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
    refetchInterval: REFRESH_MS,
  });
}

export function useWorklistPage(tab: HomeTab, params: ListParams) {
  return useQuery(worklistPageOptions(tab, params));
}

export const worklistCountsOptions = () =>
  queryOptions({
    queryKey: worklistKeys.counts,
    queryFn: () => apiCall(E.dictationCounts, { quiet: true }),
    refetchOnWindowFocus: true,
    refetchInterval: REFRESH_MS,
  });

export function useWorklistCounts() {
  return useQuery(worklistCountsOptions());
}

/** The trust's typists (Secretary and Manager) for "Assign to…" and the assigned-to filter. */
export const typistsOptions = () =>
  queryOptions({
    queryKey: worklistKeys.typists,
    staleTime: 5 * 60_000,
    queryFn: async () => {
      const [secretaries, managers] = await Promise.all(
        (['Secretary', 'Manager'] as const).map((role) => apiCall(E.users, { query: { filter_role: role, paginate: '100' }, quiet: true })),
      );
      const all = [...secretaries!.users.data, ...managers!.users.data];
      return [...new Map(all.map((u) => [u.id, u])).values()].sort((a, b) => a.full_name.localeCompare(b.full_name));
    },
  });

export function useTypists(enabled: boolean) {
  return useQuery({ ...typistsOptions(), enabled });
}
