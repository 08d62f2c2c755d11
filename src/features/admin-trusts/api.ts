/**
 * The trusts pages' calls (issue 25): trusts, sites, engine settings and the letterhead through the
 * endpoint table, read with React Query; a change to a site shows in the list at once and is put back if
 * the server refuses it.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type {
  EnginesInput,
  LetterheadInput,
  Site,
  SiteCreate,
  SitesAnswer,
  SiteUpdate,
  TrustCreate,
  TrustUpdate,
} from '../../domain/contract';
import { pathOf } from '../../domain/contract/endpoint';
import { E } from '../../domain/contract/endpoints';
import { apiCall, apiFile } from '../../lib/api/client';

const ROOT = ['admin-trusts'] as const;
const TRUSTS = [...ROOT, 'trusts'] as const;
const SITES = [...ROOT, 'sites'] as const;

function query(q: Record<string, string | number | boolean | undefined>): Record<string, string | number | boolean> {
  return Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number | boolean>;
}

export interface ListFilter {
  search?: string;
  active?: boolean;
  page: number;
  paginate: number;
}

export function useTrusts(f: ListFilter) {
  return useQuery({
    queryKey: [...TRUSTS, 'list', f],
    queryFn: () =>
      apiCall(E.trustsList, { query: query({ search: f.search, active: f.active, page: f.page, paginate: f.paginate }), quiet: true }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useTrust(id: number) {
  return useQuery({
    queryKey: [...TRUSTS, 'one', id],
    queryFn: async () => (await apiCall(E.trustGet, { params: { id }, quiet: true })).data,
    retry: false,
  });
}

export function useCreateTrust() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (input: TrustCreate) => (await apiCall(E.trustCreate, { json: input, quiet: true })).data,
    onSuccess: () => queries.invalidateQueries({ queryKey: ROOT }),
  });
}

export function useUpdateTrust() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, patch }: { id: number; patch: TrustUpdate }) =>
      (await apiCall(E.trustUpdate, { params: { id }, json: patch, quiet: true })).data,
    onSuccess: (trust) => {
      queries.setQueryData([...TRUSTS, 'one', trust.id], trust);
      return queries.invalidateQueries({ queryKey: [...TRUSTS, 'list'] });
    },
  });
}

export function useEngines(trustId: number) {
  return useQuery({
    queryKey: [...TRUSTS, 'engines', trustId],
    queryFn: async () => (await apiCall(E.trustEnginesGet, { params: { id: trustId }, quiet: true })).data,
    retry: false,
  });
}

export function useUpdateEngines(trustId: number) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (input: EnginesInput) =>
      (await apiCall(E.trustEnginesUpdate, { params: { id: trustId }, json: input, quiet: true })).data,
    onSuccess: (engines) => queries.setQueryData([...TRUSTS, 'engines', trustId], engines),
  });
}

export function useLetterhead(trustId: number) {
  return useQuery({
    queryKey: [...TRUSTS, 'letterhead', trustId],
    queryFn: async () => (await apiCall(E.trustLetterheadGet, { params: { id: trustId }, quiet: true })).data,
    retry: false,
  });
}

export function useSaveLetterhead(trustId: number) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (input: LetterheadInput) =>
      (await apiCall(E.trustLetterheadUpdate, { params: { id: trustId }, json: input, quiet: true })).data,
    onSuccess: (letterhead) => queries.setQueryData([...TRUSTS, 'letterhead', trustId], letterhead),
  });
}

/** The sample letter on this letterhead (saved or not), as PDF bytes. */
export async function previewLetterhead(trustId: number, input: LetterheadInput): Promise<ArrayBuffer> {
  const { bytes } = await apiFile(pathOf(E.trustLetterheadPreview, { id: trustId }), { json: input, timeout: 60_000, quiet: true });
  return bytes;
}

export function useSites(trustId: number, f: ListFilter) {
  return useQuery({
    queryKey: [...SITES, 'list', trustId, f],
    queryFn: () =>
      apiCall(E.sitesList, {
        query: query({ trust_id: trustId, search: f.search, active: f.active, page: f.page, paginate: f.paginate }),
        quiet: true,
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useCreateSite() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (input: SiteCreate) => (await apiCall(E.siteCreate, { json: input, quiet: true })).data,
    onSuccess: () => queries.invalidateQueries({ queryKey: ROOT }),
  });
}

/** Sets every cached sites page through `change`, and returns how to put them back. */
function editSitePages(queries: ReturnType<typeof useQueryClient>, change: (rows: Site[]) => Site[]) {
  const saved = queries.getQueriesData<SitesAnswer>({ queryKey: [...SITES, 'list'] });
  for (const [key, answer] of saved) {
    if (answer) queries.setQueryData<SitesAnswer>(key, { ...answer, data: { ...answer.data, data: change(answer.data.data) } });
  }
  return () => saved.forEach(([key, answer]: [QueryKey, SitesAnswer | undefined]) => queries.setQueryData(key, answer));
}

/** A change to a site, shown in the list at once and put back if the server refuses it. */
export function useUpdateSite() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, patch }: { id: number; patch: SiteUpdate }) =>
      apiCall(E.siteUpdate, { params: { id }, json: patch, quiet: true }),
    onMutate: async ({ id, patch }) => {
      await queries.cancelQueries({ queryKey: SITES });
      const optimistic = {
        ...(patch.active !== undefined ? { active: patch.active } : {}),
        ...(patch.name ? { name: patch.name.trim() } : {}),
        ...(patch.mfa !== undefined ? { mfa: patch.mfa } : {}),
      };
      return { undo: editSitePages(queries, (rows) => rows.map((r) => (r.id === id ? { ...r, ...optimistic } : r))) };
    },
    onError: (_err, _vars, ctx) => ctx?.undo(),
    onSettled: () => queries.invalidateQueries({ queryKey: ROOT }),
  });
}
