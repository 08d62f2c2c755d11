import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { Download, WifiOff, ZoomIn, ZoomOut } from 'lucide-react';
import { toast } from 'sonner';
import { MESSAGES, PAGE_MESSAGES } from '../../domain/messages';
import { AppDialog } from '../../components/ui/dialog';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { PrintLinkButton } from '../print-link';
import { downloadLetter } from './download-letter';
import { loadPreview, type PreviewPdf } from './load-preview';
import type { PdfPagesProps } from './pdf-pages';

/** pdf.js comes with this chunk, fetched the first time a preview opens (and cached by the worker then). */
const PdfPages = lazy<ComponentType<PdfPagesProps>>(() => import('./pdf-pages').catch(() => ({ default: ViewerUnavailable })));

/** The viewer's chunk could not be fetched (offline before it was ever cached): say so instead of failing the page. */
function ViewerUnavailable({ onFailed }: { onFailed(): void }) {
  useEffect(() => onFailed(), [onFailed]);
  return null;
}

const ZOOMS = [1, 1.5, 2];

type State = { kind: 'loading' } | { kind: 'shown'; pdf: PreviewPdf } | { kind: 'failed'; message: string };

const when = (at: number) =>
  new Date(at).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

interface Props {
  dictationId: number;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Runs before the PDF is asked for: puts what was just typed on its way to the server. */
  beforeLoad?(): Promise<void>;
}

/**
 * Shift+P / "Preview" on the dictation page (issue 13): the letter as the server prints it, every page
 * drawn in the page with pdf.js, with its downloads. Without a connection it shows the copy this device
 * kept from the last preview, saying so, or 'Preview not available'.
 */
export function LetterPreviewDialog({ dictationId, open, onOpenChange, beforeLoad }: Props) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [pages, setPages] = useState<number | null>(null);
  const [zoom, setZoom] = useState(0);

  useEffect(() => {
    if (!open) return;
    let current = true;
    setState({ kind: 'loading' });
    setPages(null);
    void (async () => {
      await (beforeLoad?.() ?? Promise.resolve()).catch(() => {});
      const pdf = await loadPreview(dictationId);
      if (current) setState({ kind: 'shown', pdf });
    })().catch((err: unknown) => {
      if (current) setState({ kind: 'failed', message: err instanceof Error ? err.message : MESSAGES.previewNotAvailable });
    });
    return () => {
      current = false;
      // Closed: the next opening starts afresh, never from this PDF.
      setState({ kind: 'loading' });
      setPages(null);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new rendering each time it opens
  }, [open, dictationId]);

  const smaller = useRef<HTMLButtonElement>(null);
  const larger = useRef<HTMLButtonElement>(null);
  // A button that becomes disabled drops the focus out of the dialog (and Escape with it): hand it to the other one.
  const changeZoom = (step: number) => {
    const next = Math.min(ZOOMS.length - 1, Math.max(0, zoom + step));
    setZoom(next);
    if (next === 0) larger.current?.focus();
    if (next === ZOOMS.length - 1) smaller.current?.focus();
  };
  const showFailure = useCallback(() => setState({ kind: 'failed', message: MESSAGES.previewNotAvailable }), []);
  const download = (format: 'pdf' | 'docx') =>
    void downloadLetter(dictationId, format).catch((err: unknown) =>
      toast.error(err instanceof Error ? err.message : MESSAGES.errorFetching),
    );

  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title="Letter preview" size="lg">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <p className="mr-auto text-sm text-slate-700 dark:text-slate-200" aria-live="polite" data-testid="preview-summary">
          {state.kind === 'loading' && 'Rendering the letter…'}
          {state.kind === 'shown' && (pages === null ? 'Opening the PDF…' : `${pages} ${pages === 1 ? 'page' : 'pages'}`)}
        </p>
        <div className={`items-center ${state.kind === 'shown' ? 'flex' : 'hidden'}`}>
          <Button ref={smaller} tone="ghost" aria-label="Smaller" isDisabled={zoom === 0} onPress={() => changeZoom(-1)}>
            <ZoomOut aria-hidden className="size-5" />
          </Button>
          <span className="w-12 text-center text-sm tabular-nums" aria-hidden>
            {ZOOMS[zoom]! * 100}%
          </span>
          <Button ref={larger} tone="ghost" aria-label="Larger" isDisabled={zoom === ZOOMS.length - 1} onPress={() => changeZoom(1)}>
            <ZoomIn aria-hidden className="size-5" />
          </Button>
        </div>
        <div className={`w-full grid-cols-2 gap-2 sm:w-auto ${state.kind === 'failed' ? 'hidden' : 'grid sm:flex'}`}>
          <Button tone="secondary" className="!px-3" onPress={() => download('pdf')}>
            <Download aria-hidden className="hidden size-4 sm:block" />
            Download PDF
          </Button>
          <Button tone="secondary" className="!px-3" onPress={() => download('docx')}>
            <Download aria-hidden className="hidden size-4 sm:block" />
            Download Word
          </Button>
          <PrintLinkButton dictationId={dictationId} />
        </div>
      </div>
      {state.kind === 'failed' && <Alert tone="info">{state.message}</Alert>}
      {state.kind === 'shown' && state.pdf.source === 'device' && (
        <p
          role="status"
          data-testid="preview-device-copy"
          className="mb-3 flex items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <WifiOff aria-hidden className="size-4 shrink-0" />
          <span>{PAGE_MESSAGES.previewDeviceCopy(when(state.pdf.renderedAt))}</span>
        </p>
      )}
      {state.kind === 'shown' && (
        <Suspense fallback={<p className="text-sm">Loading the viewer…</p>}>
          <PdfPages bytes={state.pdf.bytes} zoom={ZOOMS[zoom]!} onLoaded={setPages} onFailed={showFailure} />
        </Suspense>
      )}
    </AppDialog>
  );
}
