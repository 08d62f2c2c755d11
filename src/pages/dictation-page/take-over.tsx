import { useState } from 'react';
import type { Dictation } from '../../domain/contract';
import type { LetterUser } from '../../domain/letter-access';
import { TYPING_STATUSES } from '../../domain/letter-access';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useTakeOver } from './api/claim';
import { HttpError } from '../../lib/api/errors';
import { toast } from 'sonner';

/** A Manager may take over a letter someone else is typing; it then opens for them to type. */
export function TakeOver({ d, user }: { d: Dictation; user: LetterUser }) {
  const [asking, setAsking] = useState(false);
  const taking = useTakeOver();
  const assignee = d.assigned_to?.user_id ?? null;
  if (!user.roles.includes('Manager') || !TYPING_STATUSES.includes(d.status) || !assignee || assignee === user.userId) return null;

  async function takeOver() {
    setAsking(false);
    try {
      await taking.mutateAsync(d.id);
    } catch (err) {
      toast.error(err instanceof HttpError ? err.message : String(err));
    }
  }

  return (
    <>
      <Button tone="secondary" onPress={() => setAsking(true)}>
        Take over
      </Button>
      <ConfirmDialog
        open={asking}
        title="Take over this letter?"
        body="It will be assigned to you, and the typist who has it now can no longer save changes to it."
        confirmLabel="Take over"
        onConfirm={() => void takeOver()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
