import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createS3Storage } from '../../server/adapters/s3-storage';
import { createScratch } from '../../server/adapters/storage';
import { loadConfig } from '../../server/config';
import { departments, dictationAudio } from '../../server/db/schema';
import { writeTone } from './audio-fixtures';
import { finaliseBody } from './finalise-body';
import { startTestApp, type TestApp } from './harness';
import { startS3Emulator, type S3Emulator } from './s3-emulator';
import { tusClient } from './tus-client';

const BUCKET = 'wardnote-audio';
const CREDENTIALS = { accessKeyId: 'wardnote-test', secretAccessKey: 'not-a-real-secret-but-checked' };

let s3: S3Emulator;
let t: TestApp;
let token: string;
let departmentId: number;
/** 120 s of 48 kHz 16-bit tone, about 11 MB: two multipart parts of the tus S3 store (8 MiB each). */
let recording: Buffer;

const rootKeys = () => s3.keys(BUCKET).filter((k) => !k.includes('/'));

beforeAll(async () => {
  s3 = await startS3Emulator({ ...CREDENTIALS, region: 'eu-west-2', buckets: [BUCKET] });
  t = await startTestApp(
    {
      S3_BUCKET: BUCKET,
      S3_REGION: 'eu-west-2',
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    },
    { listen: true },
  );
  token = await t.login('author@wardnote.test');
  const [dep] = await t.db.select().from(departments).where(eq(departments.code, 'CAR'));
  departmentId = dep!.id;
  const dir = mkdtempSync(path.join(tmpdir(), 'wardnote-s3-'));
  recording = readFileSync(writeTone(path.join(dir, 'long.wav'), { seconds: 120, rate: 48000, codec: ['-c:a', 'pcm_s16le'] }));
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

describe('with S3_* set, uploads and audio live in the bucket', () => {
  it('an upload cut off mid-part resumes from the server offset, becomes a dictation and plays by range', async () => {
    expect(recording.length).toBeGreaterThan(9 * 1024 * 1024);
    const tus = tusClient(t.base, token);
    const created = await tus.create(recording.length, { filename: 'ward-round.wav' });
    expect(created.status).toBe(201);
    expect(s3.keys(BUCKET)).toContain(`${created.id}.info`);

    await tus.patchCutOff(created.url!, 0, recording, 3 * 1024 * 1024);
    const { offset } = await tus.offset(created.url!);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(3 * 1024 * 1024);
    const done = await tus.patch(created.url!, offset, recording.subarray(offset));
    expect(done.offset).toBe(recording.length);

    const res = await t.call('POST', '/api/dictation', {
      token,
      body: finaliseBody(created.id!, recording.length, departmentId, { original_filename: 'ward-round.wav', mime_type: 'audio/wav' }),
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id as number;
    const original = s3.keys(BUCKET).find((k) => k.startsWith('originals/'));
    expect(original).toBeDefined();
    expect(s3.object(BUCKET, original!)!.equals(recording)).toBe(true);
    // The finalised upload is removed from the bucket's upload area.
    expect(rootKeys()).toEqual([]);

    await t.app.wardnote.jobs.runUntilIdle();
    const got = (await t.call('GET', `/api/dictation/${id}`, { token })).json().data.audio;
    expect(got.state).toBe('ready');
    expect(got.duration_ms).toBeGreaterThan(119_000);
    expect(got.duration_ms).toBeLessThan(121_000);
    const [row] = await t.db.select().from(dictationAudio).where(eq(dictationAudio.dictationId, id));
    const playable = s3.object(BUCKET, row!.playableKey!);
    expect(playable).toBeDefined();

    const head = await fetch(`${t.base}${got.url}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(playable!.length));
    expect(head.headers.get('accept-ranges')).toBe('bytes');
    expect(head.headers.get('cache-control')).toBe('private, no-store');
    const whole = await fetch(`${t.base}${got.url}`);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(playable!)).toBe(true);
    const part = await fetch(`${t.base}${got.url}`, { headers: { range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${playable!.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(playable!.subarray(1000, 2000))).toBe(true);
    const beyond = await fetch(`${t.base}${got.url}`, { headers: { range: `bytes=${playable!.length + 10}-` } });
    expect(beyond.status).toBe(416);
  });

  it('a file that is not audio is refused and its upload stays in the bucket', async () => {
    const junk = Buffer.from('%PDF-1.4 this is a letter, not a recording '.repeat(50));
    const id = await tusClient(t.base, token).upload(junk, { filename: 'letter.mp3' });
    const res = await t.call('POST', '/api/dictation', {
      token,
      body: finaliseBody(id, junk.length, departmentId, { original_filename: 'letter.mp3' }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain('is not an audio recording');
    expect(s3.object(BUCKET, id)!.equals(junk)).toBe(true);
  });

  it('uploads left unfinalised for a day are swept from the bucket, finished or not; dictation audio stays', async () => {
    const tus = tusClient(t.base, token);
    const unfinished = await tus.create(recording.length);
    await tus.patch(unfinished.url!, 0, recording.subarray(0, 1024 * 1024));
    expect(s3.openUploads().length).toBeGreaterThan(0);
    expect(await t.app.wardnote.uploads.sweep()).toBe(0);

    s3.age(25 * 3600_000);
    expect(await t.app.wardnote.uploads.sweep()).toBeGreaterThanOrEqual(2);
    expect(rootKeys()).toEqual([]);
    expect(s3.openUploads()).toEqual([]);
    expect((await tus.offset(unfinished.url!)).status).toBe(404);
    expect(s3.keys(BUCKET).some((k) => k.startsWith('playable/'))).toBe(true);
    expect(s3.keys(BUCKET).some((k) => k.startsWith('originals/'))).toBe(true);
  });

  it('a wrong secret is refused by the bucket, so a misconfiguration fails loudly', async () => {
    const config = loadConfig({
      S3_BUCKET: BUCKET,
      S3_REGION: 'eu-west-2',
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: 'wrong',
    });
    const storage = createS3Storage(config.s3!, createScratch(mkdtempSync(path.join(tmpdir(), 'wardnote-scratch-'))));
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'wardnote-s3-')), 'a.txt');
    writeFileSync(file, 'hello');
    await expect(storage.putFile(file, 'originals/a.txt')).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    expect(s3.keys(BUCKET)).not.toContain('originals/a.txt');
    expect(config.s3!.forcePathStyle).toBe(true);
  });
});
