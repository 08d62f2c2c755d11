import { queryOptions, useQuery } from '@tanstack/react-query';
import { E } from '../../../domain/contract/endpoints';
import { apiCall } from '../../../lib/api/client';
import { enqueue } from '../../../lib/sync/outbox';
import { requestSync } from '../../../lib/sync/triggers';
import { dictationKeys } from '../../../features/dictation-view';

/** Newest first, one page: the side panel shows the recent story; older pages on request. */
export const commentsOptions = (id: number, page: number) =>
  queryOptions({
    queryKey: dictationKeys.comments(id, page),
    queryFn: async () => (await apiCall(E.dictationCommentsGet, { params: { id }, query: { page } })).data,
  });

export function useComments(id: number, page: number) {
  return useQuery(commentsOptions(id, page));
}

export const auditTrailOptions = (id: number, page: number) =>
  queryOptions({
    queryKey: dictationKeys.logs(id, page),
    queryFn: async () => (await apiCall(E.dictationLogs, { params: { id }, query: { page } })).data,
  });

export function useAuditTrail(id: number, page: number) {
  return useQuery(auditTrailOptions(id, page));
}

/** A comment goes through the outbox like every change: written on a ward with no signal, sent later. */
export async function queueComment(id: number, reference: string, comments: string): Promise<void> {
  await enqueue(E.dictationCommentAdd, { params: { id }, body: { comments }, label: `Comment on ${reference}` });
  void requestSync();
}
