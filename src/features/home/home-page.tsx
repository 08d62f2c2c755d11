import { Link } from '@tanstack/react-router';
import { HOME_TABS, statusLabel, type HomeTab } from '../../domain/statuses';
import { Page } from '../../components/ui/page';

/** The Home page: a tab per status; the dictation lists behind them arrive with the worklist feature. */
export function HomePage({ tab }: { tab: HomeTab }) {
  return (
    <Page title="Dictations">
      <nav aria-label="Dictation status" className="-mx-1 flex gap-1 overflow-x-auto border-b border-slate-200 pb-px dark:border-slate-800">
        {HOME_TABS.map((t) => (
          <Link
            key={t}
            to="/{-$tab}"
            params={{ tab: t }}
            aria-current={t === tab ? 'page' : undefined}
            className={`shrink-0 rounded-t-lg px-3 py-2 text-sm font-medium whitespace-nowrap ${
              t === tab
                ? 'border-b-2 border-brand-600 text-brand-700 dark:border-emerald-400 dark:text-emerald-300'
                : 'text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100'
            }`}
          >
            {statusLabel(t)}
          </Link>
        ))}
      </nav>
      <p className="mt-6 rounded-lg border border-dashed border-slate-300 p-6 text-slate-600 dark:border-slate-700 dark:text-slate-300">
        The {statusLabel(tab)} list is not available yet.
      </p>
    </Page>
  );
}
