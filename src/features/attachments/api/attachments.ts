import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { E } from '../../../domain/contract/endpoints';
import { apiCall } from '../../../lib/api/client';
import { sharedKeys } from '../../../lib/api/query-keys';

/** The attachments' query keys (issue 24 point 5), under the dictation's so that its refresh reaches them. */
export const attachmentKeys = {
  list: (id: number) => [...sharedKeys.dictation(id), 'attachments'] as const,
};

/** The dictation's attachments, with signed download links (they last an hour: refetched on focus). */
export const attachmentsOptions = (id: number) =>
  queryOptions({
    queryKey: attachmentKeys.list(id),
    queryFn: () => apiCall(E.dictationAttachments, { params: { id }, quiet: true }),
    staleTime: 5 * 60_000,
  });

export function useAttachments(id: number) {
  return useQuery(attachmentsOptions(id));
}

export function useRefreshAttachments(id: number) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: attachmentKeys.list(id) });
}

/**
 * Removing needs a connection: it is refused while the dictation is SENT, which only the server knows for
 * sure. The list is fetched again whatever the answer.
 */
export function useRemoveAttachment(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (aid: number) => apiCall(E.dictationAttachmentDelete, { params: { id, aid }, quiet: true }),
    onSettled: () => void client.invalidateQueries({ queryKey: attachmentKeys.list(id) }),
  });
}
