import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { API_PATHS, type SearchRow } from '../../domain/contract';
import type { Role } from '../../domain/roles';
import { searchResultAction, type SearchResultAction } from '../../domain/click-rules';
import { MESSAGES } from '../../domain/messages';
import { ApiError } from '../../lib/api/errors';
import { enqueueRequest } from '../../lib/sync/outbox';
import { requestSync } from '../../lib/sync/triggers';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { allocateBack, allocateBackBody } from '../worklist/allocate-back';

type Confirming = { row: SearchRow; action: Exclude<SearchResultAction, { kind: 'details' }> };

interface Options {
  me: { id: number; roles: readonly Role[] };
  /** Show the detail side panel for this result. */
  onDetails: (row: SearchRow) => void;
  /** The panel closes when a result opens a page. */
  onLeave: () => void;
}

/**
 * Clicking a search result (spec §4), decided by the one click rule (domain/click-rules.ts): ask
 * 'Do you want to be redirected?' and open the page (an author's dictation in or waiting for typing is
 * first handed back to them for approval, with secretarial cover), or show the details.
 */
export function useResultClick({ me, onDetails, onLeave }: Options) {
  const navigate = useNavigate();
  const queries = useQueryClient();
  const [confirming, setConfirming] = useState<Confirming | null>(null);

  const openPage = (row: SearchRow) => {
    onLeave();
    void navigate({ to: '/dictation/$id', params: { id: String(row.id) } });
  };

  function onResult(row: SearchRow) {
    const action = searchResultAction(
      { roles: me.roles, userId: me.id },
      { status: row.status, assignedTo: row.assigned_to?.user_id ?? null },
    );
    if (action.kind === 'details') onDetails(row);
    else setConfirming({ row, action });
  }

  async function queue(row: SearchRow) {
    await enqueueRequest({
      method: 'POST',
      path: API_PATHS.dictationAllocate,
      body: allocateBackBody(row.id),
      label: `${row.reference}: handed back to you for approval`,
    });
    void requestSync();
    toast.info('You are offline: the change is kept on this device and sent when the connection is back.');
  }

  async function handBackThenOpen(row: SearchRow) {
    if (!navigator.onLine) return queue(row);
    try {
      const result = await allocateBack(row.id);
      const refused = result.unsuccessful_jobs.find((j) => j.id === row.id);
      if (refused) {
        toast.warning(result.unsuccess_message ?? MESSAGES.allocationFailed, { description: refused.reason });
        return;
      }
      await queries.invalidateQueries({ queryKey: ['dictation', row.id] });
      void queries.invalidateQueries({ queryKey: ['worklist'] });
      void queries.invalidateQueries({ queryKey: ['document-search'] });
      openPage(row);
    } catch (err) {
      if (err instanceof ApiError && err.status === 0) await queue(row);
      else toast.warning(MESSAGES.allocationFailed, { description: err instanceof ApiError ? err.message : undefined });
    }
  }

  function confirm() {
    const current = confirming;
    setConfirming(null);
    if (!current) return;
    const { row, action } = current;
    if (action.kind === 'confirm_open') openPage(row);
    else if (action.kind === 'confirm_open_draft') {
      onLeave();
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
  return { onResult, dialog };
}
