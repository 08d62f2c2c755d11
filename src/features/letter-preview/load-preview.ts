import { pathOf } from '../../domain/contract/endpoint';
import { E } from '../../domain/contract/endpoints';
import { LETTER_VERSION_HEADER } from '../../domain/contract';
import { MESSAGES } from '../../domain/messages';
import { apiFile } from '../../lib/api/client';
import { HttpError } from '../../lib/api/errors';
import { putCachedPdf, readCachedPdf } from './pdf-cache';

/** The PDF the preview shows: the server's fresh rendering, or the device's copy when the server cannot be reached. */
export interface PreviewPdf {
  bytes: ArrayBuffer;
  version: number;
  renderedAt: number;
  source: 'server' | 'device';
}

/** Rendering a long letter takes a second or two on the server; allow for a slow connection too. */
const RENDER_TIMEOUT_MS = 60_000;

/** Asks the server for the letter's PDF; when it cannot be reached, the device's copy, else 'Preview not available'. */
export async function loadPreview(dictationId: number): Promise<PreviewPdf> {
  try {
    const { bytes, headers } = await apiFile(pathOf(E.dictationLetterPdf, { id: dictationId }), {
      searchParams: { purpose: 'preview' },
      timeout: RENDER_TIMEOUT_MS,
    });
    const version = Number(headers.get(LETTER_VERSION_HEADER) ?? '0');
    const renderedAt = Date.now();
    // A copy that cannot be kept (storage full, private mode) does not stop the preview.
    await putCachedPdf(dictationId, Number.isInteger(version) ? version : 0, bytes.slice(0), renderedAt).catch(() => false);
    return { bytes, version, renderedAt, source: 'server' };
  } catch (err) {
    // A refusal or a missing dictation stays what the server said: a copy must never hide it.
    if (!(err instanceof HttpError && err.isNetwork)) throw err;
    const kept = await readCachedPdf(dictationId);
    if (!kept) throw new Error(MESSAGES.previewNotAvailable);
    return { bytes: kept.bytes, version: kept.version, renderedAt: kept.renderedAt, source: 'device' };
  }
}
