import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { AllocateRequest } from '../../domain/contract';
import { E } from '../../domain/contract/endpoints';
import type { Role } from '../../domain/roles';
import type { DictationStatus } from '../../domain/statuses';
import { searchResultAction, type SearchResultAction } from '../../domain/click-rules';
import { MESSAGES } from '../../domain/messages';
import { HttpError } from '../../lib/api/errors';
import { enqueue } from '../../lib/sync/outbox';
import { requestSync } from '../../lib/sync/triggers';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { allocateBack, allocateBackBody } from './allocate-back';
import { sharedKeys } from '../../lib/api/query-keys';

/** What a clickable dictation (a work-queue row, a search result) must say of itself. */
export interface ClickableDictation {
  id: number;
  reference: string;
  status: DictationStatus;
  assigned_to: { user_id: number } | null;
  /** Its author. */
  user?: { id: number };
}

type Confirming<R> = { row: R; action: Exclude<SearchResultAction, { kind: 'details' }> };

interface Options<R> {
  me: { id: number; roles: readonly Role[]; permissions?: readonly string[]; outsourcingPoolId?: number | null } | null;
  /** Show the detail side panel for this dictation. */
  onDetails: (row: R) => void;
  /** Called before a page opens (a panel over the page closes). */
  onLeave?: () => void;
  /** How a hand-back that cannot be sent now is kept; by default straight into the outbox. */
  queueAllocation?: (body: AllocateRequest, label: string) => Promise<void>;
}

async function queueInOutbox(body: AllocateRequest, label: string): Promise<void> {
  await enqueue(E.dictationAllocate, { params: undefined, body, label });
  void requestSync();
  toast.info('You are offline: the change is kept on this device and sent when the connection is back.');
}

/**
 * What clicking (or Enter on) a dictation does, in a work queue or a search result: spec §4 "Clicking a
 * search result", decided by the one pure function (domain/click-rules.ts) on its status and assignment
 * and the user. Asks 'Do you want to be redirected?' and opens the page or the draft — an author's
 * dictation in or waiting for typing is first handed back to them with secretarial cover — or shows the
 * details. Returns the handler and the confirmation dialog to render.
 */
export function useDictationClick<R extends ClickableDictation>({ me, onDetails, onLeave, queueAllocation = queueInOutbox }: Options<R>) {
  const navigate = useNavigate();
  const queries = useQueryClient();
  const [confirming, setConfirming] = useState<Confirming<R> | null>(null);

  const openPage = (row: R) => {
    onLeave?.();
    void navigate({ to: '/dictation/$id', params: { id: String(row.id) } });
  };

  function onClick(row: R) {
    if (!me) return;
    const action = searchResultAction(
      { roles: me.roles, userId: me.id, permissions: me.permissions, outsourcingPoolId: me.outsourcingPoolId },
      { status: row.status, assignedTo: row.assigned_to?.user_id ?? null, authorId: row.user?.id },
    );
    if (action.kind === 'details') onDetails(row);
    else setConfirming({ row, action });
  }

  async function handBackThenOpen(row: R) {
    const label = `${row.reference}: handed back to you for approval`;
    if (!navigator.onLine) return queueAllocation(allocateBackBody(row.id), label);
    const waiting = toast.loading(`Handing ${row.reference} back to you…`);
    try {
      const result = await allocateBack(row.id);
      const refused = result.unsuccessful_jobs.find((j) => j.id === row.id);
      if (refused) {
        toast.warning(result.unsuccess_message ?? MESSAGES.allocationFailed, { description: refused.reason });
        return;
      }
      await queries.invalidateQueries({ queryKey: sharedKeys.dictation(row.id) });
      void queries.invalidateQueries({ queryKey: sharedKeys.worklist });
      void queries.invalidateQueries({ queryKey: sharedKeys.documentSearch });
      openPage(row);
    } catch (err) {
      // The connection dropped on the way: the outbox sends it when it is back.
      if (err instanceof HttpError && err.status === 0) await queueAllocation(allocateBackBody(row.id), label);
      else toast.warning(MESSAGES.allocationFailed, { description: err instanceof HttpError ? err.message : undefined });
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
    else if (action.kind === 'confirm_open_draft') {
      onLeave?.();
      void navigate({ to: '/draftdictation/$dictation', params: { dictation: String(row.id) } });
    } else void handBackThenOpen(row);
  }

  function cancel() {
    setConfirming(null);
    toast.info(MESSAGES.cancelledTitle, { description: MESSAGES.cancelledBody });
  }

  const handBack = confirming?.action.kind === 'confirm_allocate_back_then_open';
  const dialog = (
    <ConfirmDialog
      open={confirming !== null}
      title={MESSAGES.redirectConfirm}
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

  return { onClick, dialog };
}
