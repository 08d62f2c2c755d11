/** The structure pages' shared classes (the app's inputs and cards). */
export const INPUT =
  'min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';
export const CARD = 'rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800';
export const EMPTY = 'rounded-lg border border-dashed border-slate-300 p-6 text-slate-600 dark:border-slate-700 dark:text-slate-300';
export const ERROR_TEXT = 'text-sm text-red-700 dark:text-red-400';
export const HINT = 'text-sm text-slate-600 dark:text-slate-300';

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
