import { useQuery } from '@tanstack/react-query';
import { OUTSOURCING_PATHS, outsourcingPoolsSchema } from '../../domain/contract/outsourcing';
import { apiCall } from '../../lib/api/client';

/** The trust's outsourcing pools, for a Manager's "Outsource to…" (GET /api/outsourcing/pools). */
export function useOutsourcingPools(enabled: boolean) {
  return useQuery({
    queryKey: ['outsourcing-pools'],
    enabled,
    staleTime: 5 * 60_000,
    queryFn: async () => (await apiCall('get', OUTSOURCING_PATHS.pools, { schema: outsourcingPoolsSchema, quiet: true })).data,
  });
}
