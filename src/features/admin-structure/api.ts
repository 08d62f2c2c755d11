/**
 * The structure pages' calls (issue 25): departments and job types through the endpoint table, read with
 * React Query; a change to one updates the lists at once and is put back if the server refuses it.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type {
  Department,
  DepartmentCreate,
  DepartmentUpdate,
  DepartmentsAnswer,
  JobType,
  JobTypeCreate,
  JobTypeUpdate,
} from '../../domain/contract';
import { E } from '../../domain/contract/endpoints';
import { apiCall } from '../../lib/api/client';

const ROOT = ['admin-structure'] as const;
const DEPARTMENTS = [...ROOT, 'departments'] as const;
const JOB_TYPES = [...ROOT, 'job-types'] as const;

/** A query string without its empty values. */
function query(q: Record<string, string | number | boolean | undefined>): Record<string, string | number | boolean> {
  return Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number | boolean>;
}

export interface ListFilter {
  trustId?: number;
  search?: string;
  /** undefined: all. */
  active?: boolean;
  page: number;
  paginate: number;
}

export function useDepartments(f: ListFilter) {
  return useQuery({
    queryKey: [...DEPARTMENTS, 'list', f],
    queryFn: () =>
      apiCall(E.departmentsList, {
        query: query({ trust_id: f.trustId, search: f.search, active: f.active, page: f.page, paginate: f.paginate }),
        quiet: true,
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The trust's departments (only the active ones when asked), for a choice (a trust has far fewer than 200). */
export function useDepartmentChoices(trustId: number | undefined, opts: { activeOnly?: boolean } = {}) {
  return useQuery({
    queryKey: [...DEPARTMENTS, 'choices', trustId, opts.activeOnly ?? false],
    queryFn: async () =>
      (
        await apiCall(E.departmentsList, {
          query: query({ trust_id: trustId, active: opts.activeOnly ? true : undefined, paginate: 200 }),
          quiet: true,
        })
      ).data.data,
    enabled: trustId !== undefined,
    retry: false,
  });
}

/** Sets every cached departments page through `change`, and returns how to put them back. */
function editDepartmentPages(queries: ReturnType<typeof useQueryClient>, change: (rows: Department[]) => Department[]) {
  const saved = queries.getQueriesData<DepartmentsAnswer>({ queryKey: [...DEPARTMENTS, 'list'] });
  for (const [key, answer] of saved) {
    if (answer) queries.setQueryData<DepartmentsAnswer>(key, { ...answer, data: { ...answer.data, data: change(answer.data.data) } });
  }
  return () => saved.forEach(([key, answer]: [QueryKey, DepartmentsAnswer | undefined]) => queries.setQueryData(key, answer));
}

export function useCreateDepartment() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (input: DepartmentCreate) => (await apiCall(E.departmentCreate, { json: input, quiet: true })).data,
    onSuccess: () => queries.invalidateQueries({ queryKey: ROOT }),
  });
}

/** A change to a department, shown in the lists at once and put back if the server refuses it. */
export function useUpdateDepartment() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, patch }: { id: number; patch: DepartmentUpdate }) =>
      (await apiCall(E.departmentUpdate, { params: { id }, json: patch, quiet: true })).data,
    onMutate: async ({ id, patch }) => {
      await queries.cancelQueries({ queryKey: DEPARTMENTS });
      const optimistic = {
        ...(patch.active !== undefined ? { active: patch.active } : {}),
        ...(patch.name ? { name: patch.name.trim() } : {}),
      };
      return { undo: editDepartmentPages(queries, (rows) => rows.map((r) => (r.id === id ? { ...r, ...optimistic } : r))) };
    },
    onError: (_err, _vars, ctx) => ctx?.undo(),
    onSettled: () => queries.invalidateQueries({ queryKey: ROOT }),
  });
}

/** Deletes a department: it leaves the lists at once, and comes back if the server refuses (one in use). */
export function useDeleteDepartment() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (d: Department) => (await apiCall(E.departmentDelete, { params: { id: d.id }, quiet: true })).message,
    onMutate: async (d) => {
      await queries.cancelQueries({ queryKey: DEPARTMENTS });
      return { undo: editDepartmentPages(queries, (rows) => rows.filter((r) => r.id !== d.id)) };
    },
    onError: (_err, _vars, ctx) => ctx?.undo(),
    onSettled: () => queries.invalidateQueries({ queryKey: ROOT }),
  });
}

export function useJobTypes(f: ListFilter & { departmentId?: number }) {
  return useQuery({
    queryKey: [...JOB_TYPES, 'list', f],
    queryFn: () =>
      apiCall(E.jobTypesList, {
        query: query({
          trust_id: f.trustId,
          search: f.search,
          active: f.active,
          department_id: f.departmentId,
          page: f.page,
          paginate: f.paginate,
        }),
        quiet: true,
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useJobType(id: number) {
  return useQuery({
    queryKey: [...JOB_TYPES, 'one', id],
    queryFn: async () => (await apiCall(E.jobTypeGet, { params: { id }, quiet: true })).data,
    retry: false,
  });
}

export function useCreateJobType() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (input: JobTypeCreate) => (await apiCall(E.jobTypeCreate, { json: input, quiet: true })).data,
    onSuccess: () => queries.invalidateQueries({ queryKey: ROOT }),
  });
}

export function useUpdateJobType() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, patch }: { id: number; patch: JobTypeUpdate }) =>
      (await apiCall(E.jobTypeUpdate, { params: { id }, json: patch, quiet: true })).data,
    onSuccess: (saved: JobType) => {
      queries.setQueryData([...JOB_TYPES, 'one', saved.id], saved);
      return queries.invalidateQueries({ queryKey: ROOT });
    },
  });
}

export function useDeleteJobType() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await apiCall(E.jobTypeDelete, { params: { id }, quiet: true })).message,
    onSuccess: async (_message, id) => {
      // Gone: its page's query is dropped rather than asked again (a 404).
      queries.removeQueries({ queryKey: [...JOB_TYPES, 'one', id] });
      await Promise.all([
        queries.invalidateQueries({ queryKey: [...JOB_TYPES, 'list'] }),
        queries.invalidateQueries({ queryKey: DEPARTMENTS }),
      ]);
    },
  });
}
