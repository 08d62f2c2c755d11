import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { ChevronDown } from 'lucide-react';
import type { UserSummary, WorklistRow } from '../../domain/contract';
import type { Role } from '../../domain/roles';
import { statusLabel, type DictationStatus } from '../../domain/statuses';
import { canDeleteDictation, canMarkConfidential, findStatusMove } from '../../domain/workflow';
import { TYPING_STATUSES, moveTargets } from '../../domain/letter-access';
import { MESSAGES } from '../../domain/messages';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { OutsourcePicker } from '../outsourcing';

interface Props {
  rows: WorklistRow[];
  me: { id: number; roles: readonly Role[] };
  typists?: UserSummary[];
  onAllocate: (body: { type: 'user'; user_id: number } | { type: 'status'; status: DictationStatus; pool_id?: number }) => void;
  onDelete: (rows: WorklistRow[]) => Promise<void>;
  onConfidential: (row: WorklistRow, on: boolean) => Promise<void>;
  onClear: () => void;
  /** Review actions for the selection (approve, return: batch-approval.tsx); with them, the rest folds under "More". */
  review?: ReactNode;
}

const ASSIGNABLE: readonly DictationStatus[] = ['READY_FOR_TYPING', 'RECEIVED', 'BEING_TYPED', 'OUTSOURCED_REVIEW', 'QA_REVIEW'];

const MENU_ITEM = 'cursor-pointer rounded-md px-3 py-2 text-sm outline-none focus:bg-slate-100 dark:focus:bg-slate-700';

type Pending = { kind: 'delete' } | { kind: 'confidential'; on: boolean } | null;

/** What can be done with the selected rows: only what the transition table allows for every one of them. */
export function SelectionActions({ rows, me, typists, onAllocate, onDelete, onConfidential, onClear, review }: Props) {
  const [confirm, setConfirm] = useState<Pending>(null);
  const subject = { roles: me.roles, userId: me.id };
  const isTypist = me.roles.some((r) => r === 'Secretary' || r === 'Manager' || r === 'SuperAdmin');
  // Someone's letter in typing is theirs: taking it is a Manager's take-over on the dictation page, not an allocation.
  const assignable = isTypist && rows.every((r) => ASSIGNABLE.includes(r.status) && !(TYPING_STATUSES.includes(r.status) && r.assigned_to));
  // Only moves the server will make for every one of them (the same checks as the dictation page's hand-offs).
  const targets = rows
    .map((r) => moveTargets(subject, { status: r.status, authorId: r.user.id, assignedTo: r.assigned_to?.user_id ?? null }))
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
              // Handing back to the author: the server grants secretarial cover when the author does it, never otherwise.
              if (status) onAllocate({ type: 'status', status });
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
      {review}
      {review && (markable || deletable) && (
        <MenuTrigger>
          <Button tone="secondary" aria-label="More actions">
            More <ChevronDown aria-hidden className="size-4" />
          </Button>
          <Popover
            placement="bottom end"
            className="min-w-48 rounded-lg bg-white p-1 shadow-lg ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700"
          >
            <Menu
              onAction={(k) => setConfirm(k === 'delete' ? { kind: 'delete' } : { kind: 'confidential', on: !single?.is_confidential })}
              className="outline-none"
            >
              {markable && (
                <MenuItem id="confidential" className={MENU_ITEM}>
                  {single.is_confidential ? 'Remove confidential' : 'Mark confidential'}
                </MenuItem>
              )}
              {deletable && (
                <MenuItem id="delete" className={`${MENU_ITEM} text-red-700 dark:text-red-300`}>
                  Delete
                </MenuItem>
              )}
            </Menu>
          </Popover>
        </MenuTrigger>
      )}
      {!review && markable && (
        <Button tone="secondary" onPress={() => setConfirm({ kind: 'confidential', on: !single.is_confidential })}>
          {single.is_confidential ? 'Remove confidential' : 'Mark confidential'}
        </Button>
      )}
      {!review && deletable && (
        <Button tone="danger" onPress={() => setConfirm({ kind: 'delete' })}>
          Delete
        </Button>
      )}
      <Button tone="ghost" onPress={onClear}>
        Clear selection
      </Button>
      {!review && !assignable && targets.length === 0 && !outsourceable && !deletable && !markable && (
        <span className="text-sm text-slate-600 dark:text-slate-400">Nothing can be done with these together.</span>
      )}

      <ConfirmDialog
        open={confirm?.kind === 'delete'}
        title={rows.length === 1 ? `Delete ${rows[0]!.reference}?` : `Delete ${rows.length} dictations?`}
        body="Deleted dictations leave every list. They are kept, with their audio, for the audit trail."
        confirmLabel="Delete"
        destructive
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
