// On PostgreSQL too: background jobs' changes arrive by LISTEN/NOTIFY on a separate pooled connection; PGlite delivers them within its single one.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { departments, dictationAudio, jobs, users } from '../../server/db/schema';
import { notifyChange } from '../../server/modules/live/live-channel';
import { MESSAGES } from '../../src/domain/messages';
import { writeTone } from './audio-fixtures';
import { finaliseBody } from './finalise-body';
import { startTestApp, type TestApp } from './harness';
import { openStream, type TestStream } from './live-stream-client';
import { tusClient } from './tus-client';
import { AUTHOR, FOREIGN, SECRETARY } from './worklist-fixtures';

/**
 * Live lists (issue 14): a background job that changes what a list shows tells the open apps of its
 * trust when it finishes, as a change made by a user does: the audio conversion (the lists show
 * whether the recording can be played) ends ready or failed. Another trust's streams hear nothing.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const open: TestStream[] = [];
let dictationId: number;

beforeAll(async () => {
  t = await startTestApp({}, { listen: true });
  for (const email of [AUTHOR, SECRETARY, FOREIGN]) tokens[email] = await t.login(email);
  // A real recording, converted once, so its conversion can be run again below.
  const file = writeTone(path.join(mkdtempSync(path.join(tmpdir(), 'wardnote-live-jobs-')), 'round.wav'), {
    seconds: 1,
    codec: ['-c:a', 'pcm_s16le'],
  });
  const bytes = readFileSync(file);
  const uploadId = await tusClient(t.base, tokens[AUTHOR]!).upload(bytes, { filename: 'round.wav' });
  const [dep] = await t.db.select().from(departments).where(eq(departments.code, 'CAR'));
  const res = await t.call('POST', '/api/dictation', {
    token: tokens[AUTHOR],
    body: finaliseBody(uploadId, bytes.length, dep!.id, { original_filename: 'round.wav', mime_type: 'audio/wav' }),
  });
  expect(res.statusCode, res.body).toBe(201);
  dictationId = res.json().data.id as number;
  await t.app.wardnote.jobs.runUntilIdle();
  expect((await audio()).state).toBe('ready');
});
afterAll(async () => {
  for (const s of open) s.abort();
  await t.close();
});

async function stream(email: string) {
  const s = await openStream(t.base, tokens[email]);
  expect(s.status).toBe(200);
  open.push(s);
  return s;
}

const audio = async () => (await t.call('GET', `/api/dictation/${dictationId}`, { token: tokens[AUTHOR] })).json().data.audio;

/** The conversion is to run again: the audio back to processing, its job due (or, `crashed`, left running on its last try). */
async function convertAgain(crashed = false) {
  await t.db.update(dictationAudio).set({ state: 'processing', playableKey: null }).where(eq(dictationAudio.dictationId, dictationId));
  await t.db
    .update(jobs)
    .set(
      crashed
        ? { state: 'running', attempts: 3, lockedAt: new Date(Date.now() - 3600_000) }
        : { state: 'queued', attempts: 0, runAt: new Date(0) },
    )
    .where(sql`${jobs.payload} ->> 'dictationId' = ${String(dictationId)}`);
}

/** What another trust's stream heard: the first event is a change of its own trust, made now. */
async function heardByOtherTrust(s: TestStream) {
  const [other] = await t.db.select({ trustId: users.trustId }).from(users).where(eq(users.email, FOREIGN));
  await notifyChange(t.db, { t: other!.trustId, p: [], u: [] });
  await s.waitFor('worklist');
  return s.events;
}

describe('background jobs on the live stream', () => {
  it("tells the trust's open lists when a recording's conversion finishes, and no other trust", async () => {
    await convertAgain();
    const secretary = await stream(SECRETARY);
    const foreign = await stream(FOREIGN);

    await t.app.wardnote.jobs.runUntilIdle();
    await secretary.waitFor('worklist');
    expect((await audio()).state).toBe('ready');
    // Kinds only: the frame names no dictation.
    expect(secretary.events).toEqual(['worklist']);
    expect(await heardByOtherTrust(foreign)).toEqual(['worklist']);
  });

  it('tells them too when the conversion is given up after its last try', async () => {
    await convertAgain(true);
    const author = await stream(AUTHOR);
    const foreign = await stream(FOREIGN);

    await t.app.wardnote.jobs.runUntilIdle();
    await author.waitFor('worklist');
    expect(await audio()).toMatchObject({ state: 'failed', message: MESSAGES.audioConversionFailed });
    expect(await heardByOtherTrust(foreign)).toEqual(['worklist']);
  });
});
