import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../server/db/schema';
import { startTestApp, type TestApp } from './harness';
import { addAccount, SITEADMIN, SUPERADMIN, TRUSTADMIN } from './admin-structure-fixtures';
import { addGroupAccounts, GROUPS_HOLDER, makeGroup, places, userId, type Places } from './admin-groups-fixtures';

/**
 * Issue 25, groups: the rules. A name unique per trust in any letter case (422 under the field), nobody
 * grants a permission they do not hold, members only of the group's trust (and site), a SiteAdmin kept to
 * their site, a change to a group's permissions or members felt on the member's very next request, every
 * change audited with before and after, and the contract's refusals in words.
 */

let t: TestApp;
let admin: string;
let at: Places;

beforeAll(async () => {
  t = await startTestApp();
  await addGroupAccounts(t.db);
  admin = await t.login(TRUSTADMIN);
  at = await places(t.db);
}, 180_000);
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, token = admin) =>
  t.call(method, url, { token, body });

const audits = async (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'group'), eq(auditLog.entityId, String(id))))
    .orderBy(desc(auditLog.id));

describe('groups', () => {
  it('adds one (text trimmed), lists it by name, renames it, and audits both with before and after', async () => {
    const res = await call('POST', '/api/groups', {
      name: '  Cardiology typing pool ',
      description: ' Typists of the cardiology letters ',
      site_id: null,
      permissions: ['dictation.view'],
    });
    expect(res.statusCode).toBe(201);
    const made = res.json().data;
    expect(made).toEqual({
      id: expect.any(Number),
      trust_id: at.general.trustId,
      name: 'Cardiology typing pool',
      description: 'Typists of the cardiology letters',
      site: null,
      permissions: ['dictation.view'],
      members: 0,
      member_list: [],
    });
    const list = (await call('GET', '/api/groups?search=TYPING')).json();
    expect(list.trust).toEqual({ id: at.general.trustId, name: 'Demo NHS Foundation Trust' });
    expect(list.data).toMatchObject({ current_page: 1, total: 1, next_page_url: null, prev_page_url: null });
    expect(list.data.data[0]).toMatchObject({ id: made.id, name: 'Cardiology typing pool', members: 0 });

    const renamed = await call('PATCH', `/api/groups/${made.id}`, { name: 'Cardiology typists', site_id: at.general.siteId });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({
      name: 'Cardiology typists',
      site: { id: at.general.siteId, name: 'Demo General Hospital' },
    });
    const [updated, created] = await audits(made.id);
    expect(created).toMatchObject({
      action: 'group.created',
      trustId: at.general.trustId,
      details: {
        before: null,
        after: {
          name: 'Cardiology typing pool',
          description: 'Typists of the cardiology letters',
          site_id: null,
          permissions: ['dictation.view'],
        },
      },
    });
    expect(updated).toMatchObject({
      action: 'group.updated',
      details: {
        before: { name: 'Cardiology typing pool', site_id: null },
        after: { name: 'Cardiology typists', site_id: at.general.siteId, permissions: ['dictation.view'] },
      },
    });
    // The site filter.
    const bySite = (await call('GET', `/api/groups?site_id=${at.general.siteId}&search=cardiology`)).json();
    expect(bySite.data.data.map((g: { id: number }) => g.id)).toEqual([made.id]);
    expect((await call('GET', '/api/groups?site_id=trust&search=cardiology')).json().data.total).toBe(0);
  });

  it('refuses a name the trust already has (any letter case) under the name; another trust may have it', async () => {
    await makeGroup(t.db, { trustId: at.general.trustId, siteId: null }, { name: 'Ward clerks' });
    const taken = await call('POST', '/api/groups', { name: 'WARD CLERKS', site_id: null, permissions: [] });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toMatchObject({
      code: 'group_name_taken',
      errors: { name: ['This trust already has a group called “WARD CLERKS”. Choose another name.'] },
    });
    const other = await makeGroup(t.db, { trustId: at.general.trustId, siteId: null }, { name: 'Porters' });
    expect((await call('PATCH', `/api/groups/${other}`, { name: 'ward clerks' })).json().code).toBe('group_name_taken');
    // The same name in another letter case of itself is a rename, not a clash.
    expect((await call('PATCH', `/api/groups/${other}`, { name: 'PORTERS' })).statusCode).toBe(200);
    const elsewhere = await call(
      'POST',
      '/api/groups',
      { trust_id: at.other.trustId, name: 'Ward clerks', site_id: null, permissions: [] },
      await t.login(SUPERADMIN),
    );
    expect(elsewhere.statusCode).toBe(201);
  });

  it('nobody grants a permission they do not hold: giving it, or changing a group (members too) that gives it', async () => {
    const holder = await t.login(GROUPS_HOLDER);
    const give = await call(
      'POST',
      '/api/groups',
      { name: 'Uploaders', site_id: null, permissions: ['groups', 'dictation.upload'] },
      holder,
    );
    expect(give.statusCode).toBe(403);
    expect(give.json()).toMatchObject({
      code: 'group_permission_not_held',
      message: 'You cannot give dictation.upload: you do not hold that permission yourself.',
      errors: { permissions: ['You cannot give dictation.upload: you do not hold that permission yourself.'] },
    });
    // What they hold they may give.
    const own = await call('POST', '/api/groups', { name: 'Group keepers', site_id: null, permissions: ['groups'] }, holder);
    expect(own.statusCode).toBe(201);
    const more = await call('PATCH', `/api/groups/${own.json().data.id}`, { permissions: ['groups', 'users'] }, holder);
    expect(more.statusCode).toBe(403);

    const qa = await makeGroup(t.db, { trustId: at.general.trustId, siteId: null }, { permissions: ['qa'] });
    const member = await userId(t.db, 'scribe@wardnote.test');
    const add = await call('POST', `/api/groups/${qa}/members`, { user_ids: [member] }, holder);
    expect(add.statusCode).toBe(403);
    expect(add.json().message).toBe(
      'You cannot change this group: it gives qa, which you do not hold yourself. Ask a trust administrator.',
    );
    expect((await call('PATCH', `/api/groups/${qa}`, { name: 'QA reviewers' }, holder)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/groups/${qa}`, undefined, holder)).statusCode).toBe(403);
    // They may still read it; a TrustAdmin holds every permission and may add the member.
    expect((await call('GET', `/api/groups/${qa}`, undefined, holder)).statusCode).toBe(200);
    expect((await call('POST', `/api/groups/${qa}/members`, { user_ids: [member] })).statusCode).toBe(200);
    expect((await audits(qa)).length).toBe(1);
  });

  it('members come from the group’s trust and site only', async () => {
    const trustWide = await makeGroup(t.db, { trustId: at.general.trustId, siteId: null });
    const foreigner = await userId(t.db, 'other.author@wardnote.test');
    const refused = await call('POST', `/api/groups/${trustWide}/members`, { user_ids: [foreigner] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'group_member_unknown',
      errors: { user_ids: ['Some of the people chosen are not users of this trust you can add. Search for them again.'] },
    });
    // A user id that does not exist says the same (nothing tells another trust's people apart).
    expect((await call('POST', `/api/groups/${trustWide}/members`, { user_ids: [2_000_000] })).json().code).toBe('group_member_unknown');

    const generalOnly = await makeGroup(t.db, { trustId: at.general.trustId, siteId: at.general.siteId });
    const community = await userId(t.db, 'pin.author@wardnote.test');
    const otherSite = await call('POST', `/api/groups/${generalOnly}/members`, { user_ids: [community] });
    expect(otherSite.json()).toMatchObject({
      code: 'group_member_other_site',
      message: 'Hannah Price works at another site: this group is for Demo General Hospital only.',
    });
    // Limiting a group with a member elsewhere to one site is refused until that member is removed.
    expect((await call('POST', `/api/groups/${trustWide}/members`, { user_ids: [community] })).statusCode).toBe(200);
    const narrowed = await call('PATCH', `/api/groups/${trustWide}`, { site_id: at.general.siteId });
    expect(narrowed.json()).toMatchObject({
      code: 'group_members_elsewhere',
      errors: { site_id: ['Hannah Price works at another site. Remove them before limiting the group to Demo General Hospital.'] },
    });
    // Candidates: the site's active users who are not members yet, by name or e-mail.
    const found = (await call('GET', `/api/groups/${generalOnly}/candidates?search=reid`)).json().data;
    expect(found).toEqual([{ id: expect.any(Number), full_name: 'Daniel Reid', email: 'author@wardnote.test', site: expect.any(Object) }]);
    expect((await call('GET', `/api/groups/${generalOnly}/candidates?search=price`)).json().data).toEqual([]);
  });

  it('a SiteAdmin keeps their own site’s groups and people only', async () => {
    const siteAdmin = await t.login(SITEADMIN);
    const trustWide = await call('POST', '/api/groups', { name: 'Everyone', site_id: null, permissions: ['users'] }, siteAdmin);
    expect(trustWide.statusCode).toBe(422);
    expect(trustWide.json().errors).toEqual({
      site_id: ['You look after Demo General Hospital only: a group you make or change is for Demo General Hospital.'],
    });
    const ok = await call(
      'POST',
      '/api/groups',
      { name: 'Site user administrators', site_id: at.general.siteId, permissions: ['users'] },
      siteAdmin,
    );
    expect(ok.statusCode).toBe(201);
    // users and groups come with their role; anything else they do not hold.
    const upload = await call('PATCH', `/api/groups/${ok.json().data.id}`, { permissions: ['users', 'dictation.upload'] }, siteAdmin);
    expect(upload.json().code).toBe('group_permission_not_held');
    const community = await userId(t.db, 'pin.author@wardnote.test');
    expect((await call('POST', `/api/groups/${ok.json().data.id}/members`, { user_ids: [community] }, siteAdmin)).json().code).toBe(
      'group_member_unknown',
    );
    const trustGroup = await makeGroup(t.db, { trustId: at.general.trustId, siteId: null });
    expect((await call('GET', `/api/groups/${trustGroup}`, undefined, siteAdmin)).statusCode).toBe(404);
  });

  it('a change of members or permissions is felt on the member’s next request, even on a route that reuses a recent sign-in check', async () => {
    const email = 'groups.member@wardnote.test';
    const member = await addAccount(t.db, { email, like: 'secretary@wardnote.test', roles: [] });
    const token = await t.login(email);
    // /api/dictation/counts reuses the session checked in the last few seconds (auth-cache.ts).
    const counts = () => t.call('GET', '/api/dictation/counts', { token }).then((r) => r.statusCode);
    expect(await counts()).toBe(403);
    const group = (await call('POST', '/api/groups', { name: 'Readers', site_id: null, permissions: ['dictation.view'] })).json().data.id;
    const added = await call('POST', `/api/groups/${group}/members`, { user_ids: [member] });
    expect(added.json().data.member_list).toEqual([
      { id: member, full_name: 'Test groups.member', email, site: { id: at.general.siteId, name: 'Demo General Hospital' } },
    ]);
    expect(await counts()).toBe(200);
    const profile = (await t.call('GET', '/api/user', { token })).json().data;
    expect(profile.permissions).toEqual([{ code: 'dictation.view' }]);

    expect((await call('PATCH', `/api/groups/${group}`, { permissions: [] })).statusCode).toBe(200);
    expect(await counts()).toBe(403);
    await call('PATCH', `/api/groups/${group}`, { permissions: ['dictation.view'] });
    expect(await counts()).toBe(200);
    const removed = await call('DELETE', `/api/groups/${group}/members/${member}`);
    expect(removed.json().data.member_list).toEqual([]);
    expect(await counts()).toBe(403);
    // Removing someone who is not a member is not found.
    expect((await call('DELETE', `/api/groups/${group}/members/${member}`)).statusCode).toBe(404);

    const [removal, addition] = (await audits(group)).filter((a) => a.action.startsWith('group.member'));
    expect(addition).toMatchObject({ action: 'group.members_added', details: { before: { members: [] }, after: { members: [member] } } });
    expect(removal).toMatchObject({ action: 'group.member_removed', details: { before: { members: [member] }, after: { members: [] } } });

    await call('POST', `/api/groups/${group}/members`, { user_ids: [member] });
    expect(await counts()).toBe(200);
    const gone = await call('DELETE', `/api/groups/${group}`);
    expect(gone.json()).toEqual({ message: 'Deleted: Readers.' });
    expect(await counts()).toBe(403);
    expect((await audits(group))[0]).toMatchObject({
      action: 'group.deleted',
      details: { before: { name: 'Readers', permissions: ['dictation.view'], members: [member] }, after: null },
    });
  });

  it('says what is wrong with the input in words, and changes nothing', async () => {
    const empty = await call('POST', '/api/groups', {
      name: '  ',
      site_id: null,
      permissions: ['dictation.view', 'dictation.view', 'root'],
    });
    expect(empty.statusCode).toBe(422);
    const errors = empty.json().errors;
    expect(errors.name).toEqual(['Enter the group’s name.']);
    expect(JSON.stringify(errors)).toContain('Choose permissions from the list.');
    const long = await call('POST', '/api/groups', { name: 'x'.repeat(101), description: 'y'.repeat(501), site_id: null, permissions: [] });
    expect(long.json().errors).toMatchObject({
      name: ['Use at most 100 characters for the name.'],
      description: ['Use at most 500 characters for the description.'],
    });
    const unknownSite = await call('POST', '/api/groups', { name: 'Nowhere', site_id: at.other.siteId, permissions: [] });
    expect(unknownSite.json()).toMatchObject({ code: 'group_site_unknown', errors: { site_id: ['Choose one of this trust’s sites.'] } });
    const group = await makeGroup(t.db, { trustId: at.general.trustId, siteId: null });
    const nothing = await call('PATCH', `/api/groups/${group}`, {});
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().message).toContain('Change the name, the description, the scope or the permissions.');
    expect((await call('POST', `/api/groups/${group}/members`, { user_ids: [] })).json().errors).toEqual({
      user_ids: ['Choose at least one person to add.'],
    });
    expect(await audits(group)).toEqual([]);
    const perms = (await call('GET', '/api/permissions')).json().data;
    expect(perms.map((p: { code: string }) => p.code)).toEqual([
      'dictation.view',
      'dictation.upload',
      'jobtypes.create',
      'jobtypes.edit',
      'users',
      'groups',
      'jobtypes',
      'departments',
      'qa',
    ]);
    expect(perms.every((p: { description: string }) => p.description.length > 20)).toBe(true);
  });
});
