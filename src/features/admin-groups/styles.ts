/** The groups page's shared classes (the app's inputs and cards, as the structure pages have them). */
export const INPUT =
  'min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';
export const EMPTY = 'rounded-lg border border-dashed border-slate-300 p-6 text-slate-600 dark:border-slate-700 dark:text-slate-300';
export const ERROR_TEXT = 'text-sm text-red-700 dark:text-red-400';
export const HINT = 'text-sm text-slate-600 dark:text-slate-300';
