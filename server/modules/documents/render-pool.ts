/**
 * Lays letters out off the main thread (issue 22 point 3), for every renderer the server has: the PDF
 * and DOCX documents, the print queue's pile, the e-mail and GP copies of the delivery jobs. Every
 * letter is first checked against the letter schema and its bounds (src/domain/letter-doc.ts): one
 * that breaks them (saved before the bounds existed) is answered at once, in words, and never reaches
 * a worker. The rest run in a pool of worker threads (server/lib/worker-pool.ts) with a time and a
 * memory limit per job: a render that runs over is stopped, its worker replaced, and it is answered
 * "This letter could not be turned into a PDF", while the other workers go on with other letters.
 */
import { checkLetterDoc } from '../../../src/domain/letter-doc';
import type { LetterModel } from '../../../src/domain/letter-model';
import { createWorkerPool, WorkerJobError } from '../../lib/worker-pool';
import type { PileEntry } from './print-pile';
import { ownBytes, type RenderJob } from './render-job';
import { LetterRenderError } from './render-error';

export interface RenderPoolOptions {
  workers: number;
  queue: number;
  timeLimitMs: number;
  memoryMb: number;
}

export interface RenderPool {
  /** The letter as PDF or DOCX bytes; throws LetterRenderError with the reason in words. */
  render(format: 'pdf' | 'docx', model: LetterModel): Promise<Buffer>;
  /** PDFs made by `render` merged as `pile` says (print-pile.ts); throws LetterRenderError. */
  mergePile(letters: Buffer[], pile: PileEntry[]): Promise<Buffer>;
  close(): Promise<void>;
}

export function createRenderPool(opts: RenderPoolOptions): RenderPool {
  const pool = createWorkerPool<RenderJob, Uint8Array>({
    module: new URL('./render-job.ts', import.meta.url),
    size: opts.workers,
    maxQueue: opts.queue,
    timeLimitMs: opts.timeLimitMs,
    memoryMb: opts.memoryMb,
  });

  async function run(job: RenderJob, format: 'pdf' | 'docx', transfer: ArrayBuffer[] = []): Promise<Buffer> {
    try {
      const bytes = await pool.run(job, transfer);
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } catch (err) {
      if (err instanceof WorkerJobError) throw new LetterRenderError(err.reason, format);
      throw err;
    }
  }

  return {
    render(format, model) {
      const problems = checkLetterDoc(model.body);
      if (problems.length) return Promise.reject(new LetterRenderError('bounds', format, problems[0]));
      return run({ kind: 'letter', format, model }, format);
    },
    mergePile(letters, pile) {
      // Moved to the worker rather than copied: the caller is done with them.
      const own = letters.map(ownBytes);
      const transfer = new Set(own.map((b) => b.buffer).filter((b): b is ArrayBuffer => b instanceof ArrayBuffer));
      return run({ kind: 'pile', letters: own, pile }, 'pdf', [...transfer]);
    },
    close: () => pool.close(),
  };
}
