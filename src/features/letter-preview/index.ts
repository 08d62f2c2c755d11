/**
 * The letter preview (issue 13 "Preview"): Shift+P or "Preview" on the dictation page shows the PDF the
 * server renders, every page drawn with pdf.js (loaded only when a preview opens). The PDF is kept on the
 * device, encrypted, for a preview without a connection (pdf-cache.ts).
 */
export { LetterPreviewDialog } from './preview-dialog';
