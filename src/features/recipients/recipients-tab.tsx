import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { recipientListsSchema, type Dictation, type RecipientsAnswer } from '../../domain/contract';
import { PAGE_MESSAGES } from '../../domain/messages';
import { RECIPIENT_TYPE_LABELS, blankEntry, dedupeEntries, type RecipientEntry, type RecipientLists } from '../../domain/recipient-entries';
import { RECIPIENT_TYPES, recipientKey, type RecipientType } from '../../domain/recipients';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { HttpError } from '../../lib/api/errors';
import { useOnline } from '../../lib/use-online';
import { setRecipientsDraft, useRecipientsDraft } from './draft-store';
import { RecipientCard, RecipientSummary } from './recipient-card';
import { saveRecipients, useRecipients } from './api/recipients';

type ListName = 'to' | 'cc';
const TITLES: Record<ListName, string> = { to: 'Send to', cc: 'Copy to' };

/** The schema's complaints by entry ("to.0") and for the whole form (""), in its words. */
function problemsOf(lists: RecipientLists): Record<string, string[]> | null {
  const parsed = recipientListsSchema.safeParse(lists);
  if (parsed.success) return null;
  const out: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.length >= 2 ? `${String(issue.path[0])}.${String(issue.path[1])}` : '';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/** The Recipients side tab: the send-to and copy-to lists, editable by whoever may edit the letter until it is approved. */
export function RecipientsTab({ d }: { d: Dictation }) {
  const query = useRecipients(d.id);
  const online = useOnline();
  if (query.isPending && online) return <p className="py-4 text-sm text-slate-600 dark:text-slate-400">Loading…</p>;
  if (!query.data) {
    const offline = !online || (query.error instanceof HttpError && query.error.isNetwork);
    return (
      <Alert tone={offline ? 'info' : 'error'}>
        {offline ? PAGE_MESSAGES.recipientsOffline : (query.error?.message ?? 'Error fetching your request')}
      </Alert>
    );
  }
  return <Editor d={d} data={query.data} />;
}

function Editor({ d, data }: { d: Dictation; data: RecipientsAnswer }) {
  const client = useQueryClient();
  const draft = useRecipientsDraft(d.id);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const lists: RecipientLists = draft ?? { to: data.to, cc: data.cc };
  const opts = { meshConfigured: data.mesh.configured, meshReason: data.mesh.reason };
  const suggested = data.suggestions.find((s) => s.recipient.type === 'patient')?.recipient;
  const patientId = (suggested?.type === 'patient' ? suggested.id : null) ?? d.patient.patient_nhs_id ?? '';

  if (!data.editable)
    return (
      <div className="space-y-3">
        {(['to', 'cc'] as const).map((list) => (
          <section key={list} aria-label={TITLES[list]} className="space-y-2">
            <h3 className="text-sm font-semibold">{TITLES[list]}</h3>
            {lists[list].length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-300">Nobody.</p>
            ) : (
              <ul className="space-y-2">
                {lists[list].map((e) => (
                  <RecipientSummary key={recipientKey(e.recipient)} entry={e} opts={opts} />
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
    );

  const change = (next: RecipientLists) => setRecipientsDraft(d.id, next);
  const replace = (list: ListName, i: number, e: RecipientEntry) =>
    change({ ...lists, [list]: lists[list].map((x, j) => (j === i ? e : x)) });
  const remove = (list: ListName, i: number) => change({ ...lists, [list]: lists[list].filter((_, j) => j !== i) });
  const move = (list: ListName, i: number) => {
    const other: ListName = list === 'to' ? 'cc' : 'to';
    change({ ...lists, [list]: lists[list].filter((_, j) => j !== i), [other]: [...lists[other], lists[list][i]!] } as RecipientLists);
  };
  const present = new Set([...lists.to, ...lists.cc].map((e) => recipientKey(e.recipient)));
  const offers = data.suggestions.filter((s) => !present.has(recipientKey(s.recipient)));
  const add = (list: ListName, choice: string) => {
    const [kind, value] = choice.split(':') as [string, string];
    const e =
      kind === 'suggested'
        ? offers[Number(value)]
        : blankEntry(value as RecipientType, patientId, () => `orp-${crypto.randomUUID().slice(0, 8)}`);
    if (e) change({ ...lists, [list]: [...lists[list], e] });
  };

  async function save() {
    const problems = problemsOf(lists);
    setErrors(problems ?? {});
    if (problems) return;
    const { lists: kept, dropped } = dedupeEntries(recipientListsSchema.parse(lists) as RecipientLists);
    await saveRecipients(client, d, kept);
    setRecipientsDraft(d.id, null);
    toast.success(navigator.onLine ? PAGE_MESSAGES.recipientsSaved : PAGE_MESSAGES.recipientsSavedOffline);
    if (dropped) toast.info(PAGE_MESSAGES.recipientsRepeats(dropped));
  }

  return (
    <form
      className="space-y-4"
      aria-label="Recipients"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      {!data.saved && !draft && (
        <p className="text-sm text-slate-600 dark:text-slate-300">The job type’s recipients, from the patient index.</p>
      )}
      {(['to', 'cc'] as const).map((list) => (
        <section key={list} aria-label={TITLES[list]} className="space-y-2">
          <h3 className="text-sm font-semibold">{TITLES[list]}</h3>
          {lists[list].length === 0 && <p className="text-sm text-slate-600 dark:text-slate-300">Nobody.</p>}
          <ul className="space-y-2">
            {lists[list].map((e, i) => (
              <RecipientCard
                key={`${list}-${i}`}
                entry={e}
                opts={opts}
                errors={errors[`${list}.${i}`] ?? []}
                patientId={patientId}
                moveLabel={list === 'to' ? 'Make it a copy' : 'Send to them'}
                onChange={(x) => replace(list, i, x)}
                onRemove={() => remove(list, i)}
                onMove={() => move(list, i)}
              />
            ))}
          </ul>
          <label className="flex flex-col gap-1 text-sm">
            <span className="sr-only">Add a recipient to {TITLES[list]}</span>
            <select
              value=""
              onChange={(e) => add(list, e.target.value)}
              className="min-h-11 rounded-lg border border-slate-300 bg-white px-2 dark:border-slate-600 dark:bg-slate-800"
            >
              <option value="">Add to {TITLES[list]}…</option>
              {offers.map((s, i) => (
                <option key={recipientKey(s.recipient)} value={`suggested:${i}`}>
                  {RECIPIENT_TYPE_LABELS[s.recipient.type]}: {s.recipient.name}
                </option>
              ))}
              {RECIPIENT_TYPES.map((t) => (
                <option key={t} value={`new:${t}`}>
                  New: {RECIPIENT_TYPE_LABELS[t].toLowerCase()}
                </option>
              ))}
            </select>
          </label>
        </section>
      ))}
      {errors[''] && <Alert>{errors['']!.join(' ')}</Alert>}
      {draft && (
        <div className="flex flex-wrap gap-2">
          <Button type="submit">Save recipients</Button>
          <Button
            tone="secondary"
            onPress={() => {
              setRecipientsDraft(d.id, null);
              setErrors({});
            }}
          >
            Undo changes
          </Button>
        </div>
      )}
    </form>
  );
}
