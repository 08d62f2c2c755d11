import { useState } from 'react';
import { toast } from 'sonner';
import type { UserSummary, WorklistRow } from '../../domain/contract';
import type { Role } from '../../domain/roles';
import { statusLabel, type DictationStatus } from '../../domain/statuses';
import { canDeleteDictation, canMarkConfidential, findStatusMove, statusMoveTargets } from '../../domain/workflow';
import { MESSAGES } from '../../domain/messages';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { OutsourcePicker } from '../outsourcing';

interface Props {
  rows: WorklistRow[];
  me: { id: number; roles: readonly Role[] };
  typists?: UserSummary[];
  onAllocate: (
    body: { type: 'user'; user_id: number } | { type: 'status'; status: DictationStatus; secretarial_cover?: boolean; pool_id?: number },
  ) => void;
  onDelete: (rows: WorklistRow[]) => Promise<void>;
  onConfidential: (row: WorklistRow, on: boolean) => Promise<void>;
  onClear: () => void;
}

const ASSIGNABLE: readonly DictationStatus[] = ['READY_FOR_TYPING', 'RECEIVED', 'BEING_TYPED', 'OUTSOURCED_REVIEW', 'QA_REVIEW'];

type Pending = { kind: 'delete' } | { kind: 'confidential'; on: boolean } | null;

/** What can be done with the selected rows: only what the transition table allows for every one of them. */
export function SelectionActions({ rows, me, typists, onAllocate, onDelete, onConfidential, onClear }: Props) {
  const [confirm, setConfirm] = useState<Pending>(null);
  const subject = { roles: me.roles, userId: me.id };
  const isTypist = me.roles.some((r) => r === 'Secretary' || r === 'Manager' || r === 'SuperAdmin');
  const assignable = isTypist && rows.every((r) => ASSIGNABLE.includes(r.status));
  const targets = rows
    .map((r) => statusMoveTargets(subject, r.status, r.user.id))
    .reduce<DictationStatus[]>((common, t, i) => (i === 0 ? t : common.filter((s) => t.includes(s))), []);
  const deletable = rows.every((r) => canDeleteDictation(subject, { status: r.status, authorId: r.user.id }));
  const single = rows.length === 1 ? rows[0]! : null;
  const markable = single && canMarkConfidential(subject, { status: single.status, authorId: single.user.id });
  // Outsourcing (to a pool) is its own action: the "Move to" menu leaves it out (it needs the pool).
  const outsourceable = rows.every((r) => findStatusMove(subject, { status: r.status, authorId: r.user.id }, 'OUTSOURCED'));

  const cancel = () => {
    setConfirm(null);
    toast.info(MESSAGES.cancelledTitle, { description: MESSAGES.cancelledBody });
  };

  return (
    <div
      role="toolbar"
      aria-label="Selected dictations"
      className="sticky top-0 z-20 mb-3 flex flex-wrap items-center gap-2 rounded-xl bg-brand-50 p-2 ring-1 ring-brand-200 dark:bg-slate-900 dark:ring-slate-700"
    >
      <span className="px-2 text-sm font-semibold" aria-live="polite">
        {rows.length} selected
      </span>
      {assignable && (
        <Button tone="secondary" onPress={() => onAllocate({ type: 'user', user_id: me.id })}>
          Assign to me
        </Button>
      )}
      {assignable && typists && typists.length > 0 && (
        <label className="flex items-center gap-2 text-sm">
          <span className="sr-only">Assign to a typist</span>
          <select
            value=""
            onChange={(e) => e.target.value && onAllocate({ type: 'user', user_id: Number(e.target.value) })}
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-2 dark:border-slate-600 dark:bg-slate-800"
          >
            <option value="">Assign to…</option>
            {typists.map((u) => (
              <option key={u.id} value={u.id}>
                {u.full_name}
              </option>
            ))}
          </select>
        </label>
      )}
      {targets.length > 0 && (
        <label className="flex items-center gap-2 text-sm">
          <span className="sr-only">Move to another status</span>
          <select
            value=""
            onChange={(e) => {
              const status = e.target.value as DictationStatus;
              if (status) onAllocate({ type: 'status', status, ...(status === 'AUTHOR_APPROVAL' ? { secretarial_cover: true } : {}) });
            }}
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-2 dark:border-slate-600 dark:bg-slate-800"
          >
            <option value="">Move to…</option>
            {targets.map((s) => (
              <option key={s} value={s}>
                {s === 'AUTHOR_APPROVAL' ? 'Hand back to the author' : statusLabel(s)}
              </option>
            ))}
          </select>
        </label>
      )}
      {outsourceable && <OutsourcePicker onOutsource={(poolId) => onAllocate({ type: 'status', status: 'OUTSOURCED', pool_id: poolId })} />}
      {markable && (
        <Button tone="secondary" onPress={() => setConfirm({ kind: 'confidential', on: !single.is_confidential })}>
          {single.is_confidential ? 'Remove confidential' : 'Mark confidential'}
        </Button>
      )}
      {deletable && (
        <Button tone="danger" onPress={() => setConfirm({ kind: 'delete' })}>
          Delete
        </Button>
      )}
      <Button tone="ghost" onPress={onClear}>
        Clear selection
      </Button>
      {!assignable && targets.length === 0 && !outsourceable && !deletable && !markable && (
        <span className="text-sm text-slate-600 dark:text-slate-400">Nothing can be done with these together.</span>
      )}

      <ConfirmDialog
        open={confirm?.kind === 'delete'}
        title={rows.length === 1 ? `Delete ${rows[0]!.reference}?` : `Delete ${rows.length} dictations?`}
        body="Deleted dictations leave every list. They are kept, with their audio, for the audit trail."
        confirmLabel="Delete"
        onCancel={cancel}
        onConfirm={() => {
          setConfirm(null);
          void onDelete(rows);
        }}
      />
      <ConfirmDialog
        open={confirm?.kind === 'confidential'}
        title={confirm?.kind === 'confidential' && confirm.on ? `Mark ${single?.reference} confidential?` : `Remove confidential marking?`}
        body={
          confirm?.kind === 'confidential' && confirm.on
            ? 'Only the author, whoever is assigned to it and Managers will see it.'
            : 'Every typist of the trust will see it again.'
        }
        confirmLabel={confirm?.kind === 'confidential' && confirm.on ? 'Mark confidential' : 'Remove marking'}
        onCancel={cancel}
        onConfirm={() => {
          const on = confirm?.kind === 'confidential' && confirm.on;
          setConfirm(null);
          if (single) void onConfidential(single, on);
        }}
      />
    </div>
  );
}
