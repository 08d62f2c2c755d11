import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DelegationInput } from '../../domain/contract';
import { E } from '../../domain/contract/endpoints';
import { apiCall } from '../../lib/api/client';

const key = (trustId: number) => ['trust', trustId, 'delegations'] as const;

/** The trust's standing delegations of approval, and who may be chosen (issue 22). */
export function useDelegations(trustId: number) {
  return useQuery({
    queryKey: key(trustId),
    queryFn: async () => (await apiCall(E.trustDelegationsGet, { params: { id: trustId }, quiet: true })).data,
    retry: false,
  });
}

/** Records one, then reads the list again (the server's order and names). */
export function useAddDelegation(trustId: number) {
  const queries = useQueryClient();
  return async (input: DelegationInput) => {
    const { data } = await apiCall(E.trustDelegationsCreate, { params: { id: trustId }, json: input, quiet: true });
    await queries.invalidateQueries({ queryKey: key(trustId) });
    return data;
  };
}

/** Revokes one, then reads the list again. */
export function useRevokeDelegation(trustId: number) {
  const queries = useQueryClient();
  return async (id: number) => {
    const { data } = await apiCall(E.trustDelegationDelete, { params: { id: trustId, delegationId: id }, quiet: true });
    await queries.invalidateQueries({ queryKey: key(trustId) });
    return data;
  };
}
