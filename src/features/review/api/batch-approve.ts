import { useMutation, useQueryClient } from '@tanstack/react-query';
import { E } from '../../../domain/contract/endpoints';
import { apiCall } from '../../../lib/api/client';
import { sharedKeys } from '../../../lib/api/query-keys';

/**
 * Approve several letters at once (issue 12). Needs a connection: an approval of letters not read on this
 * device is not something to queue. The queues refresh; the approved letters' details are dropped.
 */
export function useBatchApprove() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (ids: number[]) => (await apiCall(E.dictationBatchApprove, { json: { dictations: ids }, quiet: true })).data,
    onSuccess: (data) => {
      void queries.invalidateQueries({ queryKey: sharedKeys.worklist });
      for (const id of data.approved) queries.removeQueries({ queryKey: sharedKeys.dictation(id) });
    },
  });
}
