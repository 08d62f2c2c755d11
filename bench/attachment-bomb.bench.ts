/**
 * Attachment bombs (issue 22 point 2): what one hostile upload costs everyone else. The server runs in
 * this process (buildApp on a fresh embedded database with the demo data), so the main thread's
 * event-loop delay (perf_hooks monitorEventLoopDelay) is the server's; GET /api/health is timed over
 * HTTP the whole while. Each case prints the largest event-loop delay and the slowest health call, and
 * their ratios to the floor measured first in the same run (the server idle):
 * 1. the bomb (69.5 KB ".docx": one 65 MiB deflate stream, a central directory of 60 entries
 *    pointing at it) uploaded by tus as a secretary;
 * 2. an ordinary but heavy Word document (60 MiB of zeros to inflate and search, inside the budget)
 *    uploaded the same way: the check runs to the end, on the worker pool;
 * 3. for comparison, what the same check costs inline on the main thread (as it ran before the pool),
 *    and what the old check's inflation of the bomb cost (each entry inflated up to 64 MiB and thrown
 *    away, emulated with the old call).
 * No assertion: `npm test` has no timing (tests/README.md). BENCH_SAMPLES (default 20) health calls for the floor.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { inflateRawSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { DEMO_PASSWORD, seedDemoData, seedReferenceData } from '../server/db/seed';
import { run as checkJob } from '../server/modules/attachments/attachment-check-job';
import { tusClient } from '../tests/api/tus-client';
import { AUTHOR, SECRETARY, makeDictation } from '../tests/api/worklist-fixtures';
import { MIB, docxWithZeros, overlappingBomb } from '../tests/fixtures/hostile-attachments';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 20);
const ms = (ns: number) => ns / 1e6;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface Window {
  maxDelayMs: number;
  healthMedianMs: number;
  healthMaxMs: number;
  healthCalls: number;
}

/** Runs `work` while the event loop is watched and /api/health is called one after another. */
interface Server {
  app: FastifyInstance;
  base: string;
}

async function watched<T>(t: Server, work: () => Promise<T>): Promise<{ result: T; ms: number; window: Window }> {
  const h = monitorEventLoopDelay({ resolution: 5 });
  const health: number[] = [];
  let running = true;
  const pinger = (async () => {
    while (running) {
      const t0 = performance.now();
      const res = await fetch(`${t.base}/api/health`);
      await res.arrayBuffer();
      health.push(performance.now() - t0);
    }
  })();
  h.enable();
  const t0 = performance.now();
  // Let the pinger and the histogram start before the work does.
  await new Promise((r) => setTimeout(r, 50));
  const result = await work();
  const took = performance.now() - t0 - 50;
  await new Promise((r) => setTimeout(r, 50));
  running = false;
  await pinger;
  h.disable();
  return {
    result,
    ms: took,
    window: { maxDelayMs: ms(h.max), healthMedianMs: median(health), healthMaxMs: Math.max(...health), healthCalls: health.length },
  };
}

async function upload(t: Server, token: string, dictationId: number, filename: string, bytes: Buffer) {
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const created = await fetch(`${t.base}/api/uploads`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'upload-length': String(bytes.length),
      'upload-metadata': `kind ${b64('attachment')},dictationId ${b64(String(dictationId))},filename ${b64(filename)}`,
    },
  });
  const url = new URL(created.headers.get('location')!, t.base).toString();
  return tusClient(t.base, token).patch(url, 0, bytes);
}

function line(name: string, floor: Window, w: Window, extra: string) {
  console.log(
    `${name}: ${extra}; max event-loop delay ${w.maxDelayMs.toFixed(1)} ms (ratio ${(w.maxDelayMs / floor.maxDelayMs).toFixed(1)}), ` +
      `/api/health slowest ${w.healthMaxMs.toFixed(1)} ms (ratio ${(w.healthMaxMs / floor.healthMaxMs).toFixed(1)}), median ${w.healthMedianMs.toFixed(1)} ms over ${w.healthCalls} calls`,
  );
}

const dir = mkdtempSync(path.join(tmpdir(), 'wardnote-bench-bomb-'));
const database = await openDatabase({ dataDir: null });
await seedReferenceData(database.db);
await seedDemoData(database.db);
const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dir }), db: database.db, serveClient: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const t: Server = { app, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
try {
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: SECRETARY, password: DEMO_PASSWORD } });
  const token = login.json<{ access_token: string }>().access_token;
  const dictation = await makeDictation(database.db, { author: AUTHOR, status: 'BEING_TYPED', assignedTo: SECRETARY });
  const bomb = overlappingBomb();
  const heavy = docxWithZeros(60 * MIB);
  const heavyPath = path.join(dir, 'heavy.docx');
  writeFileSync(heavyPath, heavy);
  // Warm: the check pool's worker started, the routes compiled.
  await upload(t, token, dictation.id, 'warm.docx', docxWithZeros(MIB));

  const floor = await watched(t, async () => {
    for (let i = 0; i < SAMPLES; i++) await new Promise((r) => setTimeout(r, 10));
  });
  console.log(
    `floor (server idle): max event-loop delay ${floor.window.maxDelayMs.toFixed(1)} ms, /api/health slowest ${floor.window.healthMaxMs.toFixed(1)} ms, median ${floor.window.healthMedianMs.toFixed(1)} ms over ${floor.window.healthCalls} calls`,
  );

  const b = await watched(t, () => upload(t, token, dictation.id, 'referral.docx', bomb));
  line(
    '1. the bomb (69.5 KB, 60 x 65 MiB) by tus',
    floor.window,
    b.window,
    `answered ${b.result.status} after ${b.ms.toFixed(0)} ms (${bomb.length} bytes)`,
  );

  const hv = await watched(t, () => upload(t, token, dictation.id, 'heavy.docx', heavy));
  line(
    '2. an ordinary heavy document (60 MiB unpacked) by tus, checked on the pool',
    floor.window,
    hv.window,
    `answered ${hv.result.status} after ${hv.ms.toFixed(0)} ms`,
  );

  const inline = await watched(t, () => checkJob({ path: heavyPath, filename: 'heavy.docx' }));
  line(
    '3a. the same check inline on the main thread (before the pool)',
    floor.window,
    inline.window,
    `verdict ${inline.result.ok ? 'kept' : 'refused'} after ${inline.ms.toFixed(0)} ms`,
  );

  const old = await watched(t, async () => {
    // The old check: every central entry's data inflated up to 64 MiB, on the main thread; an entry over it thrown away uncharged.
    const data = bomb.subarray(30 + 'word/document.xml'.length, bomb.readUInt32LE(bomb.length - 6));
    for (let i = 0; i < 60; i++) {
      try {
        inflateRawSync(data, { maxOutputLength: 64 * MIB });
      } catch {
        // skipped, as the old check did
      }
    }
  });
  line('3b. the old check inflating the bomb inline (emulated)', floor.window, old.window, `done after ${old.ms.toFixed(0)} ms`);
} finally {
  await app.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
