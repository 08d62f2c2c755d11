/**
 * The groups page's calls (issue 25) through the endpoint table, read with React Query. A deletion or a
 * member's removal shows at once and is put back if the server refuses it.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { GroupCreate, GroupDetail, GroupsAnswer, GroupUpdate } from '../../domain/contract';
import { E } from '../../domain/contract/endpoints';
import { apiCall } from '../../lib/api/client';

const ROOT = ['admin-groups'] as const;
const LISTS = [...ROOT, 'list'] as const;
const ONE = [...ROOT, 'one'] as const;

/** A query string without its empty values. */
function query(q: Record<string, string | number | undefined>): Record<string, string | number> {
  return Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;
}

export interface GroupsFilter {
  search?: string;
  /** '' all; 'trust' the trust-wide ones; or a site's id. */
  site: string;
  page: number;
  paginate: number;
}

export function useGroups(f: GroupsFilter) {
  return useQuery({
    queryKey: [...LISTS, f],
    queryFn: () =>
      apiCall(E.groupsList, {
        query: query({ search: f.search, site_id: f.site || undefined, page: f.page, paginate: f.paginate }),
        quiet: true,
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useGroup(id: number | null) {
  return useQuery({
    queryKey: [...ONE, id],
    queryFn: async () => (await apiCall(E.groupGet, { params: { id: id! }, quiet: true })).data,
    enabled: id !== null,
    retry: false,
  });
}

export function usePermissionChoices() {
  return useQuery({
    queryKey: [...ROOT, 'permissions'],
    queryFn: async () => (await apiCall(E.permissionsList, { quiet: true })).data,
    staleTime: Infinity,
    retry: false,
  });
}

export function useCandidates(id: number | null, search: string) {
  return useQuery({
    queryKey: [...ONE, id, 'candidates', search],
    queryFn: async () => (await apiCall(E.groupCandidates, { params: { id: id! }, query: query({ search }), quiet: true })).data,
    enabled: id !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useCreateGroup() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (input: GroupCreate) => (await apiCall(E.groupCreate, { json: input, quiet: true })).data,
    onSuccess: (made) => {
      queries.setQueryData([...ONE, made.id], made);
      return queries.invalidateQueries({ queryKey: LISTS });
    },
  });
}

export function useUpdateGroup() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, patch }: { id: number; patch: GroupUpdate }) =>
      (await apiCall(E.groupUpdate, { params: { id }, json: patch, quiet: true })).data,
    onSuccess: (saved) => queries.setQueryData([...ONE, saved.id], saved),
    onSettled: () => queries.invalidateQueries({ queryKey: LISTS }),
  });
}

/** Sets every cached list page through `change`, and returns how to put them back. */
function editPages(queries: ReturnType<typeof useQueryClient>, change: (answer: GroupsAnswer) => GroupsAnswer) {
  const saved = queries.getQueriesData<GroupsAnswer>({ queryKey: LISTS });
  for (const [key, answer] of saved) if (answer) queries.setQueryData<GroupsAnswer>(key, change(answer));
  return () => saved.forEach(([key, answer]: [QueryKey, GroupsAnswer | undefined]) => queries.setQueryData(key, answer));
}

/** Deletes a group: it leaves the list at once, and comes back if the server refuses. */
export function useDeleteGroup() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await apiCall(E.groupDelete, { params: { id }, quiet: true })).message,
    onMutate: async (id) => {
      await queries.cancelQueries({ queryKey: LISTS });
      return {
        undo: editPages(queries, (a) => ({
          ...a,
          data: { ...a.data, data: a.data.data.filter((g) => g.id !== id), total: Math.max(0, a.data.total - 1) },
        })),
      };
    },
    onError: (_err, _id, ctx) => ctx?.undo(),
    onSettled: () => queries.invalidateQueries({ queryKey: LISTS }),
  });
}

export function useAddMembers(id: number) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (userIds: number[]) =>
      (await apiCall(E.groupMembersAdd, { params: { id }, json: { user_ids: userIds }, quiet: true })).data,
    onSuccess: (saved) => queries.setQueryData([...ONE, id], saved),
    onSettled: () =>
      Promise.all([queries.invalidateQueries({ queryKey: [...ONE, id, 'candidates'] }), queries.invalidateQueries({ queryKey: LISTS })]),
  });
}

/** Removes a member: gone from the group at once, back if the server refuses. */
export function useRemoveMember(id: number) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (userId: number) => (await apiCall(E.groupMemberRemove, { params: { id, userId }, quiet: true })).data,
    onMutate: async (userId) => {
      await queries.cancelQueries({ queryKey: [...ONE, id] });
      const before = queries.getQueryData<GroupDetail>([...ONE, id]);
      if (before)
        queries.setQueryData<GroupDetail>([...ONE, id], {
          ...before,
          members: before.members - 1,
          member_list: before.member_list.filter((m) => m.id !== userId),
        });
      return { undo: () => queries.setQueryData([...ONE, id], before) };
    },
    onError: (_err, _userId, ctx) => ctx?.undo(),
    onSuccess: (saved) => queries.setQueryData([...ONE, id], saved),
    onSettled: () =>
      Promise.all([queries.invalidateQueries({ queryKey: [...ONE, id, 'candidates'] }), queries.invalidateQueries({ queryKey: LISTS })]),
  });
}
