/**
 * The find-document panel (spec §2), loaded on first use (Ctrl+K or the top-bar search), never with
 * the entry bundle or a page: `<FindDocument term me onClose />`. If its code cannot be fetched (offline
 * before the service worker holds it), the user is told and the next opening tries again.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { MESSAGES } from '../../domain/messages';
import { AppDialog } from '../../components/ui/dialog';
import type { FindDocumentPanelProps } from './find-document-panel';

function Unavailable({ onClose }: FindDocumentPanelProps) {
  return (
    <AppDialog open title="Find document" onOpenChange={(open) => !open && onClose()}>
      <p>{MESSAGES.errorFetching}</p>
    </AppDialog>
  );
}

function loadPanel() {
  return lazy<ComponentType<FindDocumentPanelProps>>(() =>
    import('./find-document-panel').catch((err: unknown) => {
      console.error('The find-document panel could not load', err instanceof Error ? err.message : '');
      Panel = loadPanel();
      return { default: Unavailable };
    }),
  );
}

let Panel = loadPanel();

export function FindDocument(props: FindDocumentPanelProps) {
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  );
}

export type { FindDocumentPanelProps };
