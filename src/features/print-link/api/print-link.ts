import { useMutation } from '@tanstack/react-query';
import { E } from '../../../domain/contract/endpoints';
import { apiCall } from '../../../lib/api/client';

/** A link that opens the letter's PDF for 5 minutes without signing in (issue 13): its full address. */
export function useCreatePrintLink(dictationId: number) {
  return useMutation({
    mutationFn: async () => {
      const { data } = await apiCall(E.dictationPrintLink, { params: { id: dictationId }, quiet: true });
      return `${window.location.origin}${data.url}`;
    },
  });
}
