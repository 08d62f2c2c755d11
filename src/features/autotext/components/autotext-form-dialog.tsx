import { useRef, useState } from 'react';
import { FieldError, Form, Label, TextArea, TextField as AriaTextField } from 'react-aria-components';
import { AUTOTEXT_SCOPE_LABELS, type AutotextScope } from '../../../domain/autotext-access';
import { MERGE_FIELDS, MERGE_FIELD_LABELS } from '../../../domain/autotext-merge';
import { autotextInputSchema, type Autotext, type AutotextInput } from '../../../domain/contract';
import { useSubmit } from '../../../lib/use-submit';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { AppDialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { HttpError } from '../../../lib/api/errors';
import { fetchAutotext, useSaveAutotext } from '../api';

interface Props {
  /** The snippet being edited; null to create one. */
  editing: Autotext | null;
  scopes: readonly AutotextScope[];
  departments: readonly { id: number; name: string }[];
  onClose: () => void;
  onSaved: (saved: Autotext) => void;
}

const selectClass = 'min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-base dark:border-slate-600 dark:bg-slate-900';

/** Create or edit one snippet: the same form, checked by the shared schema before it is sent. */
export function AutotextFormDialog({ editing, scopes, departments, onClose, onSaved }: Props) {
  const [value, setValue] = useState<AutotextInput>(() => ({
    shortcut: editing?.shortcut ?? '',
    title: editing?.title ?? '',
    body: editing?.body ?? '',
    scope: editing?.scope ?? scopes[0] ?? 'user',
    department_id: editing?.department?.id ?? null,
  }));
  // The version this change is made on; after a conflict, the current one, so saving again replaces it knowingly.
  const [baseVersion, setBaseVersion] = useState(editing?.version ?? 1);
  const form = useSubmit();
  const saving = useSaveAutotext();
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const set = (patch: Partial<AutotextInput>) => setValue((v) => ({ ...v, ...patch }));
  // Someone may edit a snippet whose scope they could not create (their own, moved by an admin): keep it offered.
  const offered = scopes.includes(value.scope) ? scopes : [...scopes, value.scope];

  function insertField(field: string) {
    const el = bodyRef.current;
    const token = `{{${field}}}`;
    const at = el ? el.selectionStart : value.body.length;
    const end = el ? el.selectionEnd : at;
    set({ body: value.body.slice(0, at) + token + value.body.slice(end) });
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + token.length, at + token.length);
    });
  }

  async function submit() {
    const input = { ...value, department_id: value.scope === 'department' ? value.department_id : null };
    await form.runChecked(autotextInputSchema, input, async () => {
      try {
        onSaved((await saving.mutateAsync({ input, editing: editing ? { id: editing.id, baseVersion } : undefined })).data);
      } catch (err) {
        if (editing && err instanceof HttpError && err.is('autotext_conflict')) {
          const current = await fetchAutotext(editing.id).catch(() => null);
          if (current) setBaseVersion(current.data.version);
        }
        throw err;
      }
    });
  }

  return (
    <AppDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={editing ? `Edit autotext “${editing.shortcut}”` : 'New autotext'}
      size="lg"
    >
      <Form
        className="flex flex-col gap-4"
        validationErrors={form.fields}
        validationBehavior="aria"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {form.error && <Alert>{form.error}</Alert>}
        <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
          <TextField
            name="shortcut"
            label="Shortcut"
            description="Type it in a letter, then press Tab."
            value={value.shortcut}
            onChange={(shortcut) => set({ shortcut })}
            autoFocus
          />
          <TextField name="title" label="Title" value={value.title} onChange={(title) => set({ title })} />
        </div>
        <AriaTextField name="body" value={value.body} onChange={(body) => set({ body })} className="flex flex-col gap-1">
          <Label className="text-sm font-medium text-slate-700 dark:text-slate-200">Text</Label>
          <TextArea
            ref={bodyRef}
            rows={6}
            spellCheck
            lang="en-GB"
            className="rounded-lg border border-slate-300 bg-white px-3 py-2 font-[inherit] text-base data-[invalid]:border-red-600 dark:border-slate-600 dark:bg-slate-900"
          />
          <FieldError className="text-sm text-red-700 dark:text-red-400" />
        </AriaTextField>
        <div>
          <p id="merge-fields" className="text-sm font-medium text-slate-700 dark:text-slate-200">
            Merge fields (filled from the dictation; an empty one stays a placeholder to Tab to)
          </p>
          <div role="group" aria-labelledby="merge-fields" className="mt-2 flex flex-wrap gap-1.5">
            {MERGE_FIELDS.map((f) => (
              <button
                key={f}
                type="button"
                onClick={() => insertField(f)}
                className="rounded-md border border-amber-300 bg-amber-50 px-2 py-1 text-xs text-amber-900 hover:bg-amber-100 dark:border-amber-700 dark:bg-amber-900/30 dark:text-amber-100"
                aria-label={`Insert ${MERGE_FIELD_LABELS[f]}`}
              >
                {MERGE_FIELD_LABELS[f]}
              </button>
            ))}
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-700 dark:text-slate-200">
            Who can use it
            <select className={selectClass} value={value.scope} onChange={(e) => set({ scope: e.target.value as AutotextScope })}>
              {offered.map((s) => (
                <option key={s} value={s}>
                  {AUTOTEXT_SCOPE_LABELS[s]}
                </option>
              ))}
            </select>
          </label>
          {value.scope === 'department' && (
            <label className="flex flex-col gap-1 text-sm font-medium text-slate-700 dark:text-slate-200">
              Department
              <select
                className={selectClass}
                value={value.department_id ?? ''}
                aria-invalid={!!form.fields.department_id}
                aria-describedby={form.fields.department_id ? 'department-error' : undefined}
                onChange={(e) => set({ department_id: e.target.value ? Number(e.target.value) : null })}
              >
                <option value="">Choose…</option>
                {departments.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.name}
                  </option>
                ))}
              </select>
              {form.fields.department_id && (
                <span id="department-error" className="text-sm font-normal text-red-700 dark:text-red-400">
                  {form.fields.department_id[0]}
                </span>
              )}
            </label>
          )}
        </div>
        <div className="flex justify-end gap-3">
          <Button tone="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit" isDisabled={form.busy}>
            {form.busy ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </Form>
    </AppDialog>
  );
}
