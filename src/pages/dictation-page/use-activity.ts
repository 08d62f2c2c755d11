import { useQuery } from '@tanstack/react-query';
import { API_PATHS, commentsPageSchema, logsPageSchema } from '../../domain/contract';
import { apiCall } from '../../lib/api/client';
import { enqueueRequest } from '../../lib/sync/outbox';
import { requestSync } from '../../lib/sync/triggers';

/** Newest first, one page: the side panel shows the recent story; older pages on request. */
export function useComments(id: number, page: number) {
  return useQuery({
    queryKey: ['dictation', id, 'comments', page],
    queryFn: async () =>
      (await apiCall('get', API_PATHS.dictationComments(id), { schema: commentsPageSchema, searchParams: { page } })).data,
  });
}

export function useAuditTrail(id: number, page: number) {
  return useQuery({
    queryKey: ['dictation', id, 'logs', page],
    queryFn: async () => (await apiCall('get', API_PATHS.dictationLogs(id), { schema: logsPageSchema, searchParams: { page } })).data,
  });
}

/** A comment goes through the outbox like every change: written on a ward with no signal, sent later. */
export async function queueComment(id: number, reference: string, comments: string): Promise<void> {
  await enqueueRequest({ method: 'POST', path: API_PATHS.dictationComments(id), body: { comments }, label: `Comment on ${reference}` });
  void requestSync();
}
