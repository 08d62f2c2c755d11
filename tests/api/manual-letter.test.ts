import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dictations } from '../../server/db/schema';
import { DEMO_TEMPLATES } from '../../server/db/seed';
import { templateDoc } from '../../src/domain/letter-doc';
import { startTestApp, type TestApp } from './harness';
import { AUTHOR, SECRETARY, MANAGER, FOREIGN } from './worklist-fixtures';
import { indexFixturePatient, letterDoc, userId } from './letters-fixtures';

let t: TestApp;
const tokens: Record<string, string> = {};
let options: { departments: { id: number }[]; job_types: { id: number; name: string }[] };

beforeAll(async () => {
  t = await startTestApp();
  // Every recipient reachable: a send for approval is refused otherwise (issue 23, tests/api/send-check.test.ts).
  await indexFixturePatient(t.db);
  for (const email of [AUTHOR, SECRETARY, MANAGER, FOREIGN]) tokens[email] = await t.login(email);
  options = (await t.call('GET', '/api/dictation-options', { token: tokens[SECRETARY] })).json().data;
});
afterAll(() => t.close());

const jobType = (name: string) => options.job_types.find((j) => j.name === name)!.id;
const create = (who: string, body: unknown, headers?: Record<string, string>) =>
  t.call('POST', '/api/dictation/manual', { token: tokens[who], body, headers });
const valid = async () => ({
  author_id: await userId(t.db, AUTHOR),
  department_id: options.departments[0]!.id,
  job_type_id: jobType('Clinic Letter'),
  patient: { patient_first_name: 'Test', patient_last_name: 'PATIENT', patient_nhs_id: '9434765919' },
});

describe('POST /api/dictation/manual', () => {
  it('makes a letter without audio, being typed by its creator, from the job type’s template; then saved and sent for approval', async () => {
    const res = await create(SECRETARY, await valid());
    expect(res.statusCode).toBe(201);
    const dictation = res.json().data;
    expect(dictation).toMatchObject({
      status: 'BEING_TYPED',
      is_mobile: false,
      audio: null,
      user: { full_name: 'Daniel Reid' },
      assigned_to: { user_id: await userId(t.db, SECRETARY) },
      jobtype: { name: 'Clinic Letter' },
      patient: { patient_last_name: 'PATIENT' },
    });
    expect(dictation.reference).toMatch(/^\d{14}$/);

    const letter = (await t.call('GET', `/api/dictation/${dictation.id}/letter`, { token: tokens[SECRETARY] })).json().data;
    expect(letter).toMatchObject({ version: 0, editable: true, doc: templateDoc(DEMO_TEMPLATES['Clinic Letter']) });

    const saved = await t.call('PUT', `/api/dictation/${dictation.id}/letter`, {
      token: tokens[SECRETARY],
      body: { doc: letterDoc('Typed without a recording.'), base_version: 0 },
    });
    expect(saved.json().data.version).toBe(1);
    const sent = await t.call('POST', `/api/dictation/${dictation.id}/transition`, {
      token: tokens[SECRETARY],
      body: { action: 'send_for_approval', base_version: 1 },
    });
    expect(sent.json().data.status).toBe('AUTHOR_APPROVAL');

    // The author sees it in their approval queue, with a blank length.
    const queue = (await t.call('GET', '/api/dictation?status=AUTHOR_APPROVAL', { token: tokens[AUTHOR] })).json().data.data;
    const row = queue.find((r: { id: number }) => r.id === dictation.id);
    expect(row).toMatchObject({ reference: dictation.reference, audio: null });
    expect((await t.call('GET', `/api/dictation/${dictation.id}`, { token: tokens[AUTHOR] })).json().data.audio).toBeNull();
    expect((await t.call('GET', `/api/dictation/${dictation.id}/audio`, { token: tokens[AUTHOR] })).statusCode).toBe(404);
    const trail = (await t.call('GET', `/api/dictation/${dictation.id}/logs`, { token: tokens[AUTHOR] })).json().data.data;
    expect(trail.map((l: { description: string }) => l.description)).toEqual(['Sent to the author for approval', 'Manual letter started']);
  });

  it('is for Managers and Secretaries, for an author of their own trust', async () => {
    expect((await create(MANAGER, await valid())).statusCode).toBe(201);
    expect((await create(AUTHOR, await valid())).statusCode).toBe(403);
    const foreignAuthor = await create(SECRETARY, { ...(await valid()), author_id: await userId(t.db, FOREIGN) });
    expect(foreignAuthor.statusCode).toBe(422);
    expect(foreignAuthor.json().message).toBe('That author cannot be chosen.');
    const notAuthor = await create(SECRETARY, { ...(await valid()), author_id: await userId(t.db, MANAGER) });
    expect(notAuthor.statusCode).toBe(422);
  });

  it('checks the details like a recording: Service required, NHS number, the job type’s required fields', async () => {
    const { department_id: _, ...noService } = await valid();
    const res = await create(SECRETARY, noService);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain('The Service field is required.');
    const badNhs = await create(SECRETARY, { ...(await valid()), patient: { patient_nhs_id: '1234567890' } });
    expect(badNhs.statusCode).toBe(422);
    const referral = await create(SECRETARY, { ...(await valid()), job_type_id: jobType('Referral') });
    expect(referral.statusCode).toBe(422);
    expect(referral.json().message).toBe('Fill in Referred to.');
    const filled = await create(SECRETARY, {
      ...(await valid()),
      job_type_id: jobType('Referral'),
      custom_fields: [{ id: 'referred_to', value: 'Cardiology' }],
    });
    expect(filled.statusCode).toBe(201);
  });

  it('makes one letter for a replayed Idempotency-Key', async () => {
    const before = (await t.db.select().from(dictations)).length;
    const headers = { 'idempotency-key': 'manual-letter-0001' };
    const first = await create(SECRETARY, await valid(), headers);
    const again = await create(SECRETARY, await valid(), headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect((await t.db.select().from(dictations)).length).toBe(before + 1);
    const stored = (await t.db.select().from(dictations).where(eq(dictations.id, first.json().data.id)))[0]!;
    expect(stored.createdBy).toBe(await userId(t.db, SECRETARY));
  });
});
