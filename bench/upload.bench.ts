/**
 * Upload benchmarks, printed as ratios against baselines measured in the same run on loopback:
 * - tus upload of 30 MB in 4 MB chunks against one plain PUT of the same bytes;
 * - bytes re-sent after a connection cut half-way, as a share of the file;
 * - draining 20 queued dictations through the real outbox code against 20 plain PUTs of the same bytes.
 */
import 'fake-indexeddb/auto';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestApp } from '../tests/api/harness';
import { tusClient } from '../tests/api/tus-client';
import { makeAudioFixtures } from '../tests/api/audio-fixtures';

const MB = 1024 * 1024;
const CHUNK = 4 * MB;

async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t0 = performance.now();
  const r = await fn();
  return [performance.now() - t0, r];
}

/** The baseline: a bare Node server that writes a PUT body to disk. */
async function plainPutServer(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  let n = 0;
  const server = http.createServer((req, res) => {
    const out = createWriteStream(path.join(dir, `put-${n++}`));
    req.pipe(out).on('finish', () => res.writeHead(201).end());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address() as { port: number };
  return { url: `http://127.0.0.1:${addr.port}/`, close: () => new Promise((r) => server.close(() => r())) };
}

async function put(url: string, bytes: Buffer) {
  const res = await fetch(url, { method: 'PUT', body: new Uint8Array(bytes) });
  if (res.status !== 201) throw new Error(`PUT answered ${res.status}`);
}

const app = await startTestApp({}, { listen: true });
const dir = mkdtempSync(path.join(tmpdir(), 'wardnote-bench-'));
const sink = await plainPutServer(dir);
try {
  const token = await app.login('author@wardnote.test');
  const tus = tusClient(app.base, token);
  const file = randomBytes(30 * MB);

  // 1. 30 MB: tus in 4 MB chunks vs one plain PUT.
  await put(sink.url, file); // warm-up
  const [putMs] = await time(() => put(sink.url, file));
  const [tusMs] = await time(async () => {
    const created = await tus.create(file.length);
    let offset = 0;
    while (offset < file.length) offset = (await tus.patch(created.url!, offset, file.subarray(offset, offset + CHUNK))).offset;
  });
  console.log(`tus 30 MB in 4 MB chunks: ${tusMs.toFixed(0)} ms; plain PUT: ${putMs.toFixed(0)} ms; ratio ${(tusMs / putMs).toFixed(2)}`);

  // 2. A connection cut half-way: what is sent again on resume.
  const created = await tus.create(file.length);
  const cutAt = Math.floor(file.length / 2);
  await tus.patchCutOff(created.url!, 0, file, cutAt);
  const { offset: acked } = await tus.offset(created.url!);
  let offset = acked;
  while (offset < file.length) offset = (await tus.patch(created.url!, offset, file.subarray(offset, offset + CHUNK))).offset;
  const sent = cutAt + (file.length - acked);
  console.log(
    `cut at ${(cutAt / MB).toFixed(1)} MB, server had ${(acked / MB).toFixed(1)} MB: re-sent ${(((sent - file.length) / file.length) * 100).toFixed(2)} % of the file`,
  );

  // 3. Drain 20 queued dictations through drainOutbox (IndexedDB in memory, real server).
  const { db } = await import('../src/lib/db/db');
  const { appendChunk, createRecording } = await import('../src/lib/recordings/recording-store');
  const { enqueueDictation } = await import('../src/lib/sync/outbox');
  const { drainOutbox } = await import('../src/lib/sync/drain');
  const { HttpError } = await import('../src/lib/api/errors');
  const audio = readFileSync(makeAudioFixtures(5).webm);
  const deps = (await (await fetch(`${app.base}/api/dictation-options`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    data: { departments: { id: number }[] };
  };
  for (let i = 0; i < 20; i++) {
    const id = crypto.randomUUID();
    await createRecording({ id, tabIndex: null, source: 'recorder', mimeType: 'audio/webm', filename: `bench-${i}.webm` });
    await appendChunk(id, 0, new Uint8Array(audio).buffer, 5000);
    await enqueueDictation(
      id,
      { status: 'READY_FOR_TYPING', department_id: deps.data.departments[0]!.id, original_filename: `bench-${i}.webm` },
      `bench ${i}`,
    );
  }
  const [drainMs, drained] = await time(() =>
    drainOutbox({
      async upload(item, blob) {
        const bytes = Buffer.from(await blob.arrayBuffer());
        const up = await tus.create(bytes.length, { recordingId: item.recordingId, filename: 'bench.webm' });
        await tus.patch(up.url!, 0, bytes);
        return { uploadUrl: up.url! };
      },
      async finalise(item, body) {
        const res = await fetch(`${app.base}/api/dictation`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': item.id },
          body: JSON.stringify(body),
        });
        if (!res.ok) throw new HttpError(res.status, await res.text());
        return ((await res.json()) as { data: never }).data;
      },
      async send() {
        throw new Error('the bench queues recordings only');
      },
    }),
  );
  if (drained !== 20 || (await db.outbox.count()) !== 0) throw new Error(`drained ${drained}, ${await db.outbox.count()} left`);
  const [baseMs] = await time(async () => {
    for (let i = 0; i < 20; i++) await put(sink.url, audio);
  });
  console.log(
    `drain 20 queued dictations (${(audio.length / 1024).toFixed(0)} KB each): ${drainMs.toFixed(0)} ms; 20 plain PUTs: ${baseMs.toFixed(0)} ms; ratio ${(drainMs / baseMs).toFixed(1)}`,
  );
} finally {
  await sink.close();
  await app.close();
  rmSync(dir, { recursive: true, force: true });
}
