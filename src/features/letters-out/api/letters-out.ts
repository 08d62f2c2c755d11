import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { pathOf } from '../../../domain/contract/endpoint';
import { E } from '../../../domain/contract/endpoints';
import type { DeliveryChannel } from '../../../domain/delivery-channel';
import { apiCall, apiFile } from '../../../lib/api/client';
import { sharedKeys } from '../../../lib/api/query-keys';
import { lettersOutKeys } from './keys';

export { lettersOutKeys };

/**
 * A dictation's delivery log. While something is being sent it is asked again every 10 s; while a GP copy
 * waits for the practice's acknowledgement (MESH tracking asks every few minutes at most), every minute.
 */
export const deliveriesOptions = (dictationId: number) =>
  queryOptions({
    queryKey: lettersOutKeys.deliveries(dictationId),
    queryFn: () => apiCall(E.dictationDeliveries, { params: { id: dictationId }, quiet: true }),
    refetchInterval: (q) => {
      const open = q.state.data?.data.filter((d) => !d.superseded) ?? [];
      if (open.some((d) => d.status === 'queued')) return 10_000;
      return open.some((d) => d.status === 'sent') ? 60_000 : false;
    },
    retry: false,
  });

export function useDeliveries(dictationId: number) {
  return useQuery(deliveriesOptions(dictationId));
}

/** Copies per page of the print queue and of the failures list. */
export const LETTERS_OUT_PER_PAGE = 20;

/** A page of the print queue or the failures list (server-paged, oldest first). */
const pagedListOptions = (list: typeof E.printQueue | typeof E.failedDeliveries, key: readonly string[], page: number) =>
  queryOptions({
    queryKey: [...key, page],
    queryFn: () => apiCall(list, { query: { page, per_page: LETTERS_OUT_PER_PAGE }, quiet: true }),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const printQueueOptions = (page: number) => pagedListOptions(E.printQueue, lettersOutKeys.printQueue, page);
export const failedDeliveriesOptions = (page: number) => pagedListOptions(E.failedDeliveries, lettersOutKeys.failed, page);

export const usePrintQueue = (page: number) => useQuery(printQueueOptions(page));

export const useFailedDeliveries = (page: number) => useQuery(failedDeliveriesOptions(page));

/** After a change: the letters-out lists and the work queue (a letter may have become SENT). */
const refreshAfterChange = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: lettersOutKeys.all }),
    client.invalidateQueries({ queryKey: sharedKeys.worklist }),
    client.invalidateQueries({ queryKey: sharedKeys.dictations }),
  ]);

/** Send a failed copy again, by the channel chosen; pending until the lists have been fetched again. */
export function useResendDelivery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, channel }: { id: number; channel: DeliveryChannel }) =>
      apiCall(E.deliveryResend, { params: { id }, json: { channel }, quiet: true }),
    onSuccess: () => refreshAfterChange(client),
  });
}

/** The chosen copies are in the post; the lists refresh whether the server agreed or not. */
export function useMarkPosted() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => apiCall(E.printQueuePosted, { json: { deliveries: ids }, quiet: true }),
    onSettled: () => void refreshAfterChange(client),
  });
}

/** The chosen copies as one PDF, downloaded. */
export function useDownloadMergedPdf() {
  return useMutation({ mutationFn: downloadMergedPdf });
}

/** The chosen letters as one PDF, downloaded (a merged pile can take a while to render: 2 minutes). */
export async function downloadMergedPdf(ids: number[]): Promise<void> {
  const { bytes } = await apiFile(pathOf(E.printQueuePdf), { json: { deliveries: ids }, timeout: 120_000, quiet: true });
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `letters-to-post-${new Date().toISOString().slice(0, 10)}.pdf`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
