import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoStructure } from '../../server/db/demo-structure';
import { templateDoc } from '../../src/domain/letter-doc';
import { startTestApp, type TestApp } from './harness';
import { indexFixturePatient, letterDoc, userId } from './letters-fixtures';
import { AUTHOR, SECRETARY, TRUSTADMIN } from './admin-structure-fixtures';

/**
 * Issue 25: what the rest of Wardnote reads of departments and job types keeps working with the ones an
 * administrator makes (the details form's options, the profile's interaction, the letter the typist starts
 * from, QA routing), and a department or job type made inactive is not offered for new work while the
 * dictations that have it keep it.
 */

let t: TestApp;
const tokens: Record<string, string> = {};
let department: { id: number };
let jobType: { id: number; name: string };

beforeAll(async () => {
  t = await startTestApp();
  await indexFixturePatient(t.db);
  for (const email of [TRUSTADMIN, AUTHOR, SECRETARY]) tokens[email] = await t.login(email);
  department = (await call(TRUSTADMIN, 'POST', '/api/departments', { name: 'Haematology', code: 'HAE' })).json().data;
  jobType = (
    await call(TRUSTADMIN, 'POST', '/api/job-types', {
      name: 'Haematology Clinic Letter',
      department_id: department.id,
      recipient: ['gp'],
      copy: ['patient'],
      custom_fields: [{ label: 'Blood group', kind: 'choice', required: false, options: ['A', 'B', 'AB', 'O'] }],
      template: ['Diagnosis', 'Blood results', 'Plan'],
      qa_required: true,
    })
  ).json().data;
}, 60_000);
afterAll(() => t?.close());

const call = (who: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, body?: unknown) =>
  t.call(method, url, { token: tokens[who], body });
const options = async () =>
  (await call(AUTHOR, 'GET', '/api/dictation-options')).json().data as {
    departments: { id: number }[];
    job_types: { id: number; custom_fields: { id: string; label: string }[] }[];
  };
const manualLetter = async (body: Record<string, unknown> = {}) =>
  call(SECRETARY, 'POST', '/api/dictation/manual', {
    author_id: await userId(t.db, AUTHOR),
    department_id: department.id,
    job_type_id: jobType.id,
    patient: { patient_first_name: 'Test', patient_last_name: 'PATIENT', patient_nhs_id: '9434765919' },
    ...body,
  });

describe('what the rest of Wardnote reads of a job type an administrator made', () => {
  it('is offered on the details form with its custom fields, and in the profile’s interaction with its recipients', async () => {
    const offered = await options();
    expect(offered.departments.map((d) => d.id)).toContain(department.id);
    expect(offered.job_types.find((j) => j.id === jobType.id)?.custom_fields).toMatchObject([{ id: 'blood_group', label: 'Blood group' }]);
    const interaction = (await call(AUTHOR, 'GET', '/api/interaction')).json().data;
    expect(interaction).toContainEqual({
      id: jobType.id,
      job_type: { id: jobType.id, name: jobType.name, recipient: ['gp'], copy: ['patient'] },
    });
  });

  it('starts the typist’s letter from its template, and sends its letters to QA review', async () => {
    const made = await manualLetter();
    expect(made.statusCode).toBe(201);
    const id = made.json().data.id;
    const letter = (await call(SECRETARY, 'GET', `/api/dictation/${id}/letter`)).json().data;
    expect(letter.doc).toEqual(templateDoc(['Diagnosis', 'Blood results', 'Plan']));
    await call(SECRETARY, 'PUT', `/api/dictation/${id}/letter`, { doc: letterDoc('Haemoglobin 132 g/L.'), base_version: 0 });
    const sent = await call(SECRETARY, 'POST', `/api/dictation/${id}/transition`, { action: 'send_for_approval', base_version: 1 });
    expect(sent.json().data.status).toBe('QA_REVIEW');
  });
});

describe('inactive departments and job types', () => {
  let existing: number;

  beforeAll(async () => {
    existing = (await manualLetter()).json().data.id;
    await call(TRUSTADMIN, 'PATCH', `/api/departments/${department.id}`, { active: false });
    await call(TRUSTADMIN, 'PATCH', `/api/job-types/${jobType.id}`, { active: false });
  });

  it('stay on the dictations that have them', async () => {
    const d = (await call(SECRETARY, 'GET', `/api/dictation/${existing}`)).json().data;
    expect(d.department).toMatchObject({ name: 'Haematology', code: 'HAE' });
    expect(d.jobtype).toMatchObject({ name: 'Haematology Clinic Letter' });
    const letter = (await call(SECRETARY, 'GET', `/api/dictation/${existing}/letter`)).json().data;
    expect(letter.doc).toEqual(templateDoc(['Diagnosis', 'Blood results', 'Plan']));
  });

  it('are not offered on the details form of new work', async () => {
    const offered = await options();
    expect(offered.departments.map((d) => d.id)).not.toContain(department.id);
    expect(offered.job_types.map((j) => j.id)).not.toContain(jobType.id);
  });

  it('are not in the profile’s interaction', async () => {
    const interaction = (await call(AUTHOR, 'GET', '/api/interaction')).json().data as { id: number }[];
    expect(interaction.map((i) => i.id)).not.toContain(jobType.id);
  });

  it('are refused for new work, in words by field', async () => {
    const res = await manualLetter();
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors ?? {})).toEqual(expect.arrayContaining(['department_id']));
  });
});

describe('the demo trust’s structure (server/db/demo-structure.ts)', () => {
  it('adds a job type with typed fields and sampling, and an inactive department and job type, as the pages show them', async () => {
    await seedDemoStructure(t.db);
    const inactive = (await call(TRUSTADMIN, 'GET', '/api/departments?active=false')).json().data.data as { name: string }[];
    expect(inactive.map((d) => d.name)).toContain('Ophthalmology');
    const types = (await call(TRUSTADMIN, 'GET', '/api/job-types?paginate=100')).json().data.data as { name: string; active: boolean }[];
    expect(types.find((j) => j.name === 'Fracture Clinic Letter')).toMatchObject({
      department: { code: 'ORT' },
      custom_fields: [
        { id: 'side', kind: 'choice', required: true, options: ['Left', 'Right', 'Both'] },
        { id: 'date_of_injury', kind: 'date', required: false, options: [] },
      ],
      qa_percent: 10,
      turnaround_days: 3,
    });
    expect(types.find((j) => j.name === 'Telephone Consultation')?.active).toBe(false);
  });
});
