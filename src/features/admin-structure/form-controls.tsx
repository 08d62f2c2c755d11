import type { ReactNode } from 'react';
import { ERROR_TEXT } from './styles';

export { Field, type ControlProps } from '../../components/ui/form-field';

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
