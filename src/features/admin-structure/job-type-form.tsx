import { useEffect, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { jobTypeCreateSchema, RECIPIENT_LABELS, type Department, type JobType } from '../../domain/contract';
import { PAGE_MESSAGES } from '../../domain/messages';
import { useSubmit } from '../../lib/use-submit';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useCreateJobType, useUpdateJobType } from './api';
import { CustomFieldsEditor } from './custom-fields-editor';
import { Checkbox, Field, GroupError } from './form-controls';
import {
  blankJobType,
  byFullPath,
  changes,
  formFromJobType,
  inputFromForm,
  PARTIES,
  type JobTypeFormState,
  type Party,
  type QaMode,
} from './form-state';
import { LeaveGuard, useFocusFirstError } from '../../components/ui/leave-guard';
import { TemplateEditor } from './template-editor';
import { CARD, HINT, INPUT } from './styles';

const checked = byFullPath(jobTypeCreateSchema);
const keysOf = (s: JobTypeFormState) => `${s.fields.map((f) => f.key).join()}|${s.headings.map((h) => h.key).join()}`;

const QA_CHOICES: { mode: QaMode; label: string; hint: string }[] = [
  { mode: 'none', label: 'Trainees’ letters only', hint: 'A letter typed by a trainee typist always goes to QA review.' },
  { mode: 'sample', label: 'A sample of letters', hint: 'Besides trainees’ letters, this share of the others.' },
  { mode: 'all', label: 'Every letter', hint: 'Every letter of this type is checked before its author sees it.' },
];

/**
 * A job type's one form (issue 25), for a new one (`loaded` null) and for a change: name and department,
 * recipients and copies, custom fields, the letter template, and the workflow (QA, outsourcing, cover,
 * turnaround). Checked by the shared schema first; the server's refusals show under their fields.
 */
export function JobTypeForm({
  trustId,
  loaded,
  departments,
  onSaved,
  onCancel,
  extraActions,
}: {
  trustId: number;
  loaded: JobType | null;
  /** The trust's active departments. */
  departments: Department[];
  /** After the save; a navigation away from here is not held by the unsaved-changes warning. */
  onSaved: (saved: JobType) => void;
  onCancel: () => void;
  extraActions?: ReactNode;
}) {
  const [base, setBase] = useState(() => (loaded ? formFromJobType(loaded) : blankJobType()));
  const [state, setState] = useState(base);
  const [submittedKeys, setSubmittedKeys] = useState('');
  const form = useSubmit();
  const create = useCreateJobType();
  const update = useUpdateJobType();
  const ref = useRef<HTMLFormElement>(null);
  const saved = useRef(false);
  useFocusFirstError(ref, form.fields);
  const patch = changes(base, state);
  const dirty = Object.keys(patch).length > 0;
  // Once the saved state has rendered (nothing unsaved), a later change is guarded again.
  useEffect(() => {
    if (!dirty) saved.current = false;
  }, [dirty]);
  const set = (p: Partial<JobTypeFormState>) => setState((s) => ({ ...s, ...p }));
  // Errors of a row are shown while the rows are where they were when the form was checked.
  const errors =
    submittedKeys === keysOf(state)
      ? form.fields
      : Object.fromEntries(Object.entries(form.fields).filter(([k]) => !/^(custom_fields|template)\.\d/.test(k)));
  const err = (k: string) => errors[k]?.[0];
  // A job type keeps the inactive department it has; a new choice is among the active ones.
  const offered =
    loaded?.department && !departments.some((d) => d.id === loaded.department!.id)
      ? [...departments, { ...loaded.department, trust_id: trustId, job_types: 0 }]
      : departments;

  function toggle(list: 'recipient' | 'copy', party: Party, on: boolean) {
    const other = list === 'recipient' ? 'copy' : 'recipient';
    setState((s) => ({
      ...s,
      [list]: on ? [...s[list], party] : s[list].filter((p) => p !== party),
      // A party is either sent the letter or copied.
      ...(on ? { [other]: s[other].filter((p) => p !== party) } : {}),
    }));
  }

  async function submit() {
    setSubmittedKeys(keysOf(state));
    const whole = inputFromForm(state);
    await form.runChecked(checked, whole, async () => {
      const result = loaded
        ? await update.mutateAsync({ id: loaded.id, patch })
        : await create.mutateAsync({ trust_id: trustId, ...whole });
      const fresh = formFromJobType(result);
      setBase(fresh);
      setState(fresh);
      saved.current = true;
      toast.success(loaded ? PAGE_MESSAGES.jobTypeSaved(result.name) : PAGE_MESSAGES.jobTypeAdded(result.name));
      onSaved(result);
    });
  }

  const parties = (list: 'recipient' | 'copy', legend: string) => {
    const error = err(list);
    return (
      <fieldset className="flex flex-col">
        <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">{legend}</legend>
        <div className="flex flex-wrap gap-x-5">
          {PARTIES.map((p) => (
            <Checkbox
              key={p}
              label={RECIPIENT_LABELS[p]}
              checked={state[list].includes(p)}
              onChange={(on) => toggle(list, p, on)}
              invalid={!!error}
              describedBy={error ? `${list}-error` : undefined}
            />
          ))}
        </div>
        <GroupError id={`${list}-error`} error={error} />
      </fieldset>
    );
  };

  return (
    <form
      ref={ref}
      aria-label={loaded ? `Edit ${loaded.name}` : 'New job type'}
      noValidate
      className="flex max-w-3xl flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <LeaveGuard dirty={dirty && !form.busy} saved={saved} />
      {form.error && <Alert>{form.error}</Alert>}

      <fieldset className={`${CARD} grid gap-4 sm:grid-cols-2`}>
        <legend className="px-1 text-lg font-semibold">Job type</legend>
        <Field id="name" label="Name" error={err('name')} hint="As authors and typists see it: Clinic Letter.">
          {(p) => <input {...p} className={INPUT} value={state.name} onChange={(e) => set({ name: e.target.value })} />}
        </Field>
        <Field
          id="department_id"
          label="Department"
          error={err('department_id')}
          hint="Leave it at every department for a kind of letter they all write."
        >
          {(p) => (
            <select {...p} className={INPUT} value={state.departmentId} onChange={(e) => set({ departmentId: e.target.value })}>
              <option value="">{PAGE_MESSAGES.jobTypeEveryDepartment}</option>
              {offered.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name} ({d.code}){d.active ? '' : ' — inactive'}
                </option>
              ))}
            </select>
          )}
        </Field>
        {loaded && (
          <div className="sm:col-span-2">
            <Checkbox label="Active: offered for new dictations" checked={state.active} onChange={(active) => set({ active })} />
          </div>
        )}
      </fieldset>

      <fieldset className={`${CARD} flex flex-col gap-3`}>
        <legend className="px-1 text-lg font-semibold">Recipients</legend>
        <p className={HINT}>Who a letter of this type goes to, and who gets a copy, unless the typist changes them on the letter.</p>
        <div className="grid gap-3 sm:grid-cols-2">
          {parties('recipient', 'Sent to')}
          {parties('copy', 'Copied to')}
        </div>
      </fieldset>

      <CustomFieldsEditor fields={state.fields} onChange={(fields) => set({ fields })} errors={errors} />
      <TemplateEditor headings={state.headings} onChange={(headings) => set({ headings })} errors={errors} />

      <fieldset className={`${CARD} flex flex-col gap-3`}>
        <legend className="px-1 text-lg font-semibold">Workflow</legend>
        <fieldset>
          <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">Letters that go to QA review</legend>
          <div className="mt-1 flex flex-col gap-1">
            {QA_CHOICES.map((c) => (
              <label key={c.mode} className="flex min-h-11 items-start gap-2 text-sm">
                <input
                  type="radio"
                  name="qa_mode"
                  className="mt-0.5 size-5"
                  checked={state.qaMode === c.mode}
                  onChange={() => set({ qaMode: c.mode })}
                />
                <span>
                  <span className="font-medium">{c.label}</span>
                  <span className="block text-slate-600 dark:text-slate-400">{c.hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {state.qaMode === 'sample' && (
          <Field id="qa_percent" label="Share of letters sampled (%)" error={err('qa_percent')} className="sm:max-w-64">
            {(p) => (
              <input
                {...p}
                inputMode="numeric"
                className={INPUT}
                value={state.qaPercent}
                onChange={(e) => set({ qaPercent: e.target.value })}
              />
            )}
          </Field>
        )}
        <Field
          id="turnaround_days"
          label="Turnaround target (working days)"
          error={err('turnaround_days')}
          hint="Leave it empty to use the trust’s target."
          className="sm:max-w-64"
        >
          {(p) => (
            <input
              {...p}
              inputMode="numeric"
              className={INPUT}
              value={state.turnaroundDays}
              onChange={(e) => set({ turnaroundDays: e.target.value })}
            />
          )}
        </Field>
        <Checkbox
          label="May be sent to an outsourcing company for typing"
          checked={state.outsourcingAllowed}
          onChange={(outsourcingAllowed) => set({ outsourcingAllowed })}
        />
        <Checkbox
          label="A secretary or manager may approve under secretarial cover"
          checked={state.coverAllowed}
          onChange={(coverAllowed) => set({ coverAllowed })}
        />
      </fieldset>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" isDisabled={form.busy || (loaded !== null && !dirty)}>
          {form.busy ? 'Saving…' : loaded ? 'Save changes' : 'Add job type'}
        </Button>
        <Button tone="secondary" onPress={onCancel}>
          Cancel
        </Button>
        {extraActions}
      </div>
    </form>
  );
}
