import { afterEach, describe, expect, it } from 'vitest';
import { createWorkerPool, WorkerJobError, type WorkerPool } from '../../server/lib/worker-pool';
import type { TestJob } from './workers/test-jobs';

const MODULE = new URL('./workers/test-jobs.ts', import.meta.url);
let pool: WorkerPool<TestJob, number> | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

const make = (over: Partial<Parameters<typeof createWorkerPool>[0]> = {}) =>
  (pool = createWorkerPool<TestJob, number>({ module: MODULE, size: 2, maxQueue: 4, timeLimitMs: 5_000, memoryMb: 64, ...over }));
const failure = (p: Promise<unknown>) =>
  p.then(
    () => 'answered',
    (e: unknown) => (e instanceof WorkerJobError ? e.reason : 'other'),
  );

describe('the worker pool (issue 22 point 3)', () => {
  it('stops a job that runs over its time limit without holding up the others, and replaces its worker', async () => {
    const p = make();
    // Both workers started, so the order below is the jobs' own.
    expect(await Promise.all([p.run({ kind: 'echo', value: 1 }), p.run({ kind: 'echo', value: 2 })])).toEqual([1, 2]);
    const order: string[] = [];
    const stuck = failure(p.run({ kind: 'spin' })).then((r) => order.push(`spin ${r}`));
    const quick = p.run({ kind: 'echo', value: 3 }).then((v) => order.push(`echo ${v}`));
    await Promise.all([stuck, quick]);
    expect(order).toEqual(['echo 3', 'spin timeout']);
    expect(p.stats().replaced).toBe(1);
    // The pool goes on: a new worker took the stopped one's place.
    expect(await p.run({ kind: 'echo', value: 4 })).toBe(4);
  });

  it('a job over its memory limit kills only its own worker', async () => {
    const p = make({ memoryMb: 32, timeLimitMs: 60_000 });
    expect(await failure(p.run({ kind: 'hog' }))).toBe('memory');
    expect(await p.run({ kind: 'echo', value: 5 })).toBe(5);
  });

  it('refuses at once beyond its queue, and fails the waiting jobs when closed', async () => {
    const p = make({ size: 1, maxQueue: 1, timeLimitMs: 60_000 });
    expect(await p.run({ kind: 'echo', value: 0 })).toBe(0);
    const running = failure(p.run({ kind: 'spin' }));
    const waiting = failure(p.run({ kind: 'echo', value: 6 }));
    expect(await failure(p.run({ kind: 'echo', value: 7 }))).toBe('busy');
    await p.close();
    expect(await running).toBe('closed');
    expect(await waiting).toBe('closed');
  });

  it('reports a job that throws by the class of the error only, never its message', async () => {
    const p = make();
    const err = await p.run({ kind: 'throw' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WorkerJobError);
    expect((err as WorkerJobError).reason).toBe('failed');
    expect((err as WorkerJobError).detail).toBe('RangeError');
    expect(String((err as Error).message)).not.toContain('secret');
  });
});
