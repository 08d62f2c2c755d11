import { Link } from '@tanstack/react-router';
import { statusLabel, type HomeTab } from '../../domain/statuses';
import { Page } from '../../components/ui/page';

/** The status tabs of the Home page; the dictation lists behind them arrive with the worklist feature. */
export const HOME_TAB_ORDER: readonly HomeTab[] = [
  'AUTHOR_APPROVAL',
  'DRAFT',
  'READY_FOR_TYPING',
  'BEING_TYPED',
  'OUTSOURCED',
  'OUTSOURCED_REVIEW',
  'QA_REVIEW',
  'MANUAL_DISTRIBUTION',
  'SENT',
];

export function HomePage({ tab }: { tab: HomeTab }) {
  return (
    <Page title="Dictations">
      <nav aria-label="Dictation status" className="-mx-1 flex gap-1 overflow-x-auto border-b border-slate-200 pb-px dark:border-slate-800">
        {HOME_TAB_ORDER.map((t) => (
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
