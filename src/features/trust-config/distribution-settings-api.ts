import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DistributionSettingsInput } from '../../domain/contract';
import { E } from '../../domain/contract/endpoints';
import { apiCall } from '../../lib/api/client';

const key = (trustId: number) => ['trust', trustId, 'distribution'] as const;

/** The trust's distribution settings; another trust's (or an unknown one) answers 404 in words. */
export function useDistributionSettings(trustId: number) {
  return useQuery({
    queryKey: key(trustId),
    queryFn: async () => (await apiCall(E.trustDistributionGet, { params: { id: trustId }, quiet: true })).data,
    retry: false,
  });
}

/** Saves them and keeps the server's answer (the ODS code in capitals, MESH's state with it). */
export function useSaveDistributionSettings(trustId: number) {
  const queries = useQueryClient();
  return async (input: DistributionSettingsInput) => {
    const { data } = await apiCall(E.trustDistributionUpdate, { params: { id: trustId }, json: input, quiet: true });
    queries.setQueryData(key(trustId), data);
    return data;
  };
}
