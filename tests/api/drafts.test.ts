import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { departments, dictationLogs, idempotencyKeys, jobTypes } from '../../server/db/schema';
import { forgetOldIdempotencyKeys } from '../../server/lib/idempotency';
import { writeTone } from './audio-fixtures';
import { finaliseBody } from './finalise-body';
import { startTestApp, type TestApp } from './harness';
import { tusClient } from './tus-client';

let t: TestApp;
let author: string;
let cardiology: number;
let tone: Buffer;

beforeAll(async () => {
  t = await startTestApp({}, { listen: true });
  author = await t.login('author@wardnote.test');
  const [dep] = await t.db.select().from(departments).where(eq(departments.code, 'CAR'));
  cardiology = dep!.id;
  tone = readFileSync(writeTone(path.join(mkdtempSync(path.join(tmpdir(), 'wardnote-draft-')), 'tone.wav'), { seconds: 1 }));
});
afterAll(() => t.close());

async function saveDraft(token = author) {
  const uploadId = await tusClient(t.base, token).upload(tone, { filename: 'draft.wav' });
  const res = await t.call('POST', '/api/dictation', {
    token,
    body: finaliseBody(uploadId, tone.length, cardiology, { status: 'DRAFT', urgent: 'STANDARD', original_filename: 'draft.wav' }),
  });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: number; status: string };
}

function changes(over: Record<string, unknown> = {}) {
  return {
    status: 'DRAFT',
    department_id: cardiology,
    urgent: 'HIGH',
    is_confidential: true,
    patient: { patient_first_name: 'Grace', patient_last_name: 'Hopper', patient_nhs_id: '943 476 5919', patient_mrn_id: 'MRN-7' },
    custom_fields: [],
    ...over,
  };
}

const patch = (id: number, body: unknown, key?: string, token = author) =>
  t.call('PATCH', `/api/dictation/${id}`, { token, body, headers: key ? { 'idempotency-key': key } : {} });

describe('PATCH /api/dictation/:id on a draft', () => {
  it('changes the details and keeps it a draft', async () => {
    const d = await saveDraft();
    const res = await patch(d.id, changes());
    expect(res.statusCode).toBe(200);
    const got = (await t.call('GET', `/api/dictation/${d.id}`, { token: author })).json().data;
    expect(got.status).toBe('DRAFT');
    expect(got.urgent).toBe('HIGH');
    expect(got.is_confidential).toBe(true);
    expect(got.patient).toMatchObject({ patient_first_name: 'Grace', patient_last_name: 'Hopper', patient_nhs_id: '9434765919' });
  });

  it('submits once however often the device replays it with the same Idempotency-Key', async () => {
    const d = await saveDraft();
    const key = 'outbox-0f8d6c1e-4b7a-4d2e-9a55-1c2b3d4e5f60';
    const first = await patch(d.id, changes({ status: 'READY_FOR_TYPING' }), key);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.status).toBe('READY_FOR_TYPING');
    const replay = await patch(d.id, changes({ status: 'READY_FOR_TYPING' }), key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const logs = await t.db
      .select()
      .from(dictationLogs)
      .where(and(eq(dictationLogs.dictationId, d.id), eq(dictationLogs.type, 'submitted')));
    expect(logs).toHaveLength(1);

    const again = await patch(d.id, changes({ status: 'DRAFT' }), 'another-key-123');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This dictation has already been submitted, so its details can no longer be changed here.');

    const other = await saveDraft();
    const reused = await patch(other.id, changes(), key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe('This request key was already used for a different request.');
    expect((await t.call('GET', `/api/dictation/${other.id}`, { token: author })).json().data.urgent).toBe('STANDARD');
  });

  it('refuses bad details with a message and changes nothing', async () => {
    const d = await saveDraft();
    const noService = await patch(d.id, changes({ department_id: undefined }));
    expect(noService.statusCode).toBe(422);
    const badNhs = await patch(d.id, changes({ patient: { patient_nhs_id: '943 476 5918' } }));
    expect(badNhs.statusCode).toBe(422);
    expect(badNhs.json().message).toContain('NHS number');
    const [referral] = await t.db.select().from(jobTypes).where(eq(jobTypes.name, 'Referral'));
    const missing = await patch(d.id, changes({ job_type_id: referral!.id }));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe('Fill in Referred to.');
    const badKey = await patch(d.id, changes(), 'no spaces allowed');
    expect(badKey.statusCode).toBe(422);
    const got = (await t.call('GET', `/api/dictation/${d.id}`, { token: author })).json().data;
    expect(got.urgent).toBe('STANDARD');
    expect(got.patient.patient_first_name).toBe('Ada');
  });

  it('is the recorder’s own: another author, a secretary or another trust gets 404, a trust admin 403', async () => {
    const d = await saveDraft();
    expect((await patch(d.id, changes(), undefined, await t.login('other.author@wardnote.test'))).statusCode).toBe(404);
    expect((await patch(d.id, changes(), undefined, await t.login('scribe@wardnote.test'))).statusCode).toBe(404);
    expect((await patch(d.id, changes(), undefined, await t.login('trustadmin@wardnote.test'))).statusCode).toBe(403);
    expect((await patch(d.id, changes(), undefined, await t.login('secretary@wardnote.test'))).statusCode).toBe(404);
  });
});

describe('idempotency keys', () => {
  it('are forgotten after a week', async () => {
    const userId = (await t.call('GET', '/api/user', { token: author })).json().data.id as number;
    await t.db.insert(idempotencyKeys).values([
      {
        userId,
        key: 'old-key-0001',
        method: 'PATCH',
        path: '/api/dictation/1',
        statusCode: 200,
        createdAt: new Date(Date.now() - 8 * 86_400_000),
      },
      { userId, key: 'new-key-0001', method: 'PATCH', path: '/api/dictation/1', statusCode: 200 },
    ]);
    await forgetOldIdempotencyKeys(t.db);
    const left = (await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, userId))).map((k) => k.key);
    expect(left).toContain('new-key-0001');
    expect(left).not.toContain('old-key-0001');
  });
});
