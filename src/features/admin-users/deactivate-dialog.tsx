import { useRef, useState } from 'react';
import { toast } from 'sonner';
import type { UserDetail } from '../../domain/contract';
import { MESSAGES, PAGE_MESSAGES } from '../../domain/messages';
import { userWorkWords } from '../../domain/messages-admin-users';
import { HttpError } from '../../lib/api/errors';
import { useSubmit } from '../../lib/use-submit';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { AppDialog } from '../../components/ui/dialog';
import { useFocusFirstError } from '../../components/ui/leave-guard';
import { useDeactivateUser, usePeople } from './api';
import { Field, HINT, INPUT } from './controls';
import { useSettled } from './settled';

const hasWork = (w: UserDetail['work']) => w.authored + w.typing + w.delegations > 0;

/** Someone of one role to take over, found by name among the trust's active users (not the one leaving). */
function PersonPicker({
  id,
  label,
  hint,
  role,
  user,
  value,
  onChange,
  error,
  optional,
}: {
  id: string;
  label: string;
  hint: string;
  role: 'Author' | 'Secretary' | 'Manager';
  user: UserDetail;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  optional?: boolean;
}) {
  const [search, setSearch] = useState('');
  const settled = useSettled(search);
  const people = usePeople(role, { trustId: user.trust.id, search: settled });
  const others = (people.data ?? []).filter((p) => p.id !== user.id);
  return (
    <div className="flex flex-col gap-2">
      <label className="flex flex-col gap-1 text-sm font-medium">
        {`Find ${role === 'Author' ? 'an author' : 'a typist'} by name`}
        <input type="search" className={INPUT} value={search} onChange={(e) => setSearch(e.target.value)} />
      </label>
      <Field id={id} label={label} error={error} hint={hint}>
        {(p) => (
          <select {...p} className={INPUT} value={value} onChange={(e) => onChange(e.target.value)}>
            <option value="">{optional ? 'Nobody: back to the queue' : 'Choose…'}</option>
            {others.map((o) => (
              <option key={o.id} value={o.id}>
                {o.full_name} ({o.email})
              </option>
            ))}
          </select>
        )}
      </Field>
    </div>
  );
}

/**
 * Deactivating a user (issue 25): they can no longer sign in. One with work in progress (dictations they
 * author or type, delegations) needs an heir of the same trust: the counts are said and an author is asked
 * for, also when the server is the first to say so.
 */
export function DeactivateDialog({
  user,
  onClose,
  onRefused,
}: {
  user: UserDetail;
  onClose: () => void;
  onRefused: (words: string) => void;
}) {
  const deactivate = useDeactivateUser();
  const form = useSubmit();
  const ref = useRef<HTMLFormElement>(null);
  useFocusFirstError(ref, form.fields);
  const [needsHeir, setNeedsHeir] = useState(hasWork(user.work));
  const [serverWords, setServerWords] = useState<string | null>(null);
  const [heir, setHeir] = useState('');
  const [typistHeir, setTypistHeir] = useState('');

  async function submit() {
    // No heir chosen for work in progress: the server's own words, under the field, before anything is sent.
    const heirChosen = {
      safeParse: () =>
        needsHeir && !heir
          ? { success: false as const, error: { issues: [{ path: ['heir_id'], message: PAGE_MESSAGES.userHeirInvalid }] } }
          : { success: true as const },
    };
    await form.runChecked(heirChosen, null, async () => {
      try {
        const answer = await deactivate.mutateAsync({
          id: user.id,
          heirId: heir ? Number(heir) : undefined,
          typistHeirId: typistHeir ? Number(typistHeir) : undefined,
        });
        toast.success(answer.message);
        onClose();
      } catch (err) {
        if (err instanceof HttpError && err.is('user_needs_heir')) {
          // The server found work the page did not know of: say it, and ask for the heir.
          setNeedsHeir(true);
          setServerWords(err.message);
          return;
        }
        if (err instanceof HttpError && !Object.keys(err.fields).length && !err.is('user_heir_invalid')) {
          onRefused(err.message);
          onClose();
          return;
        }
        throw err;
      }
    });
  }

  return (
    <AppDialog open onOpenChange={(open) => !open && onClose()} title={PAGE_MESSAGES.userDeactivateTitle(user.full_name)}>
      <form
        ref={ref}
        aria-label={PAGE_MESSAGES.userDeactivateTitle(user.full_name)}
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <p className={HINT}>{PAGE_MESSAGES.userDeactivateBody}</p>
        {form.error && <Alert>{form.error}</Alert>}
        {needsHeir && (
          <>
            <Alert tone="info">
              {serverWords ?? PAGE_MESSAGES.userDeactivateWork(`${user.full_name} still has ${userWorkWords(user.work)}`)}
            </Alert>
            <PersonPicker
              id="heir_id"
              label="Author who takes over"
              hint={PAGE_MESSAGES.userHeirHint}
              role="Author"
              user={user}
              value={heir}
              onChange={setHeir}
              error={form.fields.heir_id?.[0]}
            />
            {user.work.typing > 0 && (
              <PersonPicker
                id="typist_heir_id"
                label="Typist who takes over their typing"
                hint={PAGE_MESSAGES.userTypistHeirHint}
                role="Secretary"
                user={user}
                value={typistHeir}
                onChange={setTypistHeir}
                error={form.fields.typist_heir_id?.[0]}
                optional
              />
            )}
          </>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <Button
            tone="secondary"
            onPress={() => {
              onClose();
              toast.info(MESSAGES.cancelledTitle, { description: MESSAGES.cancelledBody });
            }}
          >
            Cancel
          </Button>
          <Button type="submit" tone="danger" isDisabled={form.busy}>
            {form.busy ? 'Deactivating…' : 'Deactivate'}
          </Button>
        </div>
      </form>
    </AppDialog>
  );
}
