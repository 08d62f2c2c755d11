/** Jobs for tests/api/worker-pool.test.ts: a quick answer, a loop that never ends, a memory hog, a failure. */
export type TestJob = { kind: 'echo'; value: number } | { kind: 'spin' } | { kind: 'hog' } | { kind: 'throw' };

export async function run(job: TestJob): Promise<number> {
  switch (job.kind) {
    case 'echo':
      return job.value;
    case 'spin':
      for (;;);
    case 'hog': {
      const kept: number[][] = [];
      for (;;) kept.push(Array.from({ length: 100_000 }, (_, i) => i));
    }
    case 'throw':
      throw new RangeError('secret patient text');
  }
}
