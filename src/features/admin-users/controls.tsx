import type { ReactNode } from 'react';

import { ERROR_TEXT } from '../../components/ui/form-field';

export { CARD, EMPTY, ERROR_TEXT, Field, HINT, INPUT, type ControlProps } from '../../components/ui/form-field';
export const LINK = 'text-brand-700 underline dark:text-emerald-300';

/**
 * A group of checkboxes with its legend, its hint and its one error under it. Each choice may be refused
 * (`reason`): shown disabled, the reason said beside it.
 */
export function CheckGroup<T extends string | number>({
  name,
  legend,
  hint,
  error,
  choices,
  chosen,
  onChange,
  columns = 'sm:grid-cols-2',
}: {
  name: string;
  legend: string;
  hint?: ReactNode;
  error?: string;
  choices: { value: T; label: ReactNode; detail?: ReactNode; reason?: string | null }[];
  chosen: readonly T[];
  onChange: (value: T, on: boolean) => void;
  columns?: string;
}) {
  const errorId = `${name}-error`;
  const hintId = `${name}-hint`;
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={error ? errorId : hint ? hintId : undefined}>
      <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">{legend}</legend>
      {hint && !error && (
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      <div className={`grid gap-x-5 ${columns}`}>
        {choices.map((c) => {
          const reasonId = c.reason ? `${name}-${c.value}-reason` : undefined;
          return (
            <label
              key={c.value}
              className={`flex min-h-11 items-start gap-2 py-1 text-sm ${c.reason ? 'text-slate-600 dark:text-slate-400' : ''}`}
            >
              <input
                type="checkbox"
                name={name}
                className="mt-0.5 size-5 shrink-0"
                checked={chosen.includes(c.value)}
                disabled={!!c.reason}
                aria-invalid={error ? true : undefined}
                aria-describedby={reasonId}
                onChange={(e) => onChange(c.value, e.target.checked)}
              />
              <span>
                <span className="font-medium">{c.label}</span>
                {c.detail && <span className="block text-slate-600 dark:text-slate-400">{c.detail}</span>}
                {c.reason && (
                  <span id={reasonId} className="block text-xs text-slate-600 dark:text-slate-400">
                    {c.reason}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id={errorId} className={ERROR_TEXT}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

const BADGE = 'rounded px-1.5 py-0.5 text-xs font-medium';

/** The account's state as the list and the edit page show it: "Invited", "Locked", "Deactivated". */
export function StateBadges({
  active,
  locked,
  invitation,
}: {
  active?: boolean;
  locked?: boolean;
  invitation?: 'pending' | 'expired' | null;
}) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      {active === false && (
        <span className={`${BADGE} bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100`}>Deactivated</span>
      )}
      {invitation && (
        <span className={`${BADGE} bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100`}>
          {invitation === 'expired' ? 'Invited (link expired)' : 'Invited'}
        </span>
      )}
      {locked && <span className={`${BADGE} bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100`}>Locked</span>}
      {active !== false && !invitation && !locked && <span className="text-xs text-slate-600 dark:text-slate-300">Active</span>}
    </span>
  );
}
