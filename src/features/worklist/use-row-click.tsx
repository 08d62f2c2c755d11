import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { AllocateRequest, WorklistRow } from '../../domain/contract';
import type { Role } from '../../domain/roles';
import { searchResultAction, type SearchResultAction } from '../../domain/click-rules';
import { MESSAGES } from '../../domain/messages';
import { ApiError } from '../../lib/api/errors';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { allocateBack, allocateBackBody } from './allocate-back';
import { worklistKeys } from './worklist-api';

type Confirming = { row: WorklistRow; action: Exclude<SearchResultAction, { kind: 'details' }> };

interface Options {
  me: { id: number; roles: readonly Role[]; outsourcingPoolId?: number | null } | null;
  /** The outbox allocation of the list (use-allocations.ts): used when the hand-back cannot be sent now. */
  queueAllocation: (body: AllocateRequest, label: string) => Promise<void>;
  /** Show the detail side panel for this row. */
  onDetails: (row: WorklistRow) => void;
}

export const REDIRECT_QUESTION = 'Do you want to be redirected?';

/**
 * What clicking (or Enter on) a row of the work queue does: spec §4 "Clicking a search result", decided
 * by the one pure function (domain/click-rules.ts) on the row's status and assignment and the user.
 * Returns the handler and the confirmation dialog to render.
 */
export function useRowClick({ me, queueAllocation, onDetails }: Options) {
  const navigate = useNavigate();
  const queries = useQueryClient();
  const [confirming, setConfirming] = useState<Confirming | null>(null);

  const openPage = (row: WorklistRow) => void navigate({ to: '/dictation/$id', params: { id: String(row.id) } });

  function onRow(row: WorklistRow) {
    if (!me) return;
    const action = searchResultAction(
      { roles: me.roles, userId: me.id, outsourcingPoolId: me.outsourcingPoolId },
      { status: row.status, assignedTo: row.assigned_to?.user_id ?? null },
    );
    if (action.kind === 'details') onDetails(row);
    else setConfirming({ row, action });
  }

  async function handBackThenOpen(row: WorklistRow) {
    const label = `${row.reference}: handed back to you for approval`;
    if (!navigator.onLine) {
      await queueAllocation(allocateBackBody(row.id), label);
      return;
    }
    const waiting = toast.loading(`Handing ${row.reference} back to you…`);
    try {
      const result = await allocateBack(row.id);
      const refused = result.unsuccessful_jobs.find((j) => j.id === row.id);
      if (refused) {
        toast.warning(result.unsuccess_message ?? MESSAGES.allocationFailed, { description: refused.reason });
        return;
      }
      await queries.invalidateQueries({ queryKey: ['dictation', row.id] });
      void queries.invalidateQueries({ queryKey: worklistKeys.all });
      openPage(row);
    } catch (err) {
      // The connection dropped on the way: the outbox sends it when it is back.
      if (err instanceof ApiError && err.status === 0) await queueAllocation(allocateBackBody(row.id), label);
      else toast.warning(MESSAGES.allocationFailed, { description: err instanceof ApiError ? err.message : undefined });
    } finally {
      toast.dismiss(waiting);
    }
  }

  function confirm() {
    const current = confirming;
    setConfirming(null);
    if (!current) return;
    const { row, action } = current;
    if (action.kind === 'confirm_open') openPage(row);
    else if (action.kind === 'confirm_open_draft')
      void navigate({ to: '/draftdictation/$dictation', params: { dictation: String(row.id) } });
    else void handBackThenOpen(row);
  }

  function cancel() {
    setConfirming(null);
    toast.info(MESSAGES.cancelledTitle, { description: MESSAGES.cancelledBody });
  }

  const handBack = confirming?.action.kind === 'confirm_allocate_back_then_open';
  const dialog = (
    <ConfirmDialog
      open={confirming !== null}
      title={REDIRECT_QUESTION}
      body={
        confirming
          ? handBack
            ? `${confirming.row.reference} comes back to you from typing first, for your approval (secretarial cover).`
            : `${confirming.row.reference} opens${confirming.action.kind === 'confirm_open_draft' ? ' as a draft' : ''}.`
          : undefined
      }
      confirmLabel="Yes"
      onConfirm={confirm}
      onCancel={cancel}
    />
  );

  return { onRow, dialog };
}
