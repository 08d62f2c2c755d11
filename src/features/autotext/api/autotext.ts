import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AutotextImport, AutotextInput } from '../../../domain/contract';
import { E } from '../../../domain/contract/endpoints';
import type { AutotextScope } from '../../../domain/autotext-access';
import { apiCall } from '../../../lib/api/client';
import { AUTOTEXT_KEY } from '../snippets-cache';

export interface AutotextListParams {
  search: string;
  scope?: AutotextScope;
  page: number;
  paginate: number;
}

export const autotextKeys = {
  all: ['autotext'] as const,
  page: (p: AutotextListParams) => ['autotext', 'page', p] as const,
  departments: ['autotext', 'departments'] as const,
};

export const autotextPageOptions = (p: AutotextListParams) =>
  queryOptions({
    queryKey: autotextKeys.page(p),
    queryFn: () =>
      apiCall(E.autotextList, {
        query: {
          page: p.page,
          paginate: p.paginate,
          ...(p.search ? { search: p.search } : {}),
          ...(p.scope ? { scope: p.scope } : {}),
        },
      }),
    select: (r) => r.data,
    placeholderData: keepPreviousData,
  });

export function useAutotextPage(p: AutotextListParams) {
  return useQuery(autotextPageOptions(p));
}

export const autotextDepartmentsOptions = () =>
  queryOptions({
    queryKey: autotextKeys.departments,
    queryFn: () => apiCall(E.autotextDepartments, {}),
    select: (r) => r.data,
    staleTime: 5 * 60_000,
  });

export function useAutotextDepartments() {
  return useQuery(autotextDepartmentsOptions());
}

/** A new snippet, or a change to `editing` made on its version `baseVersion` (409 `autotext_conflict` if someone saved since). */
export const saveAutotext = (input: AutotextInput, editing?: { id: number; baseVersion: number }) =>
  editing
    ? apiCall(E.autotextUpdate, {
        params: { id: editing.id },
        json: { ...input, base_version: editing.baseVersion },
        quiet: true,
      })
    : apiCall(E.autotextCreate, { json: input, quiet: true });

export const fetchAutotext = (id: number) => apiCall(E.autotextGet, { params: { id }, quiet: true });

export const deleteAutotext = (id: number) => apiCall(E.autotextDelete, { params: { id }, quiet: true });

export const importAutotextBatch = (body: AutotextImport) => apiCall(E.autotextImport, { json: body, quiet: true, timeout: 60_000 });

/** After a change: the list pages and the editor's set are fetched again. */
function refreshAutotext(queries: QueryClient) {
  void queries.invalidateQueries({ queryKey: autotextKeys.all });
  void queries.invalidateQueries({ queryKey: AUTOTEXT_KEY });
}

export function useRefreshAutotext() {
  const queries = useQueryClient();
  return () => refreshAutotext(queries);
}

/** Save a new snippet or a change (see saveAutotext); the lists refresh once it is saved. */
export function useSaveAutotext() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ input, editing }: { input: AutotextInput; editing?: { id: number; baseVersion: number } }) =>
      saveAutotext(input, editing),
    onSuccess: () => refreshAutotext(queries),
  });
}

export function useDeleteAutotext() {
  const queries = useQueryClient();
  return useMutation({ mutationFn: deleteAutotext, onSuccess: () => refreshAutotext(queries) });
}
