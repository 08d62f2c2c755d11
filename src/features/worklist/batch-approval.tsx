import { useState } from 'react';
import { toast } from 'sonner';
import type { WorklistRow } from '../../domain/contract';
import { checkMove, type LetterUser } from '../../domain/letter-access';
import { AppDialog } from '../../components/ui/dialog';
import { Button } from '../../components/ui/button';
import { ReasonForm } from '../../components/ui/reason-form';
import { BatchApproveButton } from '../review';
import { useReturnForTyping } from './api';

interface Props {
  /** The selected rows of the AUTHOR_APPROVAL tab. */
  rows: WorklistRow[];
  user: LetterUser;
  /** These left the list (approved, or returned to the typist): they leave the selection. */
  onDone: (ids: number[]) => void;
}

const letterOf = (r: WorklistRow) => ({
  status: r.status,
  authorId: r.user.id,
  assignedTo: r.assigned_to?.user_id ?? null,
  secretarialCover: r.secretarial_cover,
});
const count = (n: number) => (n === 1 ? '1 letter' : `${n} letters`);

/** The selection can be reviewed together: some of it may be approved or returned by this user (the transition table). */
export function canReviewTogether(rows: WorklistRow[], user: LetterUser): boolean {
  return rows.some((r) => checkMove(user, letterOf(r), 'approve').ok || checkMove(user, letterOf(r), 'return_for_typing').ok);
}

/**
 * Approve or return the selected letters at once (issues 12, 23), in the selection bar of the approval
 * list. Only letters the user has opened at least once may be approved together (the server refuses the
 * others too); the note says which were left out. Returning asks for one reason, kept on each letter for
 * its typist.
 */
export function BatchReview({ rows, user, onDone }: Props) {
  const approvable = rows.filter((r) => checkMove(user, letterOf(r), 'approve').ok);
  const read = approvable.filter((r) => r.opened === true);
  const unopened = approvable.length - read.length;
  const returnable = rows.filter((r) => checkMove(user, letterOf(r), 'return_for_typing').ok);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const returning = useReturnForTyping();

  async function returnAll(why: string) {
    const { done, failed } = await returning.mutateAsync({ rows: returnable, reason: why });
    if (done.length) toast.success(`${count(done.length)} returned to the typist.`);
    if (failed.length) toast.error(`${count(failed.length)} not returned.`, { description: failed.slice(0, 5).join('\n') });
    onDone(done);
  }

  const note =
    unopened === 0
      ? null
      : unopened === rows.length
        ? rows.length === 1
          ? 'Open it first to approve it: a letter is approved only once you have read it.'
          : 'Open them first to approve them: a letter is approved only once you have read it.'
        : `${unopened} of the ${rows.length} selected ${unopened === 1 ? 'is' : 'are'} not opened yet and left out of the approval: open ${unopened === 1 ? 'it' : 'them'} first to approve ${unopened === 1 ? 'it' : 'them'}.`;

  return (
    <div role="group" aria-label="Review together" className="contents">
      {read.length > 0 && <BatchApproveButton ids={read.map((r) => r.id)} onDone={(result) => onDone(result.approved)} />}
      {returnable.length > 0 && (
        <Button tone="secondary" isDisabled={returning.isPending} onPress={() => setAsking(true)}>
          Return {count(returnable.length)} to the typist
        </Button>
      )}
      {note && (
        <p className="order-last w-full px-2 text-sm text-slate-700 dark:text-slate-300" role="note">
          {note}
        </p>
      )}
      <AppDialog open={asking} onOpenChange={(o) => !o && setAsking(false)} title={`Return ${count(returnable.length)} to the typist`}>
        <ReasonForm
          id="batch-return-reason"
          label="Reason (the typist sees it on top of each letter)"
          action="Return to the typist"
          reason={reason}
          onReasonChange={setReason}
          onCancel={() => setAsking(false)}
          onSubmit={(why) => {
            setAsking(false);
            void returnAll(why).then(() => setReason(''));
          }}
        />
      </AppDialog>
    </div>
  );
}
