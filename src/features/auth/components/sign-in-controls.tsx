import { useId, useState, type ReactNode } from 'react';

/**
 * The sign-in form's field and button as plain HTML, styled as components/ui's TextField and Button:
 * the first page of every device loads no React Aria (DESIGN §7, issue 8). What React Aria gave this form
 * is kept: a label tied to its input, the browser's own check of required and e-mail fields shown under
 * the field (not as a bubble) with the first invalid field focused, the server's words about a field
 * under it until the user edits it, and both announced through aria-invalid and aria-describedby.
 */
export function SignInField({
  label,
  errors,
  onChange,
  ...input
}: {
  label: string;
  name: string;
  type: 'email' | 'password';
  autoComplete: string;
  inputMode?: 'email';
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
  /** The server's words about this field, from the form's last answer. */
  errors?: string[];
}) {
  const id = useId();
  const [checkMessage, setCheckMessage] = useState<string | null>(null);
  const [editedSince, setEditedSince] = useState<string[] | undefined>();
  const message = checkMessage ?? (errors?.length && errors !== editedSince ? errors.join(' ') : null);

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      <input
        {...input}
        id={id}
        required
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        data-invalid={message ? true : undefined}
        onChange={(e) => {
          setCheckMessage(null);
          setEditedSince(errors);
          onChange(e.target.value);
        }}
        onInvalid={(e) => {
          e.preventDefault();
          const field = e.currentTarget;
          setCheckMessage(field.validationMessage);
          const first = Array.from(field.form?.elements ?? []).find((el) => el instanceof HTMLInputElement && !el.validity.valid);
          if (first === field) field.focus();
        }}
        className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 data-[invalid]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
      />
      {message && (
        <span id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
          {message}
        </span>
      )}
    </div>
  );
}

export function SignInButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      disabled={busy}
      className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white transition hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60 dark:bg-emerald-600 dark:hover:bg-emerald-700"
    >
      {children}
    </button>
  );
}
