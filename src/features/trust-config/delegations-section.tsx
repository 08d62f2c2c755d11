import { useState } from 'react';
import { toast } from 'sonner';
import { delegationInputSchema, type Delegation, type Delegations } from '../../domain/contract';
import { formatDate } from '../../domain/display-format';
import { MESSAGES, PAGE_MESSAGES } from '../../domain/messages';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { HttpError } from '../../lib/api/errors';
import { useSubmit } from '../../lib/use-submit';
import { useAddDelegation, useDelegations, useRevokeDelegation } from './delegations-api';

const SELECT =
  'min-h-11 w-full rounded-lg border border-slate-300 bg-white px-2 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-800';

/**
 * Standing delegations of approval on the trust's configuration page (issue 22): "Jenny Walsh may approve
 * for Daniel Reid", who set it and when; added and revoked by the trust's administrators (a SiteAdmin for
 * their own site). The server decides who may be chosen and says why when it refuses.
 */
export function DelegationsSection({ trustId }: { trustId: number }) {
  const q = useDelegations(trustId);
  return (
    <section
      aria-labelledby="delegations-title"
      className="max-w-2xl rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id="delegations-title" className="text-lg font-semibold">
        Approval on an author’s behalf
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        A secretary or manager named here may approve and send an author’s letters for them, signed “on behalf of” the author. The
        approval’s audit trail names the delegation.
      </p>
      <div className="mt-3 flex flex-col gap-4">
        {q.error ? (
          <Alert>{q.error instanceof HttpError ? q.error.message : 'Error fetching your request'}</Alert>
        ) : q.data ? (
          <>
            <DelegationList trustId={trustId} delegations={q.data.delegations} />
            <AddDelegation trustId={trustId} data={q.data} />
          </>
        ) : (
          <p className="text-sm">Loading…</p>
        )}
      </div>
    </section>
  );
}

function DelegationList({ trustId, delegations }: { trustId: number; delegations: Delegation[] }) {
  const revoke = useRevokeDelegation(trustId);
  const [asking, setAsking] = useState<Delegation | null>(null);
  const form = useSubmit();
  if (!delegations.length) return <p className="text-sm text-slate-600 dark:text-slate-300">{PAGE_MESSAGES.delegationsEmpty}</p>;
  return (
    <>
      {form.error && <Alert>{form.error}</Alert>}
      <ul aria-label="Standing delegations" className="divide-y divide-slate-200 dark:divide-slate-800">
        {delegations.map((d) => (
          <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <div>
              <p className="font-medium">{d.text}</p>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                Set by {d.set_by.full_name} on {formatDate(d.set_at)}
              </p>
            </div>
            <Button tone="secondary" isDisabled={form.busy} onPress={() => setAsking(d)} aria-label={`Revoke: ${d.text}`}>
              Revoke
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={asking !== null}
        title={asking ? `Revoke “${asking.text}”?` : ''}
        body="From now on only the author approves their letters, unless they hand one back with secretarial cover."
        confirmLabel="Revoke"
        destructive
        onCancel={() => {
          setAsking(null);
          toast.info(MESSAGES.cancelledTitle, { description: MESSAGES.cancelledBody });
        }}
        onConfirm={() => {
          const chosen = asking;
          setAsking(null);
          if (chosen)
            void form.run(async () => {
              await revoke(chosen.id);
              toast.success(PAGE_MESSAGES.delegationRevoked(chosen.text));
            });
        }}
      />
    </>
  );
}

function AddDelegation({ trustId, data }: { trustId: number; data: Delegations }) {
  const add = useAddDelegation(trustId);
  const [delegate, setDelegate] = useState('');
  const [author, setAuthor] = useState('');
  const form = useSubmit();

  async function submit() {
    const input = { delegate_id: Number(delegate), author_id: Number(author) };
    await form.runChecked(delegationInputSchema, input, async () => {
      const made = await add(input);
      setDelegate('');
      setAuthor('');
      toast.success(PAGE_MESSAGES.delegationAdded(made.text));
    });
  }

  const field = (
    name: 'delegate_id' | 'author_id',
    label: string,
    value: string,
    set: (v: string) => void,
    people: Delegations['authors'],
  ) => {
    const error = form.fields[name]?.[0];
    return (
      <label className="flex flex-1 flex-col gap-1 text-sm font-medium">
        {label}
        <select
          name={name}
          value={value}
          onChange={(e) => set(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${name}-error` : undefined}
          className={SELECT}
        >
          <option value="">Choose…</option>
          {people.map((p) => (
            <option key={p.id} value={p.id}>
              {p.full_name}
            </option>
          ))}
        </select>
        {error && (
          <span id={`${name}-error`} className="font-normal text-red-700 dark:text-red-400">
            {error}
          </span>
        )}
      </label>
    );
  };

  return (
    <form
      aria-label="Add a standing delegation"
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {form.error && <Alert>{form.error}</Alert>}
      <div className="flex flex-col gap-3 sm:flex-row">
        {field('delegate_id', 'Secretary or manager', delegate, setDelegate, data.delegates)}
        {field('author_id', 'May approve for (author)', author, setAuthor, data.authors)}
      </div>
      <Button type="submit" className="self-start" isDisabled={form.busy}>
        {form.busy ? 'Saving…' : 'Add delegation'}
      </Button>
    </form>
  );
}
