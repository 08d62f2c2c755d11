import { queryOptions, useQuery } from '@tanstack/react-query';
import { E } from '../../../domain/contract/endpoints';
import { apiCall } from '../../../lib/api/client';

export const outsourcingKeys = {
  pools: ['outsourcing-pools'] as const,
};

/** The trust's outsourcing pools, for a Manager's "Outsource to…" (GET /api/outsourcing/pools). */
export const poolsOptions = () =>
  queryOptions({
    queryKey: outsourcingKeys.pools,
    staleTime: 5 * 60_000,
    queryFn: async () => (await apiCall(E.outsourcingPools, { quiet: true })).data,
  });

export function useOutsourcingPools(enabled: boolean) {
  return useQuery({ ...poolsOptions(), enabled });
}
