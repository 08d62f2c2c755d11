import { useState } from 'react';
import { MESSAGES } from '../../domain/messages';
import {
  ACTIONS_NEEDING_REASON,
  PAGE_ACTIONS,
  checkHandOff,
  sendsToQa,
  type LetterDictation,
  type LetterUser,
  type PageAction,
} from '../../domain/letter-access';
import { Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { ChevronDown } from 'lucide-react';
import { AppDialog } from '../../components/ui/dialog';
import { Button } from '../../components/ui/button';

const LABELS: Record<PageAction, string> = {
  send_for_approval: 'Send for approval',
  send_to_qa: 'Send to QA',
  release: 'Release to the pool',
  hand_back: 'Hand back to the author',
  return_for_typing: 'Return to typist',
  qa_pass: 'Pass QA',
  qa_return: 'Return from QA',
  approve: 'Approve',
  outsourced_done: 'Send back for review',
};

const DONE: Record<PageAction, string> = {
  send_for_approval: 'Sent for approval. It reaches the author as soon as there is a connection.',
  send_to_qa: 'Sent to QA.',
  release: 'Released: the dictation is back in Ready for typing.',
  hand_back: 'Handed back to the author.',
  return_for_typing: 'Returned to the typist.',
  qa_pass: 'Passed QA: it goes to the author for approval.',
  qa_return: 'Returned to the typist from QA.',
  approve: 'Approved.',
  outsourced_done: 'Sent back for an in-house review.',
};

interface Props {
  user: LetterUser;
  d: LetterDictation;
  onHandOff: (action: PageAction, reason: string | undefined, done: string) => Promise<void>;
}

/** The hand-offs the workflow table allows this user now (src/domain/letter-access.ts), as buttons. */
export function HandOffActions({ user, d, onHandOff }: Props) {
  const [asking, setAsking] = useState<PageAction | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const allowed = PAGE_ACTIONS.filter((a) => checkHandOff(user, d, a).ok);
  if (!allowed.length) return null;

  // Review mode (issue 12): Approve is the clear first action, with Return to typist beside it.
  const reviewing = allowed.includes('approve');
  const ordered = reviewing ? ['approve' as const, ...allowed.filter((a) => a !== 'approve')] : allowed;
  const [first, ...others] = ordered as [PageAction, ...PageAction[]];
  const beside: PageAction[] = reviewing ? others.filter((a) => a === 'return_for_typing') : [];
  const rest = others.filter((a) => !beside.includes(a));
  const choose = (a: PageAction) => (ACTIONS_NEEDING_REASON.includes(a) ? setAsking(a) : void run(a));

  async function run(action: PageAction, why?: string) {
    setBusy(true);
    try {
      // QA routing (issue 12): say where the letter went when it goes to QA review first.
      await onHandOff(action, why, action === 'send_for_approval' && sendsToQa(user, d) ? MESSAGES.sentToQaReview : DONE[action]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button isDisabled={busy} onPress={() => choose(first)} aria-keyshortcuts={first === 'approve' ? 'Q' : undefined}>
        {first === 'approve' ? 'Approve (Q)' : LABELS[first]}
      </Button>
      {beside.map((a) => (
        <Button key={a} tone="secondary" isDisabled={busy} onPress={() => choose(a)}>
          {LABELS[a]}
        </Button>
      ))}
      {rest.length > 0 && (
        <MenuTrigger>
          <Button tone="secondary" isDisabled={busy} aria-label="More actions">
            More <ChevronDown aria-hidden className="size-4" />
          </Button>
          <Popover
            placement="bottom end"
            className="min-w-48 rounded-lg bg-white p-1 shadow-lg ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700"
          >
            <Menu onAction={(k) => choose(k as PageAction)} className="outline-none">
              {rest.map((a) => (
                <MenuItem
                  key={a}
                  id={a}
                  className="cursor-pointer rounded-md px-3 py-2 text-sm outline-none focus:bg-slate-100 dark:focus:bg-slate-700"
                >
                  {LABELS[a]}
                </MenuItem>
              ))}
            </Menu>
          </Popover>
        </MenuTrigger>
      )}
      <AppDialog open={asking !== null} onOpenChange={(o) => !o && setAsking(null)} title={asking ? LABELS[asking] : ''}>
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (!asking || !reason.trim()) return;
            const action = asking;
            setAsking(null);
            void run(action, reason.trim()).then(() => setReason(''));
          }}
        >
          <label htmlFor="handoff-reason" className="text-sm font-medium">
            Reason (the next person sees it on top of the letter)
          </label>
          <textarea
            id="handoff-reason"
            required
            maxLength={2000}
            rows={3}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            className="w-full rounded-lg border border-slate-300 bg-white p-2 text-sm dark:border-slate-600 dark:bg-slate-900"
          />
          <div className="flex justify-end gap-2">
            <Button tone="secondary" onPress={() => setAsking(null)}>
              Cancel
            </Button>
            <Button type="submit" isDisabled={!reason.trim()}>
              {asking ? LABELS[asking] : ''}
            </Button>
          </div>
        </form>
      </AppDialog>
    </>
  );
}
