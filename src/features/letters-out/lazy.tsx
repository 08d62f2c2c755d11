import { lazy, Suspense } from 'react';
import type { Dictation } from '../../domain/contract';

/** Letters out loads with the first Delivery tab or print queue shown, never with the page that holds it. */
const DeliveryTabLazy = lazy(() => import('./panels').then((m) => ({ default: m.DeliveryTab })));
const LettersOutPanelLazy = lazy(() => import('./panels').then((m) => ({ default: m.LettersOutPanel })));

const loading = <p className="py-4 text-sm text-slate-600 dark:text-slate-400">Loading…</p>;

export const DeliverySlot = ({ d }: { d: Dictation }) => (
  <Suspense fallback={loading}>
    <DeliveryTabLazy d={d} />
  </Suspense>
);

export const LettersOutSlot = () => (
  <Suspense fallback={loading}>
    <LettersOutPanelLazy />
  </Suspense>
);

/** The statuses after approval, when a letter has deliveries to show. */
export const hasDeliveries = (d: Pick<Dictation, 'status'>) => d.status === 'MANUAL_DISTRIBUTION' || d.status === 'SENT';
