import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  API_PATHS,
  autotextDepartmentsSchema,
  autotextImportResultSchema,
  autotextSchema,
  paginatedSchema,
  type AutotextImport,
  type AutotextInput,
} from '../../domain/contract';
import type { AutotextScope } from '../../domain/autotext-access';
import { apiCall } from '../../lib/api/client';
import { AUTOTEXT_KEY } from './snippets-cache';

export interface AutotextListParams {
  search: string;
  scope?: AutotextScope;
  page: number;
  paginate: number;
}

const pageSchema = z.object({ data: paginatedSchema(autotextSchema) });
const oneSchema = z.object({ data: autotextSchema });

export const autotextKeys = {
  all: ['autotext'] as const,
  page: (p: AutotextListParams) => ['autotext', 'page', p] as const,
  departments: ['autotext', 'departments'] as const,
};

export function useAutotextPage(p: AutotextListParams) {
  return useQuery({
    queryKey: autotextKeys.page(p),
    queryFn: () =>
      apiCall('get', API_PATHS.autotext, {
        schema: pageSchema,
        searchParams: {
          page: p.page,
          paginate: p.paginate,
          ...(p.search ? { search: p.search } : {}),
          ...(p.scope ? { scope: p.scope } : {}),
        },
      }),
    select: (r) => r.data,
    placeholderData: keepPreviousData,
  });
}

export function useAutotextDepartments() {
  return useQuery({
    queryKey: autotextKeys.departments,
    queryFn: () => apiCall('get', API_PATHS.autotextDepartments, { schema: autotextDepartmentsSchema }),
    select: (r) => r.data,
    staleTime: 5 * 60_000,
  });
}

/** A new snippet, or a change to `editing` made on its version `baseVersion` (409 `autotext_conflict` if someone saved since). */
export const saveAutotext = (input: AutotextInput, editing?: { id: number; baseVersion: number }) =>
  editing
    ? apiCall('put', API_PATHS.autotextById(editing.id), {
        schema: oneSchema,
        json: { ...input, base_version: editing.baseVersion },
        quiet: true,
      })
    : apiCall('post', API_PATHS.autotext, { schema: oneSchema, json: input, quiet: true });

export const fetchAutotext = (id: number) => apiCall('get', API_PATHS.autotextById(id), { schema: oneSchema, quiet: true });

export const deleteAutotext = (id: number) =>
  apiCall('delete', API_PATHS.autotextById(id), { schema: z.object({ message: z.string() }), quiet: true });

export const importAutotextBatch = (body: AutotextImport) =>
  apiCall('post', API_PATHS.autotextImport, { schema: autotextImportResultSchema, json: body, quiet: true, timeout: 60_000 });

/** After a change: the list pages and the editor's set are fetched again. */
export function useRefreshAutotext() {
  const queries = useQueryClient();
  return () => {
    void queries.invalidateQueries({ queryKey: autotextKeys.all });
    void queries.invalidateQueries({ queryKey: AUTOTEXT_KEY });
  };
}
