// On PostgreSQL too: two edits of one snippet on the same version are sent at once; only PostgreSQL runs both transactions in parallel, so the version check in the update decides.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { autotextSchema, autotextUsableSchema, paginatedSchema, type AutotextInput } from '../../src/domain/contract';
import { MESSAGES } from '../../src/domain/messages';
import { seedDemoAutotexts } from '../../server/db/demo-autotexts';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
const token: Record<string, string> = {};
const pageSchema = z.object({ data: paginatedSchema(autotextSchema) });
let cardiology: number;
let otherTrustDepartment: number;

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoAutotexts(t.db);
  for (const who of ['superadmin', 'trustadmin', 'siteadmin', 'manager', 'secretary', 'author', 'other.author']) {
    token[who] = await t.login(`${who}@wardnote.test`);
  }
  const deps = await t.call('GET', '/api/autotext/departments', { token: token.manager });
  cardiology = deps.json<{ data: { id: number; code: string }[] }>().data.find((d) => d.code === 'CAR')!.id;
  const other = await t.db.execute<{ id: number }>(`select id from departments where code = 'GEN'`);
  otherTrustDepartment = Number((other as unknown as { rows: { id: number }[] }).rows[0]!.id);
});
afterAll(() => t.close());

const usable = async (who: string) => {
  const res = await t.call('GET', '/api/autotext/usable', { token: token[who] });
  expect(res.statusCode).toBe(200);
  return autotextUsableSchema.parse(res.json()).data;
};
const list = async (who: string, query = '') => {
  const res = await t.call('GET', `/api/autotext${query}`, { token: token[who] });
  expect(res.statusCode).toBe(200);
  return pageSchema.parse(res.json()).data;
};
const create = (who: string, body: Partial<AutotextInput>) =>
  t.call('POST', '/api/autotext', { token: token[who], body: { title: 'A title', body: 'Some text.', scope: 'user', ...body } });

describe('what each user can use', () => {
  it('is the trust’s snippets, every department’s, and only their own personal ones', async () => {
    const secretary = await usable('secretary');
    const shortcuts = secretary.map((s) => s.shortcut);
    expect(shortcuts).toEqual(expect.arrayContaining(['dw', 'fu6', 'nka', 'ys', 'echo', 'spiro', 'tq']));
    expect(shortcuts).not.toContain('plan'); // the author's own
    expect((await usable('author')).map((s) => s.shortcut)).toContain('plan');
    expect(await usable('other.author')).toEqual([]);
  });

  it('lists a page searched by shortcut or title, with Laravel-style paging', async () => {
    const byShortcut = await list('secretary', '?search=fu6');
    expect(byShortcut.data.map((a) => a.shortcut)).toEqual(['fu6']);
    expect(byShortcut.data[0]).toMatchObject({ scope: 'trust', title: 'Follow-up in six weeks', can_edit: false, department: null });
    const byTitle = await list('secretary', '?search=ECHO%20req');
    expect(byTitle.data).toHaveLength(1);
    expect(byTitle.data[0]).toMatchObject({ shortcut: 'echo', scope: 'department', department: { code: 'CAR', name: 'Cardiology' } });
    // LIKE wildcards are searched as themselves.
    expect((await list('secretary', '?search=%25')).total).toBe(0);

    const first = await list('secretary', '?paginate=5');
    const second = await list('secretary', '?paginate=5&page=2');
    expect(first).toMatchObject({ current_page: 1, per_page: 5, prev_page_url: null, next_page_url: '/api/autotext?paginate=5&page=2' });
    expect(second.data[0]!.shortcut).not.toBe(first.data[0]!.shortcut);
    expect(first.total).toBe((await usable('secretary')).length);
    expect(first.last_page).toBe(Math.ceil(first.total / 5));
    // Past the last page: nothing, no next page, and "previous" leads back to the last page (as in every paged list).
    const beyond = await list('secretary', `?paginate=5&page=${first.last_page + 3}`);
    expect(beyond).toMatchObject({ data: [], next_page_url: null, prev_page_url: `/api/autotext?paginate=5&page=${first.last_page}` });
  });

  it('filters by scope', async () => {
    const mine = await list('secretary', '?scope=user');
    expect(mine.data.map((a) => a.shortcut)).toEqual(['tq']);
    expect(mine.data[0]).toMatchObject({ can_edit: true, user: { full_name: 'Jenny Walsh' } });
  });
});

describe('who manages which scope', () => {
  it('the roles with the autotext icon add trust and department snippets', async () => {
    for (const [who, shortcut] of [
      ['superadmin', 'sa1'],
      ['trustadmin', 'ta1'],
      ['siteadmin', 'si1'],
      ['manager', 'ma1'],
    ] as const) {
      const trust = await create(who, { shortcut, scope: 'trust' });
      expect(trust.statusCode, who).toBe(201);
      expect(trust.json().data).toMatchObject({ shortcut, scope: 'trust', can_edit: true, user: null });
      const dep = await create(who, { shortcut, scope: 'department', department_id: cardiology });
      expect(dep.statusCode, who).toBe(201);
      expect(dep.json().data.department).toMatchObject({ id: cardiology, code: 'CAR' });
    }
  });

  it('a secretary or author adds only their own', async () => {
    for (const who of ['secretary', 'author']) {
      const trust = await create(who, { shortcut: `${who}-t`, scope: 'trust' });
      expect(trust.statusCode).toBe(403);
      expect(trust.json().message).toBe(MESSAGES.autotextScopeNotAllowed);
      expect((await create(who, { shortcut: `${who}-d`, scope: 'department', department_id: cardiology })).statusCode).toBe(403);
      const own = await create(who, { shortcut: `${who}-u`, scope: 'user' });
      expect(own.statusCode).toBe(201);
      expect(own.json().data).toMatchObject({ scope: 'user', can_edit: true });
    }
  });

  it('a shared snippet is read-only to a secretary: changing or deleting it is refused', async () => {
    const dw = (await usable('secretary')).find((s) => s.shortcut === 'dw')!;
    const put = await t.call('PUT', `/api/autotext/${dw.id}`, {
      token: token.secretary,
      body: { shortcut: 'dw', title: 'Mine now', body: 'x', scope: 'trust', base_version: 1 },
    });
    expect(put.statusCode).toBe(403);
    expect(put.json().message).toBe(MESSAGES.autotextNotYours);
    expect((await t.call('DELETE', `/api/autotext/${dw.id}`, { token: token.secretary })).statusCode).toBe(403);
    expect((await t.call('GET', `/api/autotext/${dw.id}`, { token: token.secretary })).json().data).toMatchObject({ can_edit: false });
  });

  it('someone else’s own snippet, and another trust’s, are not found', async () => {
    const plan = (await usable('author')).find((s) => s.shortcut === 'plan')!;
    const dw = (await usable('secretary')).find((s) => s.shortcut === 'dw')!;
    for (const [who, id] of [
      ['secretary', plan.id],
      ['trustadmin', plan.id],
      ['other.author', dw.id],
    ] as const) {
      expect((await t.call('GET', `/api/autotext/${id}`, { token: token[who] })).statusCode).toBe(404);
      const put = await t.call('PUT', `/api/autotext/${id}`, {
        token: token[who],
        body: { shortcut: 'x', title: 'x', body: 'x', scope: 'user', base_version: 1 },
      });
      expect(put.statusCode).toBe(404);
      expect((await t.call('DELETE', `/api/autotext/${id}`, { token: token[who] })).statusCode).toBe(404);
    }
  });

  it('a department of another trust is refused', async () => {
    const res = await create('manager', { shortcut: 'xdep', scope: 'department', department_id: otherTrustDepartment });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ department_id: [MESSAGES.autotextDepartmentUnknown] });
  });

  it('needs sign-in', async () => {
    expect((await t.call('GET', '/api/autotext')).statusCode).toBe(401);
    expect((await t.call('GET', '/api/autotext/usable')).statusCode).toBe(401);
  });
});

describe('create, edit, delete', () => {
  it('the manager creates, edits (moving it to a department) and deletes a snippet', async () => {
    const made = await create('manager', { shortcut: 'pod', title: 'Podiatry', body: 'Referred to podiatry.', scope: 'trust' });
    expect(made.statusCode).toBe(201);
    const id = made.json().data.id as number;
    const edited = await t.call('PUT', `/api/autotext/${id}`, {
      token: token.manager,
      body: {
        shortcut: 'pod',
        title: 'Podiatry referral',
        body: 'I have referred {{patient_first_name}} to podiatry.',
        scope: 'department',
        department_id: cardiology,
        base_version: 1,
      },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ title: 'Podiatry referral', scope: 'department', department: { id: cardiology } });
    const gone = await t.call('DELETE', `/api/autotext/${id}`, { token: token.manager });
    expect(gone.statusCode).toBe(200);
    expect(gone.json().message).toBe(MESSAGES.autotextDeleted);
    expect((await t.call('GET', `/api/autotext/${id}`, { token: token.manager })).statusCode).toBe(404);
  });

  it('an edit made on an older version is refused (409) and changes nothing; made on the current one it goes in (issue 22 point 8)', async () => {
    const made = await create('manager', { shortcut: 'ver', title: 'First', body: 'First text.', scope: 'trust' });
    const id = made.json().data.id as number;
    expect(made.json().data.version).toBe(1);
    const edit = (title: string, base_version: number) =>
      t.call('PUT', `/api/autotext/${id}`, {
        token: token.manager,
        body: { shortcut: 'ver', title, body: `${title} text.`, scope: 'trust', base_version },
      });
    // Two managers opened version 1; the first to save wins.
    const first = await edit('Mine', 1);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ title: 'Mine', version: 2 });
    const stale = await edit('Theirs', 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'autotext_conflict', message: MESSAGES.autotextConflict });
    expect((await t.call('GET', `/api/autotext/${id}`, { token: token.manager })).json().data).toMatchObject({ title: 'Mine', version: 2 });
    // Saving again on the version now stored replaces it knowingly.
    expect((await edit('Theirs', 2)).json().data).toMatchObject({ title: 'Theirs', version: 3 });
    // Without the version the change is refused in words.
    const unversioned = await t.call('PUT', `/api/autotext/${id}`, {
      token: token.manager,
      body: { shortcut: 'ver', title: 'x', body: 'x', scope: 'trust' },
    });
    expect(unversioned.statusCode).toBe(422);
    expect(Object.keys(unversioned.json().errors)).toEqual(['base_version']);
  });

  it('of two edits made at once on one version, exactly one goes in', async () => {
    const made = await create('manager', { shortcut: 'race', title: 'Start', body: 'Start.', scope: 'trust' });
    const id = made.json().data.id as number;
    const answers = await Promise.all(
      ['One', 'Two', 'Three'].map((title) =>
        t.call('PUT', `/api/autotext/${id}`, {
          token: token.manager,
          body: { shortcut: 'race', title, body: `${title}.`, scope: 'trust', base_version: 1 },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const kept = (await t.call('GET', `/api/autotext/${id}`, { token: token.manager })).json().data;
    expect(kept.version).toBe(2);
    expect(kept.title).toBe(answers.find((a) => a.statusCode === 200)!.json().data.title);
  });

  it('a shortcut is unique within its scope whatever the letter case, and may repeat in another scope', async () => {
    const dup = await create('manager', { shortcut: 'DW', scope: 'trust' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.shortcut).toEqual([MESSAGES.autotextDuplicateExisting('whole trust')]);
    expect((await create('secretary', { shortcut: 'dw', scope: 'user', body: 'Dear Dr {{gp_name}}, thank you.' })).statusCode).toBe(201);
    // Editing another snippet onto a taken shortcut is refused too.
    const other = await create('manager', { shortcut: 'tmp1', scope: 'trust' });
    const clash = await t.call('PUT', `/api/autotext/${other.json().data.id}`, {
      token: token.manager,
      body: { shortcut: 'Nka', title: 'x', body: 'x', scope: 'trust', base_version: 1 },
    });
    expect(clash.statusCode).toBe(422);
  });

  it('the same shortcut at two scopes is in the usable set twice (the editor prefers the personal one)', async () => {
    const mine = (await usable('secretary')).filter((s) => s.shortcut.toLowerCase() === 'dw');
    expect(mine.map((s) => s.scope).sort()).toEqual(['trust', 'user']);
  });

  it('refuses bad fields with plain words per field', async () => {
    const res = await create('manager', { shortcut: 'has space', title: '', body: 'Hi {{nick}}', scope: 'trust' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      shortcut: [MESSAGES.autotextShortcutFormat],
      title: [MESSAGES.autotextTitleMissing],
      body: [MESSAGES.autotextUnknownField('{{nick}}')],
    });
    const long = await create('manager', { shortcut: 'long', body: 'x'.repeat(4001), scope: 'trust' });
    expect(long.json().errors.body).toEqual([MESSAGES.autotextTooLong('text', 4000, 4001)]);
    const nul = await create('manager', { shortcut: 'nul', body: 'a\u0000b', scope: 'trust' });
    expect(nul.json().errors.body).toEqual([MESSAGES.autotextControlCharacter('text')]);
  });

  it('keeps HTML in a body as the very text typed: nothing is parsed, stripped or escaped into markup', async () => {
    const body = '<img src=x onerror="alert(1)"><script>alert(2)</script> & {{patient_name}}';
    const made = await create('secretary', { shortcut: 'html', body });
    expect(made.statusCode).toBe(201);
    expect(made.headers['content-type']).toMatch(/^application\/json/);
    const got = await t.call('GET', `/api/autotext/${made.json().data.id}`, { token: token.secretary });
    expect(got.json().data.body).toBe(body);
  });

  it('writes the audit log for each change', async () => {
    const made = await create('manager', { shortcut: 'aud', scope: 'trust' });
    const id = made.json().data.id as number;
    await t.call('DELETE', `/api/autotext/${id}`, { token: token.manager });
    const rows = await t.db.execute(`select action from audit_log where entity_type = 'autotext' and entity_id = '${id}' order by id`);
    expect((rows as unknown as { rows: { action: string }[] }).rows.map((r) => r.action)).toEqual(['autotext.create', 'autotext.delete']);
  });
});
