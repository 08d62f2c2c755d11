import { useState, type ReactNode } from 'react';
import { UserSearch } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { PatientFinder } from '../../patient-lookup';
import type { DictationOptions } from '../../../domain/contract';
import type { DetailsValue } from '../details';

interface Props {
  value: DetailsValue;
  onChange: (v: DetailsValue) => void;
  options: DictationOptions | undefined;
  errors: Record<string, string>;
  canMarkConfidential: boolean;
  showAuthor: boolean;
}

const PATIENT_FIELDS: {
  key: 'patient_first_name' | 'patient_last_name' | 'patient_birthdate' | 'patient_nhs_id' | 'patient_mrn_id';
  label: string;
  hint?: string;
  numeric?: boolean;
  date?: boolean;
}[] = [
  { key: 'patient_first_name', label: 'Patient first name' },
  { key: 'patient_last_name', label: 'Patient last name' },
  { key: 'patient_birthdate', label: 'Date of birth', date: true },
  { key: 'patient_nhs_id', label: 'NHS number', hint: '10 digits, e.g. 943 476 5919', numeric: true },
  { key: 'patient_mrn_id', label: 'Hospital number (MRN)' },
];

const GROUP = 'grid gap-4 sm:grid-cols-2';
const LEGEND = 'text-base font-semibold text-slate-800 dark:text-slate-100';

const INPUT = 'min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base dark:border-slate-600 dark:bg-slate-900';

function Field({ id, label, error, children, hint }: { id: string; label: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      {children}
      {hint && !error && <p className="text-xs text-slate-600 dark:text-slate-400">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Two groups (issue 23): the letter's own fields (author, service, job type and its fields, urgency,
 * confidentiality) and the patient's, so no job field shares a row with a patient field.
 */
export function DetailsForm({ value, onChange, options, errors, canMarkConfidential, showAuthor }: Props) {
  const set = (patch: Partial<DetailsValue>) => onChange({ ...value, ...patch });
  const setPatient = (key: keyof DetailsValue['patient'], v: string) => set({ patient: { ...value.patient, [key]: v || undefined } });
  const jobType = options?.job_types.find((j) => j.id === value.job_type_id);
  const customValue = (id: string) => value.custom_fields.find((c) => c.id === id)?.value ?? '';
  const setCustom = (id: string, v: string) =>
    set({ custom_fields: [...value.custom_fields.filter((c) => c.id !== id), { id, value: v }] });
  const [finding, setFinding] = useState(false);
  const invalid = (key: string) => (errors[key] ? { 'aria-invalid': true, 'aria-describedby': `${key}-error` } : {});

  return (
    <div className="flex flex-col gap-5">
      <fieldset className={GROUP}>
        <legend className={`${LEGEND} mb-2`}>Letter</legend>
        {showAuthor && (
          <Field id="author_id" label="Author" error={errors.author_id}>
            <select
              id="author_id"
              className={INPUT}
              value={value.author_id ?? ''}
              onChange={(e) => set({ author_id: Number(e.target.value) || undefined })}
              {...invalid('author_id')}
            >
              <option value="">Choose the author…</option>
              {options?.authors.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.full_name}
                </option>
              ))}
            </select>
          </Field>
        )}
        <Field id="department_id" label="Service (required)" error={errors.department_id}>
          <select
            id="department_id"
            className={INPUT}
            value={value.department_id ?? ''}
            onChange={(e) => set({ department_id: Number(e.target.value) || undefined })}
            {...invalid('department_id')}
          >
            <option value="">Choose a service…</option>
            {options?.departments.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name} ({d.code})
              </option>
            ))}
          </select>
        </Field>
        <Field id="job_type_id" label="Job type" error={errors.job_type_id}>
          <select
            id="job_type_id"
            className={INPUT}
            value={value.job_type_id ?? ''}
            onChange={(e) => set({ job_type_id: Number(e.target.value) || undefined, custom_fields: [] })}
          >
            <option value="">Choose a job type…</option>
            {options?.job_types.map((j) => (
              <option key={j.id} value={j.id}>
                {j.name}
              </option>
            ))}
          </select>
        </Field>
        {jobType?.custom_fields.map((f) => {
          const id = `custom-${f.id}`;
          const common = { id, value: customValue(f.id), ...invalid(id) };
          return (
            <Field key={f.id} id={id} label={f.required ? `${f.label} (required)` : f.label} error={errors[id]}>
              {f.kind === 'choice' ? (
                <select {...common} className={INPUT} onChange={(e) => setCustom(f.id, e.target.value)}>
                  <option value="">Choose…</option>
                  {(f.options ?? []).map((o) => (
                    <option key={o} value={o}>
                      {o}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  {...common}
                  className={INPUT}
                  type={f.kind === 'date' ? 'date' : 'text'}
                  inputMode={f.kind === 'number' ? 'decimal' : undefined}
                  onChange={(e) => setCustom(f.id, e.target.value)}
                />
              )}
            </Field>
          );
        })}
        <div className="flex flex-wrap items-center gap-x-6 sm:col-span-2">
          <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              className="size-5"
              checked={value.urgent === 'HIGH'}
              onChange={(e) => set({ urgent: e.target.checked ? 'HIGH' : 'STANDARD' })}
            />
            Urgent
          </label>
          {canMarkConfidential && (
            <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
              <input
                type="checkbox"
                className="size-5"
                checked={value.is_confidential}
                onChange={(e) => set({ is_confidential: e.target.checked })}
              />
              Confidential
            </label>
          )}
        </div>
      </fieldset>
      <fieldset className={GROUP}>
        <legend className={`${LEGEND} mb-2`}>Patient</legend>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 sm:col-span-2">
          <Button tone="secondary" onPress={() => setFinding(true)} data-testid="find-patient">
            <UserSearch aria-hidden className="size-4" />
            Find patient
          </Button>
          <p className="text-sm text-slate-600 dark:text-slate-400">From the patient index, or type the details below.</p>
        </div>
        {PATIENT_FIELDS.map(({ key, label, hint, numeric, date }) => {
          const id = `patient.${key}`;
          return (
            <Field key={key} id={id} label={label} error={errors[id]} hint={hint}>
              <input
                id={id}
                className={INPUT}
                autoComplete="off"
                type={date ? 'date' : 'text'}
                inputMode={numeric ? 'numeric' : undefined}
                value={value.patient[key] ?? ''}
                onChange={(e) => setPatient(key, e.target.value)}
                {...invalid(id)}
              />
            </Field>
          );
        })}
      </fieldset>
      <PatientFinder
        open={finding}
        onOpenChange={setFinding}
        nhsNumber={value.patient.patient_nhs_id}
        // The index's patient replaces what was typed: name, date of birth and numbers stay one person's.
        onPick={(fields) => set({ patient: { ...fields } })}
      />
    </div>
  );
}
