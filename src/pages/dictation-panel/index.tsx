/**
 * The detail side panel (spec §2), loaded on first use: `<DictationPanel dictationId onClose />`.
 * The work queue opens it for a row the user may not open (spec §4); global search and
 * notifications reuse it.
 */
import { lazy, Suspense } from 'react';
import type { DictationPanelProps } from './dictation-panel';

const Panel = lazy(() => import('./dictation-panel').then((m) => ({ default: m.DictationPanel })));

export function DictationPanel(props: DictationPanelProps) {
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  );
}

export type { DictationPanelProps };
