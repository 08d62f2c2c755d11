import { toast } from 'sonner';
import type { BatchApproveResult } from '../../domain/contract';
import { MESSAGES } from '../../domain/messages';
import { HttpError } from '../../lib/api/errors';
import { Button } from '../../components/ui/button';
import { useBatchApprove } from './api';

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
  const approving = useBatchApprove();

  async function approve() {
    try {
      const data = await approving.mutateAsync(ids);
      if (data.success_message) toast.success(data.success_message);
      if (data.unsuccess_message) {
        const reasons = data.unsuccessful_jobs.map((j) => `${j.reference ?? `#${j.id}`}: ${j.reason}`);
        toast.error(data.unsuccess_message, { description: reasons.slice(0, 5).join('\n') });
      }
      onDone?.(data);
    } catch (err) {
      toast.error(err instanceof HttpError ? err.message : MESSAGES.errorFetching);
    }
  }

  return (
    <Button className={className} isDisabled={approving.isPending || ids.length === 0} onPress={() => void approve()}>
      {ids.length === 1 ? 'Approve 1 letter' : `Approve ${ids.length} letters`}
    </Button>
  );
}
