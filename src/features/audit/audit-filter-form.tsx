import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { auditFilterSchema } from '../../domain/contract';
import { auditActionLabel } from '../../domain/messages-admin-audit';
import { PAGE_MESSAGES } from '../../domain/messages';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useSubmit } from '../../lib/use-submit';
import { fetchFirstPage, useAuditActions, useAuditPeople, type AuditSearch } from './audit-api';

const FIELD =
  'min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

type Field = 'user_id' | 'reference' | 'action' | 'from' | 'to';
const EMPTY: Record<Field, string> = { user_id: '', reference: '', action: '', from: '', to: '' };

/**
 * The viewer's filter (the one form pattern: useSubmit with the contract's own schema). Applying it first
 * fetches the filter's first page, so the server's refusal (a reference of no dictation within reach)
 * shows under its field, and only then shows the filter's entries. A filter holds no work of the user's,
 * so leaving with one half typed asks nothing.
 */
export function AuditFilterForm({
  search,
  siteId,
  onApply,
}: {
  search: AuditSearch;
  /** A SiteAdmin's site: the people offered are its own. */
  siteId: number | undefined;
  onApply: (search: AuditSearch) => void;
}) {
  const queries = useQueryClient();
  const form = useSubmit();
  const [value, setValue] = useState<Record<Field, string>>({ ...EMPTY, ...pick(search) });
  const actions = useAuditActions(search.trust_id);
  const people = useAuditPeople(siteId);
  const ref = useRef<HTMLFormElement>(null);

  // The address changed (back, a row's reference): the fields follow.
  useEffect(() => setValue({ ...EMPTY, ...pick(search) }), [search]);
  // Focus goes to the first field to fix.
  useEffect(() => {
    if (Object.keys(form.fields).length) ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form.fields]);

  const set = (name: Field) => (e: { target: { value: string } }) => setValue((v) => ({ ...v, [name]: e.target.value }));
  const listed = people.data?.pages.flatMap((p) => p.data) ?? [];
  const chosenMissing = value.user_id && !listed.some((p) => String(p.id) === value.user_id);
  const actionList = actions.data ?? [];

  async function apply(next: Record<Field, string>) {
    const wanted: AuditSearch = clean({ trust_id: search.trust_id, ...next });
    await form.runChecked(auditFilterSchema, wanted, async () => {
      await fetchFirstPage(queries, wanted);
      onApply(wanted);
    });
  }

  const error = (name: Field) => form.fields[name]?.[0];
  const described = (name: Field) => (error(name) ? { 'aria-invalid': true as const, 'aria-describedby': `audit-${name}-error` } : {});
  /** A field: its label tied to the control by id (not wrapped: a select's options are not its name), its error under it. */
  const label = (name: Field, text: string, control: ReactNode) => (
    // On a phone the two dates share a row; everything else takes the width.
    <div
      className={`flex min-w-0 flex-col gap-1 text-sm font-medium ${name === 'from' || name === 'to' ? '' : 'col-span-2 sm:col-span-1'}`}
    >
      <label htmlFor={`audit-${name}`}>{text}</label>
      {control}
      {error(name) && (
        <span id={`audit-${name}-error`} className="font-normal text-red-700 dark:text-red-400">
          {error(name)}
        </span>
      )}
    </div>
  );

  return (
    <form
      ref={ref}
      aria-label="Filter the audit log"
      className="mb-4 flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void apply(value);
      }}
    >
      {form.error && <Alert>{form.error}</Alert>}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        {label(
          'user_id',
          'User',
          <select
            id="audit-user_id"
            name="user_id"
            value={value.user_id}
            onChange={set('user_id')}
            className={FIELD}
            {...described('user_id')}
          >
            <option value="">Anyone</option>
            {chosenMissing && <option value={value.user_id}>User {value.user_id}</option>}
            {listed.map((p) => (
              <option key={p.id} value={p.id}>
                {p.full_name}
              </option>
            ))}
          </select>,
        )}
        {label(
          'reference',
          'Dictation reference',
          <input
            id="audit-reference"
            name="reference"
            value={value.reference}
            onChange={set('reference')}
            inputMode="numeric"
            autoComplete="off"
            placeholder="e.g. 260314091502001"
            className={FIELD}
            {...described('reference')}
          />,
        )}
        {label(
          'action',
          'Action',
          <select id="audit-action" name="action" value={value.action} onChange={set('action')} className={FIELD} {...described('action')}>
            <option value="">Any action</option>
            {value.action && !actionList.includes(value.action) && <option value={value.action}>{auditActionLabel(value.action)}</option>}
            {actionList.map((a) => (
              <option key={a} value={a}>
                {auditActionLabel(a)}
              </option>
            ))}
          </select>,
        )}
        {label(
          'from',
          'From',
          <input
            type="date"
            id="audit-from"
            name="from"
            value={value.from}
            onChange={set('from')}
            className={FIELD}
            {...described('from')}
          />,
        )}
        {label(
          'to',
          'To',
          <input
            type="date"
            id="audit-to"
            name="to"
            value={value.to}
            onChange={set('to')}
            className={`${FIELD} !px-2`}
            {...described('to')}
          />,
        )}
        <div className="col-span-2 flex flex-wrap items-end gap-2 sm:col-span-1">
          <Button type="submit" isDisabled={form.busy}>
            {form.busy ? 'Filtering…' : 'Apply filters'}
          </Button>
          <Button
            tone="secondary"
            isDisabled={form.busy}
            onPress={() => {
              setValue(EMPTY);
              void apply(EMPTY);
            }}
          >
            Clear
          </Button>
        </div>
      </div>
      {people.hasNextPage && (
        <button
          type="button"
          className="self-start text-sm text-brand-700 underline underline-offset-2 dark:text-emerald-300"
          onClick={() => void people.fetchNextPage()}
          disabled={people.isFetchingNextPage}
        >
          {people.isFetchingNextPage ? 'Loading more people…' : PAGE_MESSAGES.auditMorePeople}
        </button>
      )}
    </form>
  );
}

function pick(search: AuditSearch): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  for (const k of Object.keys(EMPTY) as Field[]) if (search[k]) out[k] = search[k];
  return out;
}

function clean(o: AuditSearch): AuditSearch {
  const out: AuditSearch = {};
  for (const [k, v] of Object.entries(o) as [keyof AuditSearch, string | undefined][]) if (v?.trim()) out[k] = v.trim();
  return out;
}
