import { useQuery, useQueryClient } from '@tanstack/react-query';
import { E } from '../../domain/contract/endpoints';
import { apiCall } from '../../lib/api/client';

export const attachmentsKey = (id: number) => ['dictation', id, 'attachments'] as const;

/** The dictation's attachments, with signed download links (they last an hour: refetched on focus). */
export function useAttachments(id: number) {
  return useQuery({
    queryKey: attachmentsKey(id),
    queryFn: () => apiCall(E.dictationAttachments, { params: { id }, quiet: true }),
    staleTime: 5 * 60_000,
  });
}

export function useRefreshAttachments(id: number) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: attachmentsKey(id) });
}

/** Removing needs a connection: it is refused while the dictation is SENT, which only the server knows for sure. */
export async function removeAttachment(id: number, aid: number): Promise<void> {
  await apiCall(E.dictationAttachmentDelete, { params: { id, aid }, quiet: true });
}
