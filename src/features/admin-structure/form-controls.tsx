import type { ReactNode } from 'react';
import { ERROR_TEXT } from './styles';

/** What an input needs to be tied to its label, hint and error. */
export interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * A label, its input (given as a function of the ids to tie it with), a hint, and the field's error in red
 * under it, in place of the hint (issue 23: a rule broken is said once).
 */
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

/** A group's own error (a list too long, a rule between its parts), said once under its legend. */
export function GroupError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className={ERROR_TEXT}>
      {error}
    </p>
  ) : null;
}

export function Checkbox({
  label,
  checked,
  onChange,
  describedBy,
  invalid = false,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  describedBy?: string;
  invalid?: boolean;
}) {
  return (
    <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
      <input
        type="checkbox"
        className="size-5"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
      />
      {label}
    </label>
  );
}
