import { useQuery } from '@tanstack/react-query';
import { E } from '../../domain/contract/endpoints';
import { apiCall } from '../../lib/api/client';

/** The trust's outsourcing pools, for a Manager's "Outsource to…" (GET /api/outsourcing/pools). */
export function useOutsourcingPools(enabled: boolean) {
  return useQuery({
    queryKey: ['outsourcing-pools'],
    enabled,
    staleTime: 5 * 60_000,
    queryFn: async () => (await apiCall(E.outsourcingPools, { quiet: true })).data,
  });
}
