/**
 * Runs CPU-heavy jobs (laying out letters, issue 22 point 3) on worker threads, each with a time and a
 * memory limit, so that no one job can hold up the server or the jobs of anyone else:
 * - at most `size` workers, each running one job at a time; a job waits in a bounded queue for a free
 *   worker, and when the queue is full `run` rejects at once ('busy') rather than letting waits grow;
 * - a job still running after `timeLimitMs` is stopped: its worker is terminated (the only way to stop
 *   a synchronous loop) and a fresh one takes its place for the next job ('timeout');
 * - a worker's V8 heap is capped (`resourceLimits`): a job that needs more kills only its own worker
 *   ('memory'), never the server. Memory outside the heap (Buffers) is not capped by this.
 * Generic: a job module is a TypeScript file exporting `run(input)` (and `transferList(output)` to hand
 * back large byte arrays without copying); worker-host.ts loads it in each worker.
 */
import { Worker } from 'node:worker_threads';

/** What a job module exports (see worker-host.ts). */
export interface WorkerJobModule<In, Out> {
  run(input: In): Promise<Out>;
  /** Array buffers of the output to move rather than copy (they must not be shared, e.g. Node's Buffer pool). */
  transferList?(output: Out): ArrayBuffer[];
}

export interface WorkerPoolOptions {
  /** The job module: a `file:` URL of a .ts file exporting `run` (see WorkerJobModule). */
  module: URL;
  /** Workers at most. */
  size: number;
  /** Jobs that may wait for a worker; one more is refused ('busy'). */
  maxQueue: number;
  /** A job running longer is stopped and its worker replaced. */
  timeLimitMs: number;
  /** The V8 old-generation heap of each worker, in MB. */
  memoryMb: number;
  /** Jobs one worker runs before it is replaced, so a library's slow leak stays bounded. */
  maxJobsPerWorker?: number;
}

/** Why a job did not give an answer. */
export type WorkerJobFailure = 'timeout' | 'memory' | 'crashed' | 'failed' | 'busy' | 'closed';

export class WorkerJobError extends Error {
  constructor(
    readonly reason: WorkerJobFailure,
    /** For 'failed': the class (and code) of what the job threw; never its message, which may quote the input. */
    readonly detail?: string,
  ) {
    super(`The worker job did not finish (${reason}${detail ? `: ${detail}` : ''}).`);
    this.name = 'WorkerJobError';
  }
}

export interface WorkerPool<In, Out> {
  /** Runs one job; `transfer`: array buffers of the input to move to the worker rather than copy. */
  run(input: In, transfer?: ArrayBuffer[]): Promise<Out>;
  /** Refuses new jobs, fails the waiting ones ('closed') and stops every worker. */
  close(): Promise<void>;
  /** For tests and benchmarks. `replaced`: workers stopped because a job ran over or died. */
  stats(): { workers: number; running: number; waiting: number; replaced: number };
}

/** Messages between the pool and worker-host.ts. */
export type HostReply = { ready: true } | { id: number; ok: true; output: unknown } | { id: number; ok: false; error: string };
export interface HostRequest {
  id: number;
  input: unknown;
}

interface Job {
  id: number;
  input: unknown;
  transfer: ArrayBuffer[];
  resolve: (output: unknown) => void;
  reject: (err: WorkerJobError) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  done: number;
}

const HOST = new URL('./worker-host.mjs', import.meta.url);

export function createWorkerPool<In, Out>(opts: WorkerPoolOptions): WorkerPool<In, Out> {
  const size = Math.max(1, Math.floor(opts.size));
  const maxQueue = Math.max(0, Math.floor(opts.maxQueue));
  const maxJobs = opts.maxJobsPerWorker ?? 500;
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let nextId = 1;
  let replaced = 0;
  let closed = false;

  function spawn(): void {
    const worker = new Worker(HOST, {
      workerData: { module: opts.module.href },
      resourceLimits: { maxOldGenerationSizeMb: opts.memoryMb },
      execArgv: [],
    });
    const slot: Slot = { worker, ready: false, job: null, timer: null, done: 0 };
    slots.push(slot);
    worker.on('message', (reply: HostReply) => onReply(slot, reply));
    worker.on('error', (err: Error & { code?: string }) => lost(slot, err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crashed'));
    worker.on('exit', () => lost(slot, 'crashed'));
  }

  /** Takes a worker out of the pool (stopping it), failing its job, if any, for `reason`. */
  function retire(slot: Slot, reason: WorkerJobFailure | null): void {
    const i = slots.indexOf(slot);
    if (i < 0) return;
    slots.splice(i, 1);
    if (slot.timer) clearTimeout(slot.timer);
    void slot.worker.terminate();
    if (slot.job && reason) slot.job.reject(new WorkerJobError(reason));
    slot.job = null;
  }

  /** A worker died by itself: its job fails; if it never started, nothing queued could run either. */
  function lost(slot: Slot, reason: WorkerJobFailure): void {
    if (!slots.includes(slot)) return;
    const starting = !slot.ready;
    replaced++;
    retire(slot, reason);
    if (starting) for (const job of queue.splice(0)) job.reject(new WorkerJobError('crashed'));
    pump();
  }

  function onReply(slot: Slot, reply: HostReply): void {
    if (!slots.includes(slot)) return;
    if ('ready' in reply) {
      slot.ready = true;
      slot.worker.unref();
      return pump();
    }
    const job = slot.job;
    if (!job || reply.id !== job.id) return;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    slot.done++;
    if (reply.ok) job.resolve(reply.output);
    else job.reject(new WorkerJobError('failed', reply.error));
    if (slot.done >= maxJobs) retire(slot, null);
    else slot.worker.unref();
    pump();
  }

  function assign(slot: Slot, job: Job): void {
    slot.job = job;
    slot.worker.ref();
    slot.timer = setTimeout(() => {
      replaced++;
      retire(slot, 'timeout');
      pump();
    }, opts.timeLimitMs);
    slot.worker.postMessage({ id: job.id, input: job.input } satisfies HostRequest, job.transfer);
  }

  /** Gives waiting jobs to idle workers, starting workers (up to `size`) for jobs that still wait. */
  function pump(): void {
    while (queue.length && !closed) {
      const idle = slots.find((s) => s.ready && !s.job);
      if (idle) {
        assign(idle, queue.shift()!);
        continue;
      }
      const starting = slots.filter((s) => !s.ready).length;
      if (slots.length < size && starting < queue.length) {
        spawn();
        continue;
      }
      break;
    }
  }

  return {
    run(input, transfer = []) {
      return new Promise<Out>((resolve, reject) => {
        if (closed) return reject(new WorkerJobError('closed'));
        // Up to `maxQueue` jobs may wait beyond those a free or not yet started worker will take.
        const free = size - slots.filter((s) => s.job).length;
        if (queue.length >= maxQueue + free) return reject(new WorkerJobError('busy'));
        queue.push({ id: nextId++, input, transfer, resolve: resolve as (o: unknown) => void, reject });
        pump();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new WorkerJobError('closed'));
      const workers = slots.map((s) => s.worker);
      for (const slot of [...slots]) retire(slot, 'closed');
      await Promise.all(workers.map((w) => w.terminate()));
    },
    stats() {
      return { workers: slots.length, running: slots.filter((s) => s.job).length, waiting: queue.length, replaced };
    },
  };
}
