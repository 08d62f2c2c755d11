/**
 * One worker of worker-pool.ts: loads the job module named in `workerData.module`, says it is ready,
 * then runs each job it is sent and answers its output, or the class of what it threw (never the
 * message, which could quote the input: a letter's text, a file's contents).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { HostReply, HostRequest, WorkerJobModule } from './worker-pool';

const port = parentPort!;
const job = (await import((workerData as { module: string }).module)) as WorkerJobModule<unknown, unknown>;

port.on('message', async (req: HostRequest) => {
  try {
    const output = await job.run(req.input);
    port.postMessage({ id: req.id, ok: true, output } satisfies HostReply, job.transferList?.(output) ?? []);
  } catch (err) {
    const name = err instanceof Error ? err.name : 'Error';
    const code = (err as { code?: unknown } | null)?.code;
    port.postMessage({ id: req.id, ok: false, error: typeof code === 'string' ? `${name} ${code}` : name } satisfies HostReply);
  }
});
port.postMessage({ ready: true } satisfies HostReply);
