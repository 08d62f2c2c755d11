/**
 * The administration forms' pieces (issue 25): the app's input, card and empty-state classes, and a field —
 * a label, its input (a function of the ids to tie it with), a hint, and the field's error in red in the
 * hint's place (issue 23: a rule broken is said once).
 */
import type { ReactNode } from 'react';

export const INPUT =
  'min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';
export const CARD = 'rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800';
export const EMPTY = 'rounded-lg border border-dashed border-slate-300 p-6 text-slate-600 dark:border-slate-700 dark:text-slate-300';
export const ERROR_TEXT = 'text-sm text-red-700 dark:text-red-400';
export const HINT = 'text-sm text-slate-600 dark:text-slate-300';

/** What an input needs to be tied to its label, hint and error. */
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

/** Active or inactive, as the administration lists show a department, a job type, a trust or a site. */
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
