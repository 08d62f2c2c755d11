/**
 * A job type's own fields as the details form fills them (issue 25): each kind's value in words the form and
 * the server both check — a choice from its list, a date as a calendar date, a number as digits. Empty
 * counts as missing only for a required field.
 */
export type CustomFieldKind = 'text' | 'number' | 'date' | 'choice';

export interface CustomFieldDef {
  id: string;
  label: string;
  kind?: CustomFieldKind;
  required?: boolean;
  options?: string[];
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const NUMBER = /^-?\d+(\.\d+)?$/;

const isCalendarDate = (v: string) => {
  if (!ISO_DATE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

/** What is wrong with this field's value, in words; null when it is fine. */
export function customFieldProblem(field: CustomFieldDef, raw: string | undefined): string | null {
  const value = (raw ?? '').trim();
  if (!value) return field.required ? `Fill in ${field.label}.` : null;
  switch (field.kind ?? 'text') {
    case 'choice':
      return (field.options ?? []).includes(value) ? null : `Choose ${field.label} from the list.`;
    case 'date':
      return isCalendarDate(value) ? null : `Enter ${field.label} as a date.`;
    case 'number':
      return NUMBER.test(value) ? null : `Enter ${field.label} as a number.`;
    default:
      return null;
  }
}

/** Every field's problem, by field id (empty: all fine). */
export function customFieldProblems(
  fields: readonly CustomFieldDef[],
  values: readonly { id: string; value: string }[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) {
    const problem = customFieldProblem(f, values.find((v) => v.id === f.id)?.value);
    if (problem) out[f.id] = problem;
  }
  return out;
}
