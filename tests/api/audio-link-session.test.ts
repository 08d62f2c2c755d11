import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { departments } from '../../server/db/schema';
import { writeTone } from './audio-fixtures';
import { finaliseBody } from './finalise-body';
import { startTestApp, type TestApp } from './harness';
import { tusClient } from './tus-client';

/** Issue 7 point 8: a signed audio link lives only as long as the session it was made for. */
let t: TestApp;
let dictationId: number;

beforeAll(async () => {
  t = await startTestApp({}, { listen: true });
  const token = await t.login('author@wardnote.test');
  const [dep] = await t.db.select().from(departments).where(eq(departments.code, 'CAR'));
  const tone = readFileSync(writeTone(path.join(t.dataDir, 'link-tone.wav'), { seconds: 1 }));
  const uploadId = await tusClient(t.base, token).upload(tone, { filename: 'link.wav' });
  const res = await t.call('POST', '/api/dictation', { token, body: finaliseBody(uploadId, tone.length, dep!.id) });
  expect(res.statusCode).toBe(201);
  dictationId = res.json().data.id;
  await t.app.wardnote.jobs.runUntilIdle();
});
afterAll(() => t.close());

async function linkFor(token: string): Promise<string> {
  const url = (await t.call('GET', `/api/dictation/${dictationId}`, { token })).json().data.audio.url as string | null;
  expect(url).toMatch(/^\/api\/dictation\/\d+\/audio\?/);
  return url!;
}

describe('signed audio links', () => {
  it('stop working when their session signs out; another session’s links carry on', async () => {
    const first = await t.login('author@wardnote.test');
    const second = await t.login('author@wardnote.test');
    const firstLink = await linkFor(first);
    const secondLink = await linkFor(second);
    const playing = await t.call('GET', firstLink);
    expect(playing.statusCode).toBe(200);
    expect(playing.headers['cache-control']).toBe('private, no-store');

    expect((await t.call('POST', '/api/logout', { token: first })).statusCode).toBe(200);
    const after = await t.call('GET', firstLink);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('unauthenticated');
    expect((await t.call('GET', secondLink)).statusCode).toBe(200);
  });

  it('cannot be moved to another session by editing the link', async () => {
    const token = await t.login('author@wardnote.test');
    const link = await linkFor(token);
    const s = Number(new URL(link, 'http://x').searchParams.get('s'));
    expect(Number.isInteger(s)).toBe(true);
    expect((await t.call('GET', link.replace(`s=${s}`, `s=${s + 1}`))).statusCode).toBe(401);
  });
});
