/**
 * The letter preview (issue 13 "Preview"): Shift+P or "Preview" on the dictation page shows the PDF the
 * server renders, every page drawn with pdf.js (loaded only when a preview opens). The PDF is kept on the
 * device, encrypted, for a preview without a connection (pdf-cache.ts).
 */
import { lazy, type ComponentType } from 'react';
import type { PdfPagesProps } from './pdf-pages';

export { LetterPreviewDialog } from './preview-dialog';
export type { PdfPagesProps } from './pdf-pages';
/** Every page of a PDF drawn with pdf.js, loaded on first use (issue 25: the letterhead preview shows a sample letter with it). */
export const PdfPagesLazy = lazy<ComponentType<PdfPagesProps>>(() => import('./pdf-pages'));
