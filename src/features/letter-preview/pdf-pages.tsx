import { useEffect, useRef, useState } from 'react';
import { getDocument, GlobalWorkerOptions, TextLayer, type PDFDocumentProxy, type RenderTask } from 'pdfjs-dist/legacy/build/pdf.mjs';
import workerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';
import './pdf-pages.css';

/**
 * Every page of a PDF drawn with pdf.js, each a canvas with a text layer over it (read aloud, searched,
 * selected). This module is the only one that imports pdf.js, and it is itself loaded only when a preview
 * opens. The legacy build runs on the iPads' Safari versions the modern one leaves out; its worker comes
 * from our own origin (CSP worker-src 'self'), and eval and WebAssembly stay off (CSP has neither).
 */
GlobalWorkerOptions.workerSrc = workerUrl;

/** The widest a page is drawn at 100 %, so a desktop shows it at about paper size. */
const MAX_PAGE_WIDTH = 820;

export interface PdfPagesProps {
  bytes: ArrayBuffer;
  /** 1 = the page fits the width; more makes the text bigger, scrolled sideways on a phone. */
  zoom: number;
  onLoaded(pages: number): void;
  onFailed(): void;
}

export default function PdfPages({ bytes, zoom, onLoaded, onFailed }: PdfPagesProps) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);

  useEffect(() => {
    // pdf.js hands the bytes to its worker (detaching them): give it a copy, the caller keeps its own.
    const task = getDocument({
      data: new Uint8Array(bytes.slice(0)),
      isEvalSupported: false,
      useWasm: false,
      enableXfa: false,
      stopAtErrors: false,
    });
    let gone = false;
    task.promise.then(
      (d) => {
        if (gone) return;
        setDoc(d);
        onLoaded(d.numPages);
      },
      // Destroying the task (unmounted, new bytes) rejects it too: that is no failure to report.
      () => !gone && onFailed(),
    );
    return () => {
      gone = true;
      void task.destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new document only for new bytes
  }, [bytes]);

  const pageWidth = Math.round(Math.min(width, MAX_PAGE_WIDTH) * zoom);
  return (
    <div ref={box} className="overflow-x-auto" data-testid="preview-pages">
      {doc &&
        pageWidth > 0 &&
        Array.from({ length: doc.numPages }, (_, i) => (
          <PdfPage key={i + 1} doc={doc} number={i + 1} total={doc.numPages} width={pageWidth} />
        ))}
    </div>
  );
}

/** The box's width, updated when the dialog or the window changes size (in 8 px steps, not at every pixel). */
function useWidth(ref: React.RefObject<HTMLDivElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(Math.floor(el.clientWidth / 8) * 8);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

function PdfPage({ doc, number, total, width }: { doc: PDFDocumentProxy; number: number; total: number; width: number }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ width: number; height: number; scale: number } | null>(null);

  useEffect(() => {
    let cancelled = false;
    let render: RenderTask | null = null;
    let text: TextLayer | null = null;
    void (async () => {
      const page = await doc.getPage(number);
      const scale = width / page.getViewport({ scale: 1 }).width;
      const viewport = page.getViewport({ scale });
      const canvas = canvasRef.current;
      const layer = textRef.current;
      if (cancelled || !canvas || !layer) return;
      setSize({ width: viewport.width, height: viewport.height, scale });
      // Sharp on high-density screens, without a canvas too large for a phone's memory.
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      render = page.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
      await render.promise;
      if (cancelled) return;
      layer.replaceChildren();
      text = new TextLayer({ textContentSource: page.streamTextContent(), container: layer, viewport });
      await text.render();
    })().catch(() => {
      // A cancelled render (new width, dialog closed) rejects: nothing to show for it.
    });
    return () => {
      cancelled = true;
      render?.cancel();
      text?.cancel();
    };
  }, [doc, number, width]);

  return (
    <figure className="mx-auto mb-4" style={{ width: size ? `${size.width}px` : `${width}px` }}>
      <div
        className="pdf-page bg-white shadow ring-1 ring-slate-300 dark:ring-slate-600"
        style={{
          ['--scale-factor' as string]: String(size?.scale ?? 1),
          height: size ? `${size.height}px` : `${Math.round(width * 1.414)}px`,
        }}
        data-testid="preview-page"
      >
        <canvas ref={canvasRef} aria-hidden />
        <div ref={textRef} className="textLayer" />
      </div>
      <figcaption className="mt-1 text-center text-xs text-slate-600 dark:text-slate-300">
        Page {number} of {total}
      </figcaption>
    </figure>
  );
}
