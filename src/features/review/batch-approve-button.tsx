import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { BatchApproveResult } from '../../domain/contract';
import { E } from '../../domain/contract/endpoints';
import { MESSAGES } from '../../domain/messages';
import { apiCall } from '../../lib/api/client';
import { HttpError } from '../../lib/api/errors';
import { Button } from '../../components/ui/button';

export interface BatchApproveButtonProps {
  /** The selected dictations (the AUTHOR_APPROVAL list's selection). */
  ids: number[];
  /** After the server answered: the approved ones leave the list, the rest stay selected with their reasons. */
  onDone?: (result: BatchApproveResult) => void;
  className?: string;
}

/**
 * Approves the selected letters at once (issue 12): the server approves only those the caller has
 * opened at least once and lists the others with the reason; both are shown. Needs a connection: an
 * approval of letters not read on this device is not something to queue.
 */
export function BatchApproveButton({ ids, onDone, className }: BatchApproveButtonProps) {
  const queries = useQueryClient();
  const [busy, setBusy] = useState(false);

  async function approve() {
    setBusy(true);
    try {
      const { data } = await apiCall(E.dictationBatchApprove, { json: { dictations: ids }, quiet: true });
      if (data.success_message) toast.success(data.success_message);
      if (data.unsuccess_message) {
        const reasons = data.unsuccessful_jobs.map((j) => `${j.reference ?? `#${j.id}`}: ${j.reason}`);
        toast.error(data.unsuccess_message, { description: reasons.slice(0, 5).join('\n') });
      }
      void queries.invalidateQueries({ queryKey: ['worklist'] });
      for (const id of data.approved) queries.removeQueries({ queryKey: ['dictation', id] });
      onDone?.(data);
    } catch (err) {
      toast.error(err instanceof HttpError ? err.message : MESSAGES.errorFetching);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button className={className} isDisabled={busy || ids.length === 0} onPress={() => void approve()}>
      {ids.length === 1 ? 'Approve 1 letter' : `Approve ${ids.length} letters`}
    </Button>
  );
}
