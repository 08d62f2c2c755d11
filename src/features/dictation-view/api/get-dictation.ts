import { queryOptions, useQuery } from '@tanstack/react-query';
import { E } from '../../../domain/contract/endpoints';
import { apiCall } from '../../../lib/api/client';
import { dictationKey, withOfflineCopy } from '../../../lib/offline/offline-copy';
import { readCachedDictation } from '../../../lib/offline/review-cache';
import { sharedKeys } from '../../../lib/api/query-keys';

/* Kept in this module, not a file of its own: a module of keys alone became one more chunk in every manifest. */
/** A dictation's query keys, one factory (issue 24 point 5): its details, and under them its comments and audit trail. */
export const dictationKeys = {
  all: sharedKeys.dictations,
  detail: sharedKeys.dictation,
  comments: (id: number, page: number) => [...sharedKeys.dictation(id), 'comments', page] as const,
  logs: (id: number, page: number) => [...sharedKeys.dictation(id), 'logs', page] as const,
};

export const dictationOptions = (id: number) =>
  queryOptions({
    queryKey: dictationKeys.detail(id),
    // Without a connection, the copy kept for offline review (issue 12), when there is one.
    queryFn: () =>
      withOfflineCopy(
        dictationKey(id),
        async () => (await apiCall(E.dictationGet, { params: { id } })).data,
        () => readCachedDictation(id),
      ),
    // Offline the first try still runs, to answer from the device's copy (a paused query never would);
    // without a copy its retry waits for the network, so data already shown stays (no error in its place).
    networkMode: 'offlineFirst',
    // Back online, the server's answer replaces the copy at once (and its "offline" notice goes).
    refetchOnReconnect: 'always',
    // While the server converts the audio, look again every few seconds.
    refetchInterval: (q) => (q.state.data?.audio?.state === 'processing' ? 3000 : false),
  });

export function useDictation(id: number) {
  return useQuery(dictationOptions(id));
}
