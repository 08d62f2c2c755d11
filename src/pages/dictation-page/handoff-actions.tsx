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
import { ChevronDown, Ellipsis } from 'lucide-react';
import { AppDialog } from '../../components/ui/dialog';
import { Button } from '../../components/ui/button';
import { ReasonForm } from '../../components/ui/reason-form';
import { SEND_CHECKED_ACTIONS } from '../../domain/send-check';
import { SendCheckDialog, type SendCheckFound } from './send-check-dialog';
import { KeyHint } from './key-hint';

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
  send_for_approval: 'Sent for approval.',
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
  /** The send check (issue 23): what is wrong with the letter as it stands, asked before it goes on. */
  sendCheck: () => Promise<SendCheckFound>;
  /** Puts the cursor on the n-th unfilled placeholder. */
  onPlaceholder: (index: number) => void;
  /** Opens the recipients, to change one the letter cannot reach. */
  onRecipients: () => void;
}

/** The words of an action's button: a trainee's (or a QA job type's) "Send for approval" goes to QA review first, and says so. */
const labelOf = (a: PageAction, toQa: boolean) => (a === 'send_for_approval' && toQa ? 'Send for QA review' : LABELS[a]);

/** The hand-offs the workflow table allows this user now (src/domain/letter-access.ts), as buttons. */
export function HandOffActions({ user, d, onHandOff, sendCheck, onPlaceholder, onRecipients }: Props) {
  const [asking, setAsking] = useState<PageAction | null>(null);
  const [checked, setChecked] = useState<{ action: PageAction; found: SendCheckFound } | null>(null);
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
  const toQa = sendsToQa(user, d);
  const label = (a: PageAction) => labelOf(a, toQa);
  const choose = (a: PageAction) => {
    if (ACTIONS_NEEDING_REASON.includes(a)) setAsking(a);
    else if (SEND_CHECKED_ACTIONS.includes(a)) void check(a);
    else void run(a);
  };

  /** Problems are told now, at send time, not when the author approves (issue 23). */
  async function check(action: PageAction) {
    setBusy(true);
    let found: SendCheckFound;
    try {
      found = await sendCheck();
    } finally {
      setBusy(false);
    }
    if (found.placeholders.length || found.recipients.length) setChecked({ action, found });
    else await run(action);
  }

  async function run(action: PageAction, why?: string) {
    setBusy(true);
    try {
      // QA routing (issue 12): say where the letter went when it goes to QA review first.
      await onHandOff(action, why, action === 'send_for_approval' && toQa ? MESSAGES.sentToQaReview : DONE[action]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button isDisabled={busy} onPress={() => choose(first)} aria-keyshortcuts={first === 'approve' ? 'Q' : undefined}>
        {first === 'approve' ? (
          <span>
            Approve<KeyHint> (Q)</KeyHint>
          </span>
        ) : (
          label(first)
        )}
      </Button>
      {beside.map((a) => (
        <Button key={a} tone="secondary" isDisabled={busy} onPress={() => choose(a)}>
          {label(a)}
        </Button>
      ))}
      {rest.length > 0 && (
        <MenuTrigger>
          {/* On a phone, the ⋯ alone: the page's actions then keep to one row above the letter. */}
          <Button tone="secondary" isDisabled={busy} aria-label="More actions" className="max-sm:px-3">
            <span className="max-sm:hidden">More</span>
            <ChevronDown aria-hidden className="size-4 max-sm:hidden" />
            <Ellipsis aria-hidden className="size-5 sm:hidden" />
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
                  {label(a)}
                </MenuItem>
              ))}
            </Menu>
          </Popover>
        </MenuTrigger>
      )}
      <AppDialog open={asking !== null} onOpenChange={(o) => !o && setAsking(null)} title={asking ? label(asking) : ''}>
        <ReasonForm
          id="handoff-reason"
          label="Reason (the next person sees it on top of the letter)"
          action={asking ? label(asking) : ''}
          reason={reason}
          onReasonChange={setReason}
          onCancel={() => setAsking(null)}
          onSubmit={(why) => {
            if (!asking) return;
            const action = asking;
            setAsking(null);
            void run(action, why).then(() => setReason(''));
          }}
        />
      </AppDialog>
      <SendCheckDialog
        found={checked?.found ?? null}
        onClose={() => setChecked(null)}
        onPlaceholder={(i) => {
          setChecked(null);
          onPlaceholder(i);
        }}
        onRecipients={() => {
          setChecked(null);
          onRecipients();
        }}
        onSendAnyway={(why) => {
          const action = checked!.action;
          setChecked(null);
          void run(action, why);
        }}
      />
    </>
  );
}
