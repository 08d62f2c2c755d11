/**
 * Renders letters on one worker thread, so laying out a long letter (about a second for ten pages)
 * never holds up the server's other requests. Requests wait their turn in order; a worker that dies
 * fails what it had and a new one starts with the next request.
 */
import { Worker } from 'node:worker_threads';
import type { LetterModel } from '../../../src/domain/letter-model';
import type { RenderReply, RenderRequest } from './render-worker';

export interface RenderPool {
  render(format: 'pdf' | 'docx', model: LetterModel): Promise<Buffer>;
  close(): Promise<void>;
}

/** The worker runs TypeScript like the server does, through tsx (render-worker.mjs registers it). */
function startWorker(): Worker {
  return new Worker(new URL('./render-worker.mjs', import.meta.url), { execArgv: [] });
}

export function createRenderPool(): RenderPool {
  let worker: Worker | null = null;
  let next = 1;
  const pending = new Map<number, { resolve: (b: Buffer) => void; reject: (e: Error) => void }>();

  const failAll = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  const ensure = () => {
    if (worker) return worker;
    const w = startWorker();
    w.on('message', (reply: RenderReply) => {
      const p = pending.get(reply.id);
      if (!p) return;
      pending.delete(reply.id);
      if (reply.ok) p.resolve(Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength));
      else p.reject(new Error(`The letter could not be rendered (${reply.error}).`));
      if (!pending.size) w.unref();
    });
    w.on('error', (err) => {
      if (worker === w) worker = null;
      failAll(err);
    });
    w.on('exit', () => {
      if (worker === w) worker = null;
      failAll(new Error('The letter renderer stopped.'));
    });
    worker = w;
    return w;
  };

  return {
    render(format, model) {
      const w = ensure();
      const id = next++;
      return new Promise<Buffer>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        w.ref();
        w.postMessage({ id, format, model } satisfies RenderRequest);
      });
    },
    async close() {
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
  };
}
