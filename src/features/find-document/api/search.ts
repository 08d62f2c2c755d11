import { keepPreviousData, queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { parseSearchTerm, type SearchPage, type SearchRow } from '../../../domain/contract';
import { E } from '../../../domain/contract/endpoints';
import { apiCall } from '../../../lib/api/client';
import { sharedKeys } from '../../../lib/api/query-keys';
import { HttpError } from '../../../lib/api/errors';
import { useOnline } from '../../../lib/use-online';
import { localPage, mergeLocal, toQuery, type SearchState } from '../search-state';
import { storedRows } from '../stored-rows';

/** The search's query keys, on the shared root a letter's move refreshes (issue 24 point 5). */
export const documentSearchKeys = {
  all: sharedKeys.documentSearch,
  results: (query: ReturnType<typeof toQuery>, online: boolean) => [...sharedKeys.documentSearch, query, online] as const,
};

export interface SearchResult {
  page: SearchPage['data'];
  /** Found offline among the dictations this device holds, not by the server. */
  local: boolean;
}

/** The work-queue rows in memory (the worklist's pages, under sharedKeys.worklistPages): what offline search looks through. */
function cachedRows(queries: QueryClient): SearchRow[] {
  return queries
    .getQueriesData<{ data: { data: SearchRow[] } }>({ queryKey: sharedKeys.worklistPages })
    .flatMap(([, page]) => page?.data.data ?? []);
}

/** Offline: the rows in memory and the device's stored copy of the approval queue, once each. */
async function searchLocally(queries: QueryClient, state: SearchState): Promise<SearchResult> {
  const stored = await storedRows(parseSearchTerm(state.term, state.key).fields).catch(() => []);
  return { page: localPage(mergeLocal(cachedRows(queries), stored), state), local: true };
}

/**
 * One page of results for the submitted term. Results hold patient data: kept in memory only. A failed
 * search is only logged (spec §8), without the term (it may be a patient's name).
 */
export function documentSearchOptions(queries: QueryClient, state: SearchState, online: boolean) {
  const query = toQuery(state);
  return queryOptions({
    queryKey: documentSearchKeys.results(query, online),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    retry: false,
    // Offline it still runs: it looks through what this device holds instead of asking the server.
    networkMode: 'always',
    queryFn: async (): Promise<SearchResult> => {
      if (!online) return searchLocally(queries, state);
      try {
        const res = await apiCall(E.dictationDocument, { query: query!, quiet: true });
        return { page: res.data, local: false };
      } catch (err) {
        console.error('Search failed', err instanceof HttpError ? `${err.status} ${err.code ?? ''}`.trim() : 'network');
        // The connection dropped on the way: what this device holds is still worth showing.
        if (err instanceof HttpError && err.status === 0) return searchLocally(queries, state);
        throw err;
      }
    },
  });
}

export function useDocumentSearch(state: SearchState) {
  const queries = useQueryClient();
  const online = useOnline();
  return useQuery(documentSearchOptions(queries, state, online));
}
