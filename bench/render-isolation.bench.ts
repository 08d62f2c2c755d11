/**
 * Render isolation (issue 22 point 3): an unrelated letter's PDF time while a hostile render runs, as
 * a ratio of its time alone, measured in the same run (the floor), median of SAMPLES each:
 * 1. in the render pool the server uses (server/lib/worker-pool.ts with the render job and the default
 *    settings: 2 workers, 30 s limit), the probe's letter (one row of 50 cells, each spanning 100
 *    columns and 100 rows) sent to a worker unchecked, as if a case slipped past the letter bounds: it
 *    runs until the time limit stops it. The same with one worker, as the server had before, for
 *    comparison;
 * 2. through the API (GET …/letter.pdf of another user's letter), while the probe's letter, stored
 *    before the bounds existed, is asked for again and again: it is answered at once, in words.
 * BENCH_SAMPLES (default 5).
 */
import { eq } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { dictations, letters } from '../server/db/schema';
import { createWorkerPool } from '../server/lib/worker-pool';
import type { RenderJob } from '../server/modules/documents/render-job';
import type { LetterNode } from '../src/domain/contract';
import { letterText } from '../src/domain/letter-doc';
import { buildLetterModel } from '../src/domain/letter-model';
import { letterSource } from '../tests/fixtures/letter-source';
import { startTestApp } from '../tests/api/harness';
import { letterDoc } from '../tests/api/letters-fixtures';
import { AUTHOR, FOREIGN, makeDictation } from '../tests/api/worklist-fixtures';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 5);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const hostileCell = {
  type: 'tableCell',
  attrs: { colspan: 100, rowspan: 100, colwidth: null },
  content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x' }] }],
};
const HOSTILE: LetterNode = {
  type: 'doc',
  content: [{ type: 'table', content: [{ type: 'tableRow', content: Array(50).fill(hostileCell) }] }],
};
const UNRELATED = letterDoc(
  ...Array.from(
    { length: 12 },
    (_, i) => `Paragraph ${i + 1}. Seen in clinic today; breathless on exertion, no chest pain, ankles not swollen.`,
  ),
);

const source = (doc: LetterNode) => letterSource(doc);

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}
async function samples(fn: () => Promise<unknown>): Promise<number> {
  const out: number[] = [];
  for (let i = 0; i < SAMPLES; i++) out.push(await timed(fn));
  return median(out);
}

/** 1. The pool itself: the unrelated render alone, then beside the probe's letter running unchecked. */
async function poolRun(workers: number): Promise<void> {
  const { render } = loadConfig({});
  const pool = createWorkerPool<RenderJob, Uint8Array>({
    module: new URL('../server/modules/documents/render-job.ts', import.meta.url),
    size: workers,
    maxQueue: render.queue,
    timeLimitMs: render.timeLimitMs,
    memoryMb: render.memoryMb,
  });
  try {
    const unrelated: RenderJob = { kind: 'letter', format: 'pdf', model: buildLetterModel(source(UNRELATED)) };
    const hostile: RenderJob = { kind: 'letter', format: 'pdf', model: buildLetterModel(source(HOSTILE)) };
    // Every worker started and warm (fonts read) before anything is timed.
    await Promise.all(Array.from({ length: workers }, () => pool.run(unrelated)));
    const alone = await samples(() => pool.run(unrelated));
    const started = performance.now();
    let running = true;
    const stopped = pool.run(hostile).then(
      () => ({ outcome: 'finished', ms: performance.now() - started }),
      (err: Error) => ({ outcome: err.message, ms: performance.now() - started }),
    );
    void stopped.then(() => (running = false));
    // Only renders asked for while the hostile one still runs count (with one worker: the first, which waits for it).
    const times: number[] = [];
    while (times.length < SAMPLES && running) times.push(await timed(() => pool.run(unrelated)));
    const during = median(times);
    const h = await stopped;
    console.log(
      `pool of ${workers} worker${workers === 1 ? '' : 's'} (limit ${render.timeLimitMs / 1000} s): unrelated PDF alone ${alone.toFixed(0)} ms, ` +
        `during the hostile render ${during.toFixed(0)} ms (median of ${times.length}): ratio ${(during / alone).toFixed(2)} ` +
        `(hostile render: ${h.outcome} after ${(h.ms / 1000).toFixed(1)} s)`,
    );
  } finally {
    await pool.close();
  }
}

/** 2. Through the API: another user's letter while the probe's letter, stored before the bounds, is asked for. */
async function apiRun(): Promise<void> {
  const t = await startTestApp();
  try {
    const put = async (author: string, doc: LetterNode) => {
      const d = await makeDictation(t.db, { author, status: 'AUTHOR_APPROVAL' });
      const [row] = await t.db.select().from(dictations).where(eq(dictations.id, d.id));
      await t.db.insert(letters).values({ dictationId: d.id, trustId: row!.trustId, doc: doc as never, text: letterText(doc), version: 1 });
      return d.id;
    };
    const hostile = await put(AUTHOR, HOSTILE);
    const unrelated = await put(FOREIGN, UNRELATED);
    const [author, foreign] = [await t.login(AUTHOR), await t.login(FOREIGN)];
    const pdf = async (id: number, token: string, expected: number) => {
      const res = await t.call('GET', `/api/dictation/${id}/letter.pdf`, { token });
      if (res.statusCode !== expected) throw new Error(`letter.pdf answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      return res;
    };
    await pdf(unrelated, foreign, 200);
    await pdf(unrelated, foreign, 200);
    const alone = await samples(() => pdf(unrelated, foreign, 200));
    let asking = true;
    let answered = 0;
    let answerMs = 0;
    const hammer = (async () => {
      // Within the per-user render limit (30 a minute): one every quarter second, 20 at most.
      while (asking && answered < 20) {
        answerMs += await timed(() => pdf(hostile, author, 422));
        answered++;
        await new Promise((r) => setTimeout(r, 250));
      }
    })();
    const during = await samples(() => pdf(unrelated, foreign, 200));
    asking = false;
    await hammer;
    console.log(
      `API: unrelated letter.pdf alone ${alone.toFixed(0)} ms, while the stored hostile letter is asked for ${during.toFixed(0)} ms: ` +
        `ratio ${(during / alone).toFixed(2)} (hostile letter.pdf answered 422 ${answered} times, ${(answerMs / answered).toFixed(0)} ms each)`,
    );
  } finally {
    await t.close();
  }
}

await poolRun(2);
await poolRun(1);
await apiRun();
process.exit(0);
