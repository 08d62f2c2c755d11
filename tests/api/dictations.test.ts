import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dictations, jobs } from '../../server/db/schema';
import { startTestApp, type TestApp } from './harness';
import { makeAudioFixtures, RECORDER_FILES } from './audio-fixtures';
import { tusClient } from './tus-client';
import { finaliseBody as finaliseBodyFor } from './finalise-body';

let t: TestApp;
let fixtures: ReturnType<typeof makeAudioFixtures>;
let authorToken: string;
let cardiologyId: number;

beforeAll(async () => {
  t = await startTestApp({}, { listen: true });
  fixtures = makeAudioFixtures(3);
  authorToken = await t.login('author@wardnote.test');
  const { departments } = await import('../../server/db/schema');
  const [dep] = await t.db.select().from(departments).where(eq(departments.code, 'CAR'));
  cardiologyId = dep!.id;
});
afterAll(() => t.close());

function finaliseBody(uploadId: string, bytes: number, over: Record<string, unknown> = {}) {
  return finaliseBodyFor(uploadId, bytes, cardiologyId, over);
}

async function uploadFile(file: string, token = authorToken, filename?: string) {
  const bytes = readFileSync(file);
  const id = await tusClient(t.base, token).upload(bytes, { filename: filename ?? file.split('/').pop() });
  return { id, size: bytes.length };
}

describe('tus uploads', () => {
  it('an upload cut off half-way resumes from the offset the server acknowledged', async () => {
    const bytes = readFileSync(fixtures.wav);
    const tus = tusClient(t.base, authorToken);
    const created = await tus.create(bytes.length);
    expect(created.status).toBe(201);
    const half = Math.floor(bytes.length / 2);
    await tus.patchCutOff(created.url!, 0, bytes, half);
    const { offset } = await tus.offset(created.url!);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(half);
    const done = await tus.patch(created.url!, offset, bytes.subarray(offset));
    expect(done.offset).toBe(bytes.length);

    const res = await t.call('POST', '/api/dictation', {
      token: authorToken,
      body: finaliseBody(created.id!, bytes.length, { original_filename: 'resumed.wav' }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.audio.filesize).toBe(bytes.length);
  });

  it('refuses uploads without a token, and hides one user’s upload from another', async () => {
    const anon = await fetch(`${t.base}/api/uploads`, { method: 'POST', headers: { 'tus-resumable': '1.0.0', 'upload-length': '10' } });
    expect(anon.status).toBe(401);
    const created = await tusClient(t.base, authorToken).create(100);
    const other = tusClient(t.base, await t.login('secretary@wardnote.test'));
    expect((await other.offset(created.url!)).status).toBe(404);
    expect((await other.patch(created.url!, 0, Buffer.alloc(100))).status).toBe(404);
  });

  it('a trust admin may not upload dictations', async () => {
    const res = await tusClient(t.base, await t.login('trustadmin@wardnote.test')).create(100);
    expect(res.status).toBe(403);
  });
});

describe('POST /api/dictation (finalise)', () => {
  it('finalising twice gives one dictation', async () => {
    const { id, size } = await uploadFile(fixtures.webm);
    const body = finaliseBody(id, size);
    const first = await t.call('POST', '/api/dictation', { token: authorToken, body });
    const second = await t.call('POST', '/api/dictation', { token: authorToken, body });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json().data.id).toBe(first.json().data.id);
    const rows = await t.db.select().from(dictations).where(eq(dictations.clientId, body.client_id));
    expect(rows).toHaveLength(1);
    const byClient = await t.call('GET', `/api/dictation/by-client/${body.client_id}`, { token: authorToken });
    expect(byClient.json().data.id).toBe(first.json().data.id);
    const notMine = await t.call('GET', `/api/dictation/by-client/${body.client_id}`, { token: await t.login('secretary@wardnote.test') });
    expect(notMine.statusCode).toBe(404);
    const d = first.json().data;
    expect(d.reference).toMatch(/^\d{12}\d{2}$/);
    expect(d).toMatchObject({
      status: 'READY_FOR_TYPING',
      urgent: 'HIGH',
      user: { full_name: 'Daniel Reid' },
      department: { code: 'CAR' },
    });
    expect(d.patient.patient_nhs_id).toBe('9434765919');
  });

  it('saves a draft when asked', async () => {
    const { id, size } = await uploadFile(fixtures.webm);
    const res = await t.call('POST', '/api/dictation', { token: authorToken, body: finaliseBody(id, size, { status: 'DRAFT' }) });
    expect(res.json().data.status).toBe('DRAFT');
  });

  it.each(['wav', 'mp3', 'm4a', 'wma', 'webm'] as const)(
    'a %s recording is transcoded, measured and playable by range request',
    async (kind) => {
      const { id, size } = await uploadFile(fixtures[kind]);
      const res = await t.call('POST', '/api/dictation', {
        token: authorToken,
        body: finaliseBody(id, size, { original_filename: `tone.${kind}` }),
      });
      expect(res.statusCode).toBe(201);
      await t.app.wardnote.jobs.runUntilIdle();
      const got = await t.call('GET', `/api/dictation/${res.json().data.id}`, { token: authorToken });
      const audio = got.json().data.audio;
      expect(audio.state).toBe('ready');
      expect(audio.duration_ms).toBeGreaterThan(2800);
      expect(audio.duration_ms).toBeLessThan(3300);
      expect(audio.peaks.length).toBeGreaterThan(100);
      // ffmpeg's test tone has amplitude 1/8: the peaks must show that level, not silence or clipping.
      // Lossy formats decoded and re-encoded to AAC overshoot it a little (Debian's ffmpeg: up to ~0.22).
      expect(Math.max(...audio.peaks)).toBeGreaterThan(0.09);
      expect(Math.max(...audio.peaks)).toBeLessThan(0.3);
      expect(audio.seconds).toBe(3);

      const ranged = await fetch(`${t.base}${audio.url}`, { headers: { range: 'bytes=0-99' } });
      expect(ranged.status).toBe(206);
      expect(ranged.headers.get('content-range')).toMatch(/^bytes 0-99\//);
      expect((await ranged.arrayBuffer()).byteLength).toBe(100);
    },
  );

  it.each([
    ['ds2', RECORDER_FILES.ds2, 'dictation.ds2'],
    ['dss', RECORDER_FILES.dss, 'DICTATION.DSS'],
  ] as const)('a real %s recorder file is kept and marked as needing conversion', async (_kind, file, name) => {
    const { id, size } = await uploadFile(file, authorToken, name);
    const res = await t.call('POST', '/api/dictation', { token: authorToken, body: finaliseBody(id, size, { original_filename: name }) });
    expect(res.statusCode).toBe(201);
    const audio = res.json().data.audio;
    expect(audio.state).toBe('needs_conversion');
    expect(audio.message).toContain('needs converting');
    expect(audio.filesize).toBe(size);
    expect(audio.url).toBeNull();
    const queued = await t.db.select().from(jobs).where(eq(jobs.state, 'queued'));
    expect(queued.filter((j) => j.payload.dictationId === res.json().data.id)).toHaveLength(0);
  });

  it('a file that is not audio is refused with a message; nothing is created and the upload stays', async () => {
    const junk = Buffer.from('%PDF-1.4 this is a letter, not a recording '.repeat(50));
    const tus = tusClient(t.base, authorToken);
    const uploadId = await tus.upload(junk, { filename: 'letter.mp3' });
    const body = finaliseBody(uploadId, junk.length, { original_filename: 'letter.mp3' });
    const res = await t.call('POST', '/api/dictation', { token: authorToken, body });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain('is not an audio recording');
    expect(await t.db.select().from(dictations).where(eq(dictations.clientId, body.client_id))).toHaveLength(0);
    expect((await tus.offset(`${t.base}/api/uploads/${uploadId}`)).offset).toBe(junk.length);
  });

  it('refuses a byte count that differs from what arrived, and an unfinished upload', async () => {
    const { id, size } = await uploadFile(fixtures.wav);
    const wrong = await t.call('POST', '/api/dictation', { token: authorToken, body: finaliseBody(id, size + 1) });
    expect(wrong.statusCode).toBe(409);
    const unfinished = await tusClient(t.base, authorToken).create(1000);
    const res = await t.call('POST', '/api/dictation', { token: authorToken, body: finaliseBody(unfinished.id!, 1000) });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('not finished uploading');
  });

  it('requires the Service and validates the NHS number check digit', async () => {
    const { id, size } = await uploadFile(fixtures.wav);
    const noService = finaliseBody(id, size);
    delete (noService as Record<string, unknown>).department_id;
    const res = await t.call('POST', '/api/dictation', { token: authorToken, body: noService });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.department_id[0]).toBe('The Service field is required.');
    const badNhs = await t.call('POST', '/api/dictation', {
      token: authorToken,
      body: finaliseBody(id, size, { patient: { patient_nhs_id: '943 476 5918' } }),
    });
    expect(badNhs.statusCode).toBe(422);
    expect(badNhs.json().message).toContain('not a valid NHS number');
  });

  it('a secretary uploads for an author and must say which one', async () => {
    const secretary = await t.login('secretary@wardnote.test');
    const { id, size } = await uploadFile(fixtures.mp3, secretary);
    const none = await t.call('POST', '/api/dictation', { token: secretary, body: finaliseBody(id, size) });
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toContain('Choose the author');
    const authorId = (await t.call('GET', '/api/user', { token: authorToken })).json().data.id;
    const ok = await t.call('POST', '/api/dictation', { token: secretary, body: finaliseBody(id, size, { author_id: authorId }) });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.user.id).toBe(authorId);
  });
});

describe('who may see a dictation and hear its audio', () => {
  let dictationId: number;
  let audioUrl: string;
  beforeAll(async () => {
    const { id, size } = await uploadFile(fixtures.m4a);
    const res = await t.call('POST', '/api/dictation', { token: authorToken, body: finaliseBody(id, size) });
    dictationId = res.json().data.id;
    await t.app.wardnote.jobs.runUntilIdle();
    audioUrl = (await t.call('GET', `/api/dictation/${dictationId}`, { token: authorToken })).json().data.audio.url;
  });

  it("another trust's user gets 404 for the dictation and for its audio", async () => {
    const other = await t.login('other.author@wardnote.test');
    expect((await t.call('GET', `/api/dictation/${dictationId}`, { token: other })).statusCode).toBe(404);
    const audio = await fetch(`${t.base}/api/dictation/${dictationId}/audio`, { headers: { authorization: `Bearer ${other}` } });
    expect(audio.status).toBe(404);
  });

  it('a secretary of the same trust may; a forged or altered link may not', async () => {
    const secretary = await t.login('secretary@wardnote.test');
    expect((await t.call('GET', `/api/dictation/${dictationId}`, { token: secretary })).statusCode).toBe(200);
    expect(
      (await fetch(`${t.base}/api/dictation/${dictationId}/audio`, { headers: { authorization: `Bearer ${secretary}` } })).status,
    ).toBe(200);
    expect((await fetch(`${t.base}${audioUrl}`)).status).toBe(200);
    expect((await fetch(`${t.base}${audioUrl.replace(/sig=[^&]+/, 'sig=forged')}`)).status).toBe(401);
    expect((await fetch(`${t.base}/api/dictation/${dictationId}/audio`)).status).toBe(401);
  });

  it('another author of the same trust does not see it', async () => {
    const pinAuthor = await t.login('pin.author@wardnote.test');
    await t.call('POST', '/api/pin/verify', { token: pinAuthor, body: { pin: '2468' } });
    expect((await t.call('GET', `/api/dictation/${dictationId}`, { token: pinAuthor })).statusCode).toBe(404);
  });
});

describe('GET /api/dictation-options', () => {
  it("gives an author the trust's services and job types, and a secretary the authors too", async () => {
    const asAuthor = (await t.call('GET', '/api/dictation-options', { token: authorToken })).json().data;
    expect(asAuthor.departments.map((d: { code: string }) => d.code).sort()).toEqual(['CAR', 'ORT', 'RES']);
    expect(asAuthor.job_types.find((j: { name: string }) => j.name === 'Referral').custom_fields).toEqual([
      { id: 'referred_to', label: 'Referred to', required: true },
    ]);
    expect(asAuthor.authors).toEqual([]);
    const secretary = await t.login('secretary@wardnote.test');
    const asSecretary = (await t.call('GET', '/api/dictation-options', { token: secretary })).json().data;
    expect(asSecretary.authors.map((a: { full_name: string }) => a.full_name)).toEqual(
      expect.arrayContaining(['Daniel Reid', 'Hannah Price']),
    );
    expect(asSecretary.authors.map((a: { full_name: string }) => a.full_name)).not.toContain('Owen Blake');
  });
});

describe('uploads not finalised within a day', () => {
  it('are swept; fresh ones stay', async () => {
    const tus = tusClient(t.base, authorToken);
    const old = await tus.create(100);
    const fresh = await tus.create(100);
    const removed = await t.app.wardnote.uploads.sweep(Date.now() + 25 * 3600_000);
    expect(removed).toBeGreaterThanOrEqual(2);
    expect((await tus.offset(old.url!)).status).toBe(404);
    const again = await tusClient(t.base, authorToken).create(100);
    expect(await t.app.wardnote.uploads.sweep(Date.now())).toBe(0);
    expect((await tus.offset(again.url!)).status).toBe(200);
    expect(fresh.id).not.toBe(again.id);
  });
});
