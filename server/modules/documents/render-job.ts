/**
 * The render pool's job (render-pool.ts, run by server/lib/worker-host.ts in a worker thread): a letter
 * as PDF or DOCX, or the print queue's pile merged into one PDF. Whatever it takes, it takes on its
 * worker, under the pool's time and memory limits.
 */
import type { LetterModel } from '../../../src/domain/letter-model';
import { renderLetterDocx } from './docx-renderer';
import { renderLetterPdf } from './pdf-renderer';
import { mergePile, type PileEntry } from './print-pile';

export type RenderJob =
  { kind: 'letter'; format: 'pdf' | 'docx'; model: LetterModel } | { kind: 'pile'; letters: Uint8Array[]; pile: PileEntry[] };

/** Bytes that own their whole array buffer, so it can be moved to the other thread rather than copied. */
export function ownBytes(b: Uint8Array): Uint8Array {
  return b.byteOffset === 0 && b.byteLength === b.buffer.byteLength && b.buffer instanceof ArrayBuffer ? b : new Uint8Array(b);
}

export async function run(job: RenderJob): Promise<Uint8Array> {
  if (job.kind === 'pile') return ownBytes(await mergePile(job.letters, job.pile));
  const buf = job.format === 'pdf' ? await renderLetterPdf(job.model) : await renderLetterDocx(job.model);
  return ownBytes(buf);
}

export function transferList(output: Uint8Array): ArrayBuffer[] {
  return [output.buffer as ArrayBuffer];
}
