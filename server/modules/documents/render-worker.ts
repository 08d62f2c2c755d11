/** The worker thread that lays letters out (render-pool.ts): PDF and DOCX rendering never holds up requests. */
import { parentPort } from 'node:worker_threads';
import type { LetterModel } from '../../../src/domain/letter-model';
import { renderLetterDocx } from './docx-renderer';
import { renderLetterPdf } from './pdf-renderer';

export interface RenderRequest {
  id: number;
  format: 'pdf' | 'docx';
  model: LetterModel;
}
export type RenderReply = { id: number; ok: true; bytes: Uint8Array } | { id: number; ok: false; error: string };

parentPort!.on('message', async (req: RenderRequest) => {
  try {
    const buf = req.format === 'pdf' ? await renderLetterPdf(req.model) : await renderLetterDocx(req.model);
    const bytes = new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
    parentPort!.postMessage({ id: req.id, ok: true, bytes } satisfies RenderReply);
  } catch (err) {
    // The class only: a renderer's message could quote the letter's text.
    parentPort!.postMessage({ id: req.id, ok: false, error: err instanceof Error ? err.name : 'Error' } satisfies RenderReply);
  }
});
