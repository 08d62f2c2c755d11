/**
 * The work queue's direct changes (they need the server's word, so they are not queued): return letters
 * to the typist, delete dictations, mark one confidential. Each refreshes the queues once it has an
 * answer, whether it was yes or no; the caller says what happened.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WorklistRow } from '../../../domain/contract';
import { E } from '../../../domain/contract/endpoints';
import { MESSAGES } from '../../../domain/messages';
import { apiCall } from '../../../lib/api/client';
import { HttpError } from '../../../lib/api/errors';
import { sharedKeys } from '../../../lib/api/query-keys';
import { worklistKeys } from './keys';

/** Which of several rows went through, and for the others "reference: why not". */
export interface RowsOutcome {
  done: number[];
  failed: string[];
}

async function eachRow(rows: WorklistRow[], call: (r: WorklistRow) => Promise<unknown>, otherwise: string): Promise<RowsOutcome> {
  const out: RowsOutcome = { done: [], failed: [] };
  for (const r of rows) {
    try {
      await call(r);
      out.done.push(r.id);
    } catch (err) {
      out.failed.push(`${r.reference}: ${err instanceof HttpError ? err.message : otherwise}`);
    }
  }
  return out;
}

/** Return letters to their typist with one reason, kept on each (issue 23). */
export function useReturnForTyping() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ rows, reason }: { rows: WorklistRow[]; reason: string }) =>
      eachRow(
        rows,
        (r) =>
          apiCall(E.dictationTransition, {
            params: { id: r.id },
            json: { action: 'return_for_typing', reason },
            headers: { 'Idempotency-Key': crypto.randomUUID() },
            quiet: true,
          }),
        MESSAGES.errorFetching,
      ),
    onSuccess: ({ done }) => {
      for (const id of done) queries.removeQueries({ queryKey: sharedKeys.dictation(id) });
      void queries.invalidateQueries({ queryKey: worklistKeys.all });
    },
  });
}

export function useDeleteDictations() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (rows: WorklistRow[]) =>
      eachRow(rows, (r) => apiCall(E.dictationDelete, { params: { id: r.id }, quiet: true }), 'not deleted'),
    onSettled: () => void queries.invalidateQueries({ queryKey: worklistKeys.all }),
  });
}

export function useSetConfidential() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ row, on }: { row: WorklistRow; on: boolean }) =>
      apiCall(E.dictationConfidential, { params: { id: row.id }, json: { is_confidential: on }, quiet: true }),
    onSettled: () => void queries.invalidateQueries({ queryKey: worklistKeys.all }),
  });
}
