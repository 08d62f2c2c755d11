/**
 * The users pages' calls (issue 25) through the endpoint table, read with React Query. A change to a user
 * shows in the list at once and is put back if the server refuses it.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { UserCreate, UserDetail, UserListRow, UsersImport, UserUpdate } from '../../domain/contract';
import type { Role } from '../../domain/roles';
import { E } from '../../domain/contract/endpoints';
import { apiCall } from '../../lib/api/client';

const ROOT = ['admin-users'] as const;
const LIST = [...ROOT, 'list'] as const;
const ONE = [...ROOT, 'one'] as const;

/** A query string without its empty values. */
function query(q: Record<string, string | number | boolean | undefined>): Record<string, string | number | boolean> {
  return Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number | boolean>;
}

export type ActiveChoice = 'true' | 'false' | 'all';

export interface UsersFilter {
  trustId?: number;
  search?: string;
  role?: Role;
  siteId?: number;
  active: ActiveChoice;
  /** undefined: locked or not. */
  locked?: boolean;
  page: number;
  paginate: number;
}

export function useUsers(f: UsersFilter) {
  return useQuery({
    queryKey: [...LIST, f],
    queryFn: async () =>
      (
        await apiCall(E.users, {
          query: query({
            trust_id: f.trustId,
            search: f.search,
            filter_role: f.role,
            site_id: f.siteId,
            active: f.active,
            locked: f.locked === undefined ? undefined : String(f.locked),
            page: f.page,
            paginate: f.paginate,
          }),
          quiet: true,
        })
      ).users,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Active users of one role (the heir of a deactivated user, the authors a secretary covers), found by name. */
export function usePeople(role: Role, opts: { trustId?: number; search?: string; enabled?: boolean }) {
  return useQuery({
    queryKey: [...ROOT, 'people', role, opts.trustId, opts.search ?? ''],
    queryFn: async () =>
      (
        await apiCall(E.users, {
          query: query({ filter_role: role, trust_id: opts.trustId, search: opts.search, paginate: 100 }),
          quiet: true,
        })
      ).users.data,
    enabled: opts.enabled ?? true,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useUser(id: number) {
  return useQuery({
    queryKey: [...ONE, id],
    queryFn: async () => {
      const answer = await apiCall(E.userById, { params: { id }, quiet: true });
      if (!answer.detail) throw new Error('no details');
      return answer.detail;
    },
    retry: false,
  });
}

/** The trust's job types, for the job-type filter (a trust has far fewer than 200). */
export function useJobTypeChoices(trustId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...ROOT, 'job-types', trustId],
    queryFn: async () => (await apiCall(E.jobTypesList, { query: query({ trust_id: trustId, paginate: 200 }), quiet: true })).data.data,
    enabled: enabled && trustId !== undefined,
    retry: false,
  });
}

/** The trust's outsourcing pools (readable by those who outsource work). */
export function usePoolChoices(enabled: boolean) {
  return useQuery({
    queryKey: [...ROOT, 'pools'],
    queryFn: async () => (await apiCall(E.outsourcingPools, { quiet: true })).data,
    enabled,
    retry: false,
  });
}

type Page = { data: UserListRow[] };

/** Sets every cached list page through `change`, and returns how to put them back. */
function editListPages(queries: QueryClient, change: (rows: UserListRow[]) => UserListRow[]) {
  const saved = queries.getQueriesData<Page>({ queryKey: LIST });
  for (const [key, answer] of saved) {
    if (answer) queries.setQueryData<Page>(key, { ...answer, data: change(answer.data) });
  }
  return () => saved.forEach(([key, answer]: [QueryKey, Page | undefined]) => queries.setQueryData(key, answer));
}

/** A list row as it becomes after a change, before the server answers. */
function optimisticRow(row: UserListRow, patch: UserUpdate): UserListRow {
  const first = patch.first_name?.trim() ?? row.first_name;
  const last = patch.last_name?.trim() ?? row.last_name;
  return {
    ...row,
    ...(first !== undefined && last !== undefined ? { first_name: first, last_name: last, full_name: `${first} ${last}` } : {}),
    ...(patch.email ? { email: patch.email.trim().toLowerCase() } : {}),
    ...(patch.roles ? { roles: patch.roles.map((name) => ({ name })) } : {}),
    ...(patch.active ? { active: true, state: row.invitation ? 'invited' : row.locked ? 'locked' : 'active' } : {}),
  };
}

/** The row of the list a detail now makes. */
function rowFromDetail(row: UserListRow, d: UserDetail): UserListRow {
  return {
    ...row,
    full_name: d.full_name,
    first_name: d.first_name,
    last_name: d.last_name,
    email: d.email,
    site_id: d.site.id,
    site_name: d.site.name,
    roles: d.roles.map((name) => ({ name })),
    active: d.active,
    locked: d.locked,
    invitation: d.invitation,
    state: d.state,
  };
}

export function useCreateUser() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (input: UserCreate) => (await apiCall(E.userCreate, { json: input, quiet: true })).data,
    onSuccess: () => queries.invalidateQueries({ queryKey: LIST }),
  });
}

/** A change to a user: shown in the list at once, put back if the server refuses it. */
export function useUpdateUser() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, patch }: { id: number; patch: UserUpdate }) =>
      (await apiCall(E.userUpdate, { params: { id }, json: patch, quiet: true })).data,
    onMutate: async ({ id, patch }) => {
      await queries.cancelQueries({ queryKey: LIST });
      return { undo: editListPages(queries, (rows) => rows.map((r) => (r.id === id ? optimisticRow(r, patch) : r))) };
    },
    onError: (_err, _vars, ctx) => ctx?.undo(),
    onSuccess: (saved) => {
      queries.setQueryData([...ONE, saved.id], saved);
      editListPages(queries, (rows) => rows.map((r) => (r.id === saved.id ? rowFromDetail(r, saved) : r)));
    },
    onSettled: () => queries.invalidateQueries({ queryKey: LIST }),
  });
}

export type UserAction = 'invite' | 'unlock' | 'resetPin' | 'signOutEverywhere';

const ACTION_ENDPOINT = {
  invite: E.userInvite,
  unlock: E.userUnlock,
  resetPin: E.userResetPin,
  signOutEverywhere: E.userSignOutEverywhere,
} as const;

/** One of the account's actions: the answer's words and the user as they now are. */
export function useUserAction() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: number; action: UserAction }) =>
      apiCall(ACTION_ENDPOINT[action], { params: { id }, quiet: true }),
    onMutate: async ({ id, action }) => {
      if (action !== 'unlock') return { undo: () => {} };
      await queries.cancelQueries({ queryKey: LIST });
      return {
        undo: editListPages(queries, (rows) =>
          rows.map((r) => (r.id === id ? { ...r, locked: false, state: r.state === 'locked' ? 'active' : r.state } : r)),
        ),
      };
    },
    onError: (_err, _vars, ctx) => ctx?.undo(),
    onSuccess: (answer) => queries.setQueryData([...ONE, answer.data.id], answer.data),
    onSettled: () => queries.invalidateQueries({ queryKey: LIST }),
  });
}

/** Deactivates a user (with the heir of their work when they have some): marked at once in the list, put back if refused. */
export function useDeactivateUser() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, heirId, typistHeirId }: { id: number; heirId?: number; typistHeirId?: number }) =>
      apiCall(E.userDeactivate, {
        params: { id },
        query: query({ heir_id: heirId, typist_heir_id: typistHeirId }),
        quiet: true,
      }),
    onMutate: async ({ id }) => {
      await queries.cancelQueries({ queryKey: LIST });
      return { undo: editListPages(queries, (rows) => rows.map((r) => (r.id === id ? { ...r, active: false, state: 'inactive' } : r))) };
    },
    onError: (_err, _vars, ctx) => ctx?.undo(),
    onSuccess: (answer) => queries.setQueryData([...ONE, answer.data.id], answer.data),
    onSettled: () => queries.invalidateQueries({ queryKey: ROOT }),
  });
}

/** The CSV import: a preview (`dry_run`), then the import itself. */
export function useImportUsers() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (input: UsersImport) => apiCall(E.usersImport, { json: input, quiet: true, timeout: 60_000 }),
    onSuccess: (answer) => (answer.dry_run ? undefined : queries.invalidateQueries({ queryKey: LIST })),
  });
}
