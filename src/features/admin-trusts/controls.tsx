/** The trusts pages' form pieces and classes: a label, its input, a hint, and the field's error under it. */
import type { ReactNode } from 'react';

export const INPUT =
  'min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';
export const CARD = 'rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5 dark:bg-slate-900 dark:ring-slate-800';
export const EMPTY = 'rounded-lg border border-dashed border-slate-300 p-6 text-slate-600 dark:border-slate-700 dark:text-slate-300';
export const HINT = 'text-sm text-slate-600 dark:text-slate-300';
const ERROR_TEXT = 'text-sm text-red-700 dark:text-red-400';

export interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export function Field({
  id,
  label,
  error,
  hint,
  className = '',
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: (props: ControlProps) => ReactNode;
}) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      {children({ id, ...(error ? { 'aria-invalid': true } : {}), ...(describedBy ? { 'aria-describedby': describedBy } : {}) })}
      {error ? (
        <span id={`${id}-error`} className={ERROR_TEXT}>
          {error}
        </span>
      ) : (
        hint && (
          <span id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
            {hint}
          </span>
        )
      )}
    </div>
  );
}

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

export function StatusBadge({ active }: { active: boolean }) {
  return active ? (
    <span className="rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-medium text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
      Active
    </span>
  ) : (
    <span className="rounded bg-slate-200 px-1.5 py-0.5 text-xs font-medium text-slate-800 dark:bg-slate-700 dark:text-slate-100">
      Inactive
    </span>
  );
}

/** The first error of a field (forms keep the server's and the schema's errors by dotted path). */
export const first = (fields: Record<string, string[]>, name: string): string | undefined => fields[name]?.[0];

/** '' → null, "12" → 12, anything else as typed (the schema then says what is wrong in words). */
export const numberOrNull = (s: string): number | null =>
  s.trim() === '' ? null : /^\d+$/.test(s.trim()) ? Number(s.trim()) : (s as unknown as number);
