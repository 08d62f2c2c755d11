import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '../../domain/contract/endpoint';
import { E } from '../../domain/contract/endpoints';
import type { DeliveryChannel } from '../../domain/delivery-channel';
import { apiCall, apiFile } from '../../lib/api/client';

/** Everything letters-out shows is the server's: one key prefix refreshes the log, the queue and the failures together. */
export const lettersOutKeys = {
  all: ['letters-out'] as const,
  deliveries: (id: number) => ['letters-out', 'deliveries', id] as const,
  printQueue: ['letters-out', 'print-queue'] as const,
  failed: ['letters-out', 'failed'] as const,
};

/**
 * A dictation's delivery log. While something is being sent it is asked again every 10 s; while a GP copy
 * waits for the practice's acknowledgement (MESH tracking asks every few minutes at most), every minute.
 */
export function useDeliveries(dictationId: number) {
  return useQuery({
    queryKey: lettersOutKeys.deliveries(dictationId),
    queryFn: () => apiCall(E.dictationDeliveries, { params: { id: dictationId }, quiet: true }),
    refetchInterval: (q) => {
      const open = q.state.data?.data.filter((d) => !d.superseded) ?? [];
      if (open.some((d) => d.status === 'queued')) return 10_000;
      return open.some((d) => d.status === 'sent') ? 60_000 : false;
    },
    retry: false,
  });
}

/** Copies per page of the print queue and of the failures list. */
export const LETTERS_OUT_PER_PAGE = 20;

/** A page of the print queue or the failures list (server-paged, oldest first). */
function usePagedList(list: typeof E.printQueue | typeof E.failedDeliveries, key: readonly string[], page: number) {
  return useQuery({
    queryKey: [...key, page],
    queryFn: () => apiCall(list, { query: { page, per_page: LETTERS_OUT_PER_PAGE }, quiet: true }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export const usePrintQueue = (page: number) => usePagedList(E.printQueue, lettersOutKeys.printQueue, page);

export const useFailedDeliveries = (page: number) => usePagedList(E.failedDeliveries, lettersOutKeys.failed, page);

/** After a change: the letters-out lists and the work queue (a letter may have become SENT). */
export function useRefreshLettersOut() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: lettersOutKeys.all }),
      client.invalidateQueries({ queryKey: ['worklist'] }),
      client.invalidateQueries({ queryKey: ['dictation'] }),
    ]);
}

export const resendDelivery = (id: number, channel: DeliveryChannel) =>
  apiCall(E.deliveryResend, { params: { id }, json: { channel }, quiet: true });

export const markPosted = (ids: number[]) => apiCall(E.printQueuePosted, { json: { deliveries: ids }, quiet: true });

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
