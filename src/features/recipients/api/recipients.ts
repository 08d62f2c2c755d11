import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Dictation, RecipientsAnswer } from '../../../domain/contract';
import { E } from '../../../domain/contract/endpoints';
import type { RecipientLists } from '../../../domain/recipient-entries';
import { apiCall } from '../../../lib/api/client';
import { enqueue } from '../../../lib/sync/outbox';
import { requestSync } from '../../../lib/sync/triggers';

/** A letter's recipients' query keys, one factory (issue 24 point 5). */
export const recipientKeys = {
  list: (dictationId: number) => ['recipients', dictationId] as const,
};

const fetchRecipients = (dictationId: number) =>
  apiCall(E.dictationRecipientsGet, { params: { id: dictationId }, quiet: true }).then((a) => a.data);

/**
 * A letter's recipients as the server holds them (or, after a save on this device, as saved here). Kept
 * for 5 minutes: a save waiting in the outbox must not be hidden by an older answer fetched meanwhile.
 */
export const recipientsOptions = (dictationId: number) =>
  queryOptions({
    queryKey: recipientKeys.list(dictationId),
    queryFn: () => fetchRecipients(dictationId),
    staleTime: 5 * 60_000,
    retry: false,
  });

export function useRecipients(dictationId: number) {
  return useQuery(recipientsOptions(dictationId));
}

/** The recipients for the approval check: the cached answer, else asked now; null when the server cannot be reached. */
export async function recipientsForCheck(client: QueryClient, dictationId: number): Promise<RecipientsAnswer | null> {
  try {
    const { retry: _retry, ...options } = recipientsOptions(dictationId);
    return await client.fetchQuery(options);
  } catch {
    return null;
  }
}

/**
 * Saving goes through the outbox like the letter's details (DESIGN §3): it survives a dying network and a
 * closed tab, reaches the server before an approval queued after it, and a refusal stays in the sync
 * list with the server's words. The page shows the saved lists at once.
 */
export async function saveRecipients(client: QueryClient, d: Pick<Dictation, 'id' | 'reference'>, lists: RecipientLists): Promise<void> {
  await enqueue(E.dictationRecipientsSave, { params: { id: d.id }, body: lists, label: `Recipients ${d.reference}` });
  void requestSync();
  client.setQueryData<RecipientsAnswer>(recipientKeys.list(d.id), (old) => (old ? { ...old, ...lists, saved: true } : old));
}
