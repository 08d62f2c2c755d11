import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, departments, jobTypes, users } from '../../server/db/schema';
import { startTestApp, type TestApp } from './harness';
import { makeDictation } from './worklist-fixtures';
import { AUTHOR, TRUSTADMIN, trustIds } from './admin-structure-fixtures';

/**
 * Issue 25, departments and job types: the rules. Name and code unique per trust (422 naming the field),
 * a department or job type in use is deactivated rather than deleted (409 saying so), custom field ids kept
 * across edits, the contract's refusals in words, lists in the Laravel envelope, and every change in the
 * audit log with before and after.
 */

let t: TestApp;
let admin: string;
let trusts: { ours: number; theirs: number };

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login(TRUSTADMIN);
  trusts = await trustIds(t.db);
}, 60_000);
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, token = admin) =>
  t.call(method, url, { token, body });

const lastAudit = async (entityType: string, id: number) =>
  (
    await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, String(id))))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0]!;

describe('departments', () => {
  it('adds one (code in capitals, text trimmed), lists it, and audits it with before and after', async () => {
    const res = await call('POST', '/api/departments', { name: '  Dermatology ', code: ' der ' });
    expect(res.statusCode).toBe(201);
    const made = res.json().data;
    expect(made).toEqual({ id: expect.any(Number), trust_id: trusts.ours, name: 'Dermatology', code: 'DER', active: true, job_types: 0 });
    const audit = await lastAudit('department', made.id);
    expect(audit).toMatchObject({
      action: 'department.created',
      trustId: trusts.ours,
      details: { before: null, after: { name: 'Dermatology', code: 'DER', active: true } },
    });

    const list = (await call('GET', '/api/departments?search=derm')).json();
    expect(list.data).toMatchObject({ data: [made], current_page: 1, last_page: 1, total: 1, next_page_url: null, prev_page_url: null });
  });

  it('refuses a name or code the trust already has (any letter case), naming the field; another trust may have them', async () => {
    const name = await call('POST', '/api/departments', { name: 'CARDIOLOGY', code: 'CX' });
    expect(name.statusCode).toBe(422);
    expect(name.json()).toMatchObject({
      code: 'department_name_taken',
      errors: { name: [expect.stringContaining('already has a department called')] },
    });
    const code = await call('POST', '/api/departments', { name: 'Cardiac Surgery', code: 'car' });
    expect(code.statusCode).toBe(422);
    expect(code.json().errors).toEqual({
      code: ['The code CAR is already used by another department of this trust. Choose another code.'],
    });
    const both = await call('POST', '/api/departments', { name: 'Respiratory', code: 'RES' });
    expect(Object.keys(both.json().errors).sort()).toEqual(['code', 'name']);
    const elsewhere = await call(
      'POST',
      '/api/departments',
      { trust_id: trusts.theirs, name: 'Cardiology', code: 'CAR' },
      await t.login('superadmin@wardnote.test'),
    );
    expect(elsewhere.statusCode).toBe(201);

    const [ortho] = await t.db
      .select()
      .from(departments)
      .where(and(eq(departments.trustId, trusts.ours), eq(departments.code, 'ORT')));
    const rename = await call('PATCH', `/api/departments/${ortho!.id}`, { name: 'respiratory' });
    expect(rename.statusCode).toBe(422);
    expect(rename.json().errors.name).toHaveLength(1);
    // Its own name in another case is not a clash.
    expect((await call('PATCH', `/api/departments/${ortho!.id}`, { name: 'ORTHOPAEDICS' })).statusCode).toBe(200);
  });

  it('refuses what the contract refuses, in words by field', async () => {
    const cases: [unknown, string, string][] = [
      [{ name: '', code: 'X' }, 'name', 'Enter the department’s name.'],
      [{ name: 'X'.repeat(101), code: 'X' }, 'name', 'Use at most 100 characters for the name.'],
      [{ name: 'Renal', code: 'RE N' }, 'code', 'Use capital letters, digits and hyphens only in the code, such as CAR or ENT-2.'],
      [{ name: 'Renal', code: 'ABCDEFGHIJK' }, 'code', 'Use at most 10 characters for the code.'],
      [{ name: 'Renal' }, 'code', 'This field is required.'],
      [{ name: 'Renal', code: 'REN', colour: 'red' }, '_', 'Unknown field: colour.'],
    ];
    for (const [body, field, words] of cases) {
      const res = await call('POST', '/api/departments', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors[field], JSON.stringify(body)).toEqual([words]);
    }
    const [car] = await t.db.select().from(departments).where(eq(departments.code, 'CAR'));
    expect((await call('PATCH', `/api/departments/${car!.id}`, {})).json().message).toBe(
      'Change the name, the code or whether the department is active.',
    );
  });

  it('renames, recodes, deactivates and reactivates, each audited with before and after; the active filter finds it', async () => {
    const { data: made } = (await call('POST', '/api/departments', { name: 'Neurology', code: 'NEU' })).json();
    const renamed = await call('PATCH', `/api/departments/${made.id}`, { name: 'Neurosciences', code: 'NSC' });
    expect(renamed.json().data).toMatchObject({ name: 'Neurosciences', code: 'NSC', active: true });
    expect((await lastAudit('department', made.id)).details).toEqual({
      before: { name: 'Neurology', code: 'NEU', active: true },
      after: { name: 'Neurosciences', code: 'NSC', active: true },
    });

    expect((await call('PATCH', `/api/departments/${made.id}`, { active: false })).json().data.active).toBe(false);
    expect(await lastAudit('department', made.id)).toMatchObject({
      action: 'department.deactivated',
      userId: expect.any(Number),
      details: { before: { active: true }, after: { active: false } },
    });
    const inactive = (await call('GET', '/api/departments?active=false')).json().data.data.map((d: { id: number }) => d.id);
    expect(inactive).toContain(made.id);
    expect((await call('GET', '/api/departments?active=true')).json().data.data.map((d: { id: number }) => d.id)).not.toContain(made.id);

    await call('PATCH', `/api/departments/${made.id}`, { active: true });
    expect((await lastAudit('department', made.id)).action).toBe('department.reactivated');
  });

  it('deletes one nothing refers to; one in use is refused, telling the user to deactivate it', async () => {
    const { data: unused } = (await call('POST', '/api/departments', { name: 'Podiatry', code: 'POD' })).json();
    const gone = await call('DELETE', `/api/departments/${unused.id}`);
    expect(gone.statusCode).toBe(200);
    expect(gone.json().message).toBe('Deleted: Podiatry.');
    expect(await lastAudit('department', unused.id)).toMatchObject({
      action: 'department.deleted',
      details: { before: { name: 'Podiatry', code: 'POD', active: true }, after: null },
    });
    expect((await call('GET', `/api/departments/${unused.id}`)).statusCode).toBe(404);

    const { data: used } = (await call('POST', '/api/departments', { name: 'Urology', code: 'URO' })).json();
    await call('POST', '/api/job-types', { name: 'Urology Clinic Letter', department_id: used.id, recipient: ['gp'] });
    await makeDictation(t.db, { author: AUTHOR, status: 'AUTHOR_APPROVAL', department: 'URO' });
    const refused = await call('DELETE', `/api/departments/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'department_in_use',
      message:
        'Urology cannot be deleted: 1 job type and 1 dictation refer to it. Deactivate it instead: it stays on its existing work but is no longer offered for new work.',
    });
    expect((await call('GET', `/api/departments/${used.id}`)).json().data).toMatchObject({ name: 'Urology', job_types: 1 });
  });

  it('pages in the Laravel envelope, with links to the next and previous pages', async () => {
    const first = (await call('GET', '/api/departments?paginate=2')).json().data;
    expect(first).toMatchObject({ current_page: 1, per_page: 2, prev_page_url: null });
    expect(first.data).toHaveLength(2);
    expect(first.next_page_url).toBe('/api/departments?paginate=2&page=2');
    const second = (await call('GET', first.next_page_url)).json().data;
    expect(second.data[0].id).not.toBe(first.data[0].id);
    expect((await call('GET', '/api/departments?page=999')).json().data).toMatchObject({ data: [], current_page: 999 });
    expect((await call('GET', '/api/departments?paginate=0')).statusCode).toBe(422);
    expect((await call('GET', '/api/departments?active=maybe')).statusCode).toBe(422);
    // A search for % is a search for the character, not for everything.
    expect((await call('GET', '/api/departments?search=%25')).json().data.total).toBe(0);
  });
});

describe('job types', () => {
  const clinic = {
    name: 'Fracture Clinic Letter',
    recipient: ['gp', 'patient'],
    copy: ['clinician'],
    custom_fields: [
      { label: 'Side', kind: 'choice', required: true, options: ['Left', 'Right', 'Both'] },
      { label: 'Date of injury', kind: 'date', required: false, options: [] },
    ],
    template: ['Diagnosis', 'Examination', 'Plan'],
    qa_required: false,
    qa_percent: 10,
    outsourcing_allowed: false,
    turnaround_days: 3,
    cover_allowed: false,
  };

  it('makes one with typed custom fields (ids from their labels) and a template, audited; it is listed by department', async () => {
    const [ortho] = await t.db
      .select()
      .from(departments)
      .where(and(eq(departments.trustId, trusts.ours), eq(departments.code, 'ORT')));
    const res = await call('POST', '/api/job-types', { ...clinic, department_id: ortho!.id });
    expect(res.statusCode).toBe(201);
    const made = res.json().data;
    expect(made).toMatchObject({
      name: 'Fracture Clinic Letter',
      department: { id: ortho!.id, code: 'ORT', active: true },
      custom_fields: [
        { id: 'side', label: 'Side', kind: 'choice', required: true, options: ['Left', 'Right', 'Both'] },
        { id: 'date_of_injury', label: 'Date of injury', kind: 'date', required: false, options: [] },
      ],
      template: ['Diagnosis', 'Examination', 'Plan'],
      qa_percent: 10,
      turnaround_days: 3,
      outsourcing_allowed: false,
      cover_allowed: false,
      active: true,
    });
    const audit = await lastAudit('job_type', made.id);
    expect(audit.action).toBe('job_type.created');
    expect(audit.details).toMatchObject({
      before: null,
      after: { name: 'Fracture Clinic Letter', department_id: ortho!.id, template: clinic.template },
    });

    const list = (await call('GET', `/api/job-types?department_id=${ortho!.id}`)).json();
    expect(list.data.data.map((j: { name: string }) => j.name)).toEqual(['Fracture Clinic Letter']);
    // Every department's job types come first, then each department's.
    const all = (await call('GET', '/api/job-types?paginate=100')).json().data.data as { department: { name: string } | null }[];
    const firstWithDepartment = all.findIndex((j) => j.department !== null);
    expect(all.slice(firstWithDepartment).every((j) => j.department !== null)).toBe(true);
  });

  it('keeps a custom field’s id when its label changes, and never gives a removed field’s id to a new one', async () => {
    const { data: made } = (await call('POST', '/api/job-types', { ...clinic, name: 'Hand Clinic Letter' })).json();
    const [side, date] = made.custom_fields;
    const edited = await call('PATCH', `/api/job-types/${made.id}`, {
      custom_fields: [
        { ...date, label: 'Date of the injury' },
        { label: 'Side', kind: 'text', required: false, options: [] },
      ],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.custom_fields).toEqual([
      { id: 'date_of_injury', label: 'Date of the injury', kind: 'date', required: false, options: [] },
      { id: `${side.id}_2`, label: 'Side', kind: 'text', required: false, options: [] },
    ]);
    const audit = await lastAudit('job_type', made.id);
    expect(audit.action).toBe('job_type.updated');
    expect((audit.details as { before: { custom_fields: unknown[] } }).before.custom_fields).toHaveLength(2);
  });

  it('refuses in words by field: recipients, custom fields, headings, QA, turnaround', async () => {
    const cases: [unknown, string, string][] = [
      [{ name: 'A', recipient: [] }, 'recipient', 'Choose who a letter of this type is sent to.'],
      [
        { name: 'A', recipient: ['gp'], copy: ['gp'] },
        'copy',
        'The GP is already a recipient: a party is either sent the letter or copied, not both.',
      ],
      [{ name: 'A', recipient: ['gp', 'gp'] }, 'recipient', 'Choose each party once: the patient, the clinician or the GP.'],
      [
        { name: 'A', recipient: ['gp'], custom_fields: [{ label: 'Side', kind: 'choice', required: false, options: ['Left'] }] },
        'custom_fields.0.options',
        'Give a choice field at least two options, one per line.',
      ],
      [
        { name: 'A', recipient: ['gp'], custom_fields: [{ label: 'Ward', kind: 'text', required: false, options: ['1'] }] },
        'custom_fields.0.options',
        'Only a choice field has options.',
      ],
      [
        {
          name: 'A',
          recipient: ['gp'],
          custom_fields: [
            { label: 'Ward', kind: 'text', required: false, options: [] },
            { label: 'ward', kind: 'text', required: false, options: [] },
          ],
        },
        'custom_fields.1.label',
        'Another field is already labelled “ward”. Give each field its own label.',
      ],
      [{ name: 'A', recipient: ['gp'], template: ['Plan', ' '] }, 'template.1', 'Enter the heading, or remove it.'],
      [{ name: 'A', recipient: ['gp'], template: ['Plan', 'plan'] }, 'template.1', 'The heading “plan” is in the template twice.'],
      [{ name: 'A', recipient: ['gp'], qa_percent: 101 }, 'qa_percent', 'The QA sample is a whole percentage from 0 to 100.'],
      [
        { name: 'A', recipient: ['gp'], turnaround_days: 0 },
        'turnaround_days',
        'The turnaround target is a whole number of working days from 1 to 60, or empty for the trust’s target.',
      ],
      [
        { name: 'Clinic letter', recipient: ['gp'] },
        'name',
        'This trust already has a job type called “Clinic letter”. Choose another name.',
      ],
    ];
    for (const [body, field, words] of cases) {
      const res = await call('POST', '/api/job-types', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors?.[field], JSON.stringify(res.json())).toEqual([words]);
    }
  });

  it('takes a department of its own trust only, and an active one', async () => {
    const [theirs] = await t.db.select().from(departments).where(eq(departments.trustId, trusts.theirs));
    const foreign = await call('POST', '/api/job-types', { name: 'Borrowed', recipient: ['gp'], department_id: theirs!.id });
    expect(foreign.json()).toMatchObject({ errors: { department_id: ['Choose a department of this trust.'] } });
    const { data: closed } = (await call('POST', '/api/departments', { name: 'Closed Unit', code: 'CLO' })).json();
    await call('PATCH', `/api/departments/${closed.id}`, { active: false });
    const inactive = await call('POST', '/api/job-types', { name: 'Closed Letter', recipient: ['gp'], department_id: closed.id });
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json().code).toBe('department_inactive');
  });

  it('checks a change against what it keeps: a copy that is already a recipient is refused', async () => {
    const [referral] = await t.db
      .select()
      .from(jobTypes)
      .where(and(eq(jobTypes.trustId, trusts.ours), eq(jobTypes.name, 'Referral')));
    const res = await call('PATCH', `/api/job-types/${referral!.id}`, { copy: ['clinician'] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.copy).toEqual([
      'The clinician is already a recipient: a party is either sent the letter or copied, not both.',
    ]);
    expect((await call('PATCH', `/api/job-types/${referral!.id}`, {})).statusCode).toBe(422);
  });

  it('deactivates one in use (audited), refuses to delete it, and deletes one nothing refers to', async () => {
    const { data: used } = (await call('POST', '/api/job-types', { name: 'Ward Round Note', recipient: ['clinician'] })).json();
    await makeDictation(t.db, { author: AUTHOR, status: 'AUTHOR_APPROVAL', jobType: 'Ward Round Note' });
    const refused = await call('DELETE', `/api/job-types/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'job_type_in_use',
      message: expect.stringContaining('1 dictation refers to it. Deactivate it instead'),
    });

    const off = await call('PATCH', `/api/job-types/${used.id}`, { active: false });
    expect(off.json().data.active).toBe(false);
    expect(await lastAudit('job_type', used.id)).toMatchObject({
      action: 'job_type.deactivated',
      details: { before: { active: true }, after: { active: false } },
    });
    expect((await call('GET', '/api/job-types?active=false')).json().data.data.map((j: { id: number }) => j.id)).toContain(used.id);

    // A user's job-type filter refers to it as well.
    const { data: filtered } = (await call('POST', '/api/job-types', { name: 'Filtered Letter', recipient: ['gp'] })).json();
    await t.db
      .update(users)
      .set({ jobtypeFilter: [filtered.id] })
      .where(eq(users.email, 'secretary@wardnote.test'));
    expect((await call('DELETE', `/api/job-types/${filtered.id}`)).json().message).toContain('the job-type filter of 1 user');

    const { data: unused } = (await call('POST', '/api/job-types', { name: 'Never Used', recipient: ['gp'] })).json();
    const gone = await call('DELETE', `/api/job-types/${unused.id}`);
    expect(gone.json()).toEqual({ message: 'Deleted: Never Used.' });
    expect(await lastAudit('job_type', unused.id)).toMatchObject({ action: 'job_type.deleted', details: { after: null } });
  });
});
