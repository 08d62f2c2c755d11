/** The trusts pages' form pieces and classes: a label, its input, a hint, and the field's error under it. */
import type { ReactNode } from 'react';

export { EMPTY, Field, HINT, INPUT, StatusBadge, type ControlProps } from '../../components/ui/form-field';
/** A trust page's card: the administration's, with more room on a wider screen. */
export const CARD = 'rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5 dark:bg-slate-900 dark:ring-slate-800';

export function Checkbox({
  label,
  checked,
  onChange,
  hint,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (c: boolean) => void;
  hint?: string;
}) {
  return (
    <label className="flex min-h-11 items-start gap-2 py-2 text-sm font-medium">
      <input type="checkbox" className="mt-0.5 size-5 shrink-0" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>
        {label}
        {hint && <span className="block text-xs font-normal text-slate-600 dark:text-slate-400">{hint}</span>}
      </span>
    </label>
  );
}

/** The first error of a field (forms keep the server's and the schema's errors by dotted path). */
export const first = (fields: Record<string, string[]>, name: string): string | undefined => fields[name]?.[0];

/** '' → null, "12" → 12, anything else as typed (the schema then says what is wrong in words). */
export const numberOrNull = (s: string): number | null =>
  s.trim() === '' ? null : /^\d+$/.test(s.trim()) ? Number(s.trim()) : (s as unknown as number);
