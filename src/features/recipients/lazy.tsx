import { lazy, Suspense } from 'react';
import type { Dictation } from '../../domain/contract';

/** The recipients editor loads with the first Recipients tab shown, never with the dictation page. */
const RecipientsTabLazy = lazy(() => import('./recipients-tab').then((m) => ({ default: m.RecipientsTab })));

export const RecipientsSlot = ({ d }: { d: Dictation }) => (
  <Suspense fallback={<p className="py-4 text-sm text-slate-600 dark:text-slate-400">Loading…</p>}>
    <RecipientsTabLazy d={d} />
  </Suspense>
);
