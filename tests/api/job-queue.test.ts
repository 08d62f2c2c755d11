// On PostgreSQL too: two workers claim jobs at once through pg_advisory_xact_lock and FOR UPDATE SKIP LOCKED; only PostgreSQL runs the claims in parallel.
import { appendFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { MESSAGES } from '../../src/domain/messages';
import { departments, dictationAudio, jobs } from '../../server/db/schema';
import { startTestApp, type TestApp } from './harness';
import { writeTone } from './audio-fixtures';
import { ffmpegWrapper, isAlive } from './ffmpeg-wrapper';
import { tusClient } from './tus-client';
import { finaliseBody } from './finalise-body';

/**
 * Issue 7 §2: a conversion that hangs is killed at FFMPEG_TIMEOUT_SECONDS with every process it
 * started, retried a bounded number of times, then marked failed with a plain message; meanwhile the
 * other dictations' conversions run beside it (JOB_CONCURRENCY) and finish.
 */
const HANG = 'WARDNOTE-HANG-MARKER';
const MAX_ATTEMPTS = 3;
let t: TestApp;
let ffmpeg: ReturnType<typeof ffmpegWrapper>;
let token: string;
let departmentId: number;
let dir: string;

beforeAll(async () => {
  ffmpeg = ffmpegWrapper({ hangOn: HANG });
  t = await startTestApp({ FFMPEG_PATH: ffmpeg.path, FFMPEG_TIMEOUT_SECONDS: '5', JOB_CONCURRENCY: '2' }, { listen: true });
  token = await t.login('author@wardnote.test');
  const [dep] = await t.db.select().from(departments).where(eq(departments.code, 'CAR'));
  departmentId = dep!.id;
  dir = mkdtempSync(path.join(tmpdir(), 'wardnote-jobs-'));
});
afterAll(() => t.close());

/** A real 1 s WAV; with `hang`, the marker after its data makes the test ffmpeg hang on converting it. */
async function dictate(name: string, hang = false): Promise<number> {
  const file = writeTone(path.join(dir, name), { seconds: 1, codec: ['-c:a', 'pcm_s16le'] });
  if (hang) appendFileSync(file, HANG);
  const bytes = readFileSync(file);
  const uploadId = await tusClient(t.base, token).upload(bytes, { filename: name });
  const res = await t.call('POST', '/api/dictation', {
    token,
    body: finaliseBody(uploadId, bytes.length, departmentId, { original_filename: name, mime_type: 'audio/wav' }),
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.id as number;
}

const audioOf = async (id: number) => (await t.call('GET', `/api/dictation/${id}`, { token })).json().data.audio;
const jobOf = async (id: number) =>
  (
    await t.db
      .select()
      .from(jobs)
      .where(sql`${jobs.payload} ->> 'dictationId' = ${String(id)}`)
  )[0]!;

/** As a crash in the middle of a run leaves things: the job running, claimed an hour ago; the audio processing. */
async function crashedDuringRun(id: number, attempts: number) {
  await t.app.wardnote.jobs.runUntilIdle(); // the run the finalise started
  const job = await jobOf(id);
  await t.db
    .update(jobs)
    .set({ state: 'running', attempts, lockedAt: new Date(Date.now() - 3600_000) })
    .where(eq(jobs.id, job.id));
  await t.db.update(dictationAudio).set({ state: 'processing', playableKey: null }).where(eq(dictationAudio.dictationId, id));
}

describe('a conversion that hangs', () => {
  it('is killed with its children, retried a bounded number of times and marked failed, while another dictation converts beside it', async () => {
    const hung = await dictate('hangs.wav', true);
    const good = await dictate('good.wav');

    const draining = t.app.wardnote.jobs.runUntilIdle();
    // The good dictation, queued after the hung one, becomes ready while the hung one is still running.
    let goodAudio = await audioOf(good);
    while (goodAudio.state === 'processing' && (await jobOf(hung)).state !== 'queued') {
      await new Promise((r) => setTimeout(r, 100));
      goodAudio = await audioOf(good);
    }
    expect(goodAudio.state).toBe('ready');
    expect((await jobOf(hung)).state).toBe('running');
    await draining;

    // The first run was stopped at the time limit; the script and its child are gone.
    const firstRun = await jobOf(hung);
    expect(firstRun.state).toBe('queued');
    expect(firstRun.attempts).toBe(1);
    expect(firstRun.lastError).toContain('did not finish within 5 s');
    expect(ffmpeg.hungPids()).toHaveLength(2);
    expect(ffmpeg.hungPids().filter(isAlive)).toEqual([]);
    // While it is retried the author still sees it being processed, not failed.
    expect((await audioOf(hung)).state).toBe('processing');

    // Retries are due at once instead of after the backoff.
    for (let run = 2; run <= MAX_ATTEMPTS + 2; run++) {
      await t.db
        .update(jobs)
        .set({ runAt: new Date(0) })
        .where(and(eq(jobs.id, firstRun.id), eq(jobs.state, 'queued')));
      await t.app.wardnote.jobs.runUntilIdle();
    }
    const last = await jobOf(hung);
    expect(last.state).toBe('failed');
    expect(last.attempts).toBe(MAX_ATTEMPTS);
    expect(ffmpeg.hungPids()).toHaveLength(2 * MAX_ATTEMPTS);
    expect(ffmpeg.hungPids().filter(isAlive)).toEqual([]);
    const audio = await audioOf(hung);
    expect(audio.state).toBe('failed');
    expect(audio.message).toBe(MESSAGES.audioConversionFailed);
    expect(audio.url).toBeNull();
    expect((await audioOf(good)).state).toBe('ready');
  });

  it('left running by a server that stopped, is taken over once its lease lapses, and given up after its last attempt', async () => {
    const id = await dictate('interrupted.wav');
    await crashedDuringRun(id, MAX_ATTEMPTS);
    expect((await audioOf(id)).state).toBe('processing');
    const before = ffmpeg.calls().length;
    await t.app.wardnote.jobs.runUntilIdle();
    expect((await jobOf(id)).state).toBe('failed');
    expect(ffmpeg.calls().slice(before)).toEqual([]);
    const audio = await audioOf(id);
    expect(audio.state).toBe('failed');
    expect(audio.message).toBe(MESSAGES.audioConversionFailed);
  });

  it('left running with attempts to spare, is run again and finishes', async () => {
    const id = await dictate('resumed.wav');
    await crashedDuringRun(id, 1);
    expect((await audioOf(id)).state).toBe('processing');
    await t.app.wardnote.jobs.runUntilIdle();
    expect((await jobOf(id)).state).toBe('done');
    expect((await audioOf(id)).state).toBe('ready');
  });
});

describe('jobs of one dictation', () => {
  it('never run at the same time, while another dictation’s job runs beside them', async () => {
    const queue = t.app.wardnote.jobs;
    const running = new Map<number, number>();
    const overlaps: number[] = [];
    const order: string[] = [];
    let otherStarted!: () => void;
    const otherHasStarted = new Promise<void>((resolve) => (otherStarted = resolve));
    queue.register('test.exclusive', async (payload) => {
      const id = Number(payload.dictationId);
      if ((running.get(id) ?? 0) > 0) overlaps.push(id);
      running.set(id, (running.get(id) ?? 0) + 1);
      order.push(`start ${String(payload.name)}`);
      if (payload.name === 'other') otherStarted();
      // The first job of dictation 1 holds its worker until the other dictation's job has started.
      if (payload.name === 'first') await otherHasStarted;
      running.set(id, running.get(id)! - 1);
    });
    await queue.enqueue('test.exclusive', { dictationId: 900_001, name: 'first' });
    await queue.enqueue('test.exclusive', { dictationId: 900_001, name: 'second' });
    await queue.enqueue('test.exclusive', { dictationId: 900_002, name: 'other' });
    await queue.runUntilIdle();
    expect(overlaps).toEqual([]);
    expect(order).toEqual(['start first', 'start other', 'start second']);
    const states = await t.db.select().from(jobs).where(eq(jobs.kind, 'test.exclusive'));
    expect(states.map((j) => j.state)).toEqual(['done', 'done', 'done']);
  });
});
