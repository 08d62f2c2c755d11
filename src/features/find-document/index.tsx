/**
 * The find-document panel (spec §2), loaded on first use (Ctrl+K or the top-bar search), never with
 * the entry bundle or a page: `<FindDocument term me onClose />`.
 */
import { lazy, Suspense } from 'react';
import type { FindDocumentPanelProps } from './find-document-panel';

const Panel = lazy(() => import('./find-document-panel'));

export function FindDocument(props: FindDocumentPanelProps) {
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  );
}

export type { FindDocumentPanelProps };
