import { useState } from 'react';
import { Plus } from 'lucide-react';
import { FIELD_KIND_LABELS, JOB_TYPE_FIELD_KINDS, MAX_JOB_TYPE_FIELDS, type JobTypeFieldKind } from '../../domain/contract';
import { PAGE_MESSAGES } from '../../domain/messages';
import { Button } from '../../components/ui/button';
import { Checkbox, Field, GroupError } from './form-controls';
import { emptyField, type FieldDraft } from './form-state';
import { OrderButtons } from './order-buttons';
import { CARD, HINT, INPUT } from './styles';

/**
 * A job type's custom fields (issue 25): what the author or typist fills in for this kind of letter (the
 * `/` shortcut on the dictation page). Add, reorder, remove; each has a label, a kind, whether it is
 * required, and for a choice its options. `errors` are by full path ("custom_fields.0.label").
 */
export function CustomFieldsEditor({
  fields,
  onChange,
  errors,
}: {
  fields: FieldDraft[];
  onChange: (fields: FieldDraft[]) => void;
  errors: Record<string, string[]>;
}) {
  const set = (i: number, patch: Partial<FieldDraft>) => onChange(fields.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  const err = (i: number, part: string) => errors[`custom_fields.${i}.${part}`]?.[0];
  // A field just added takes the focus on its label, ready to type.
  const [added, setAdded] = useState<string | null>(null);
  function add() {
    const field = emptyField();
    setAdded(field.key);
    onChange([...fields, field]);
  }

  return (
    <fieldset className={CARD}>
      <legend className="px-1 text-lg font-semibold">Custom fields</legend>
      <p className={HINT}>Filled in on the dictation’s details (press / on the dictation page to jump to them).</p>
      <GroupError id="custom_fields-error" error={errors.custom_fields?.[0]} />
      {fields.length === 0 && <p className={`mt-3 ${HINT}`}>{PAGE_MESSAGES.jobTypeNoFields}</p>}
      <ol className="mt-3 flex flex-col gap-3" aria-label="Custom fields">
        {fields.map((f, i) => {
          const name = f.label.trim() || `field ${i + 1}`;
          return (
            <li key={f.key} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
              <div className="grid gap-3 sm:grid-cols-[1fr_14rem]">
                <Field id={`cf-${f.key}-label`} label={`Field ${i + 1}: label`} error={err(i, 'label')}>
                  {(p) => (
                    <input
                      {...p}
                      autoFocus={f.key === added}
                      className={INPUT}
                      value={f.label}
                      onChange={(e) => set(i, { label: e.target.value })}
                    />
                  )}
                </Field>
                <Field id={`cf-${f.key}-kind`} label="Kind" error={err(i, 'kind')}>
                  {(p) => (
                    <select {...p} className={INPUT} value={f.kind} onChange={(e) => set(i, { kind: e.target.value as JobTypeFieldKind })}>
                      {JOB_TYPE_FIELD_KINDS.map((k) => (
                        <option key={k} value={k}>
                          {FIELD_KIND_LABELS[k]}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
              </div>
              {f.kind === 'choice' && (
                <Field
                  id={`cf-${f.key}-options`}
                  label="Options"
                  hint="One per line, in the order offered."
                  error={err(i, 'options')}
                  className="mt-3"
                >
                  {(p) => (
                    <textarea
                      {...p}
                      rows={3}
                      className={`${INPUT} py-2`}
                      value={f.options}
                      onChange={(e) => set(i, { options: e.target.value })}
                    />
                  )}
                </Field>
              )}
              <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
                <Checkbox label="Required" checked={f.required} onChange={(required) => set(i, { required })} />
                <div className="flex gap-1">
                  <OrderButtons items={fields} index={i} name={name} onChange={onChange} />
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      <Button tone="secondary" className="mt-3" isDisabled={fields.length >= MAX_JOB_TYPE_FIELDS} onPress={add}>
        <Plus aria-hidden className="size-4" /> Add field
      </Button>
    </fieldset>
  );
}
