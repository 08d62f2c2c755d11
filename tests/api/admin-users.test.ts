import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authFailures, dictations, mailbox, passwordResets, users } from '../../server/db/schema';
import { hashSecret } from '../../server/lib/secrets';
import { seedDemoUsers } from '../../server/db/demo-users';
import { DEMO_PASSWORD, startTestApp, type TestApp } from './harness';
import {
  lastLinkTo,
  makeDictation,
  makeUser,
  MANAGER,
  places,
  SITEADMIN,
  SUPERADMIN,
  TRUSTADMIN,
  uniqueEmail,
  type Places,
} from './admin-users-fixtures';

/** Issue 25, users: what an administrator does and what the invited, locked, reset and deactivated users then see. */
let t: TestApp;
let p: Places;
let admin: string;
let siteAdmin: string;

beforeAll(async () => {
  t = await startTestApp();
  p = await places(t.db);
  admin = await t.login(TRUSTADMIN);
  siteAdmin = await t.login(SITEADMIN);
}, 60_000);
afterAll(() => t?.close());

const newUser = (over: Record<string, unknown> = {}) => ({
  first_name: 'Rosa',
  last_name: 'Diaz',
  email: uniqueEmail('rosa'),
  site_id: p.site.own,
  roles: ['Author'],
  ...over,
});

async function invite(body = newUser()) {
  const res = await t.call('POST', '/api/users', { token: admin, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; email: string; state: string; invitation: string | null };
}

const setPassword = (token: string, password = 'Chosen-pass-2026') =>
  t.call('POST', '/api/password/reset', { body: { token, password, password_confirmation: password } });

describe('invitations', () => {
  it('invite → the mailed link → choose a password → sign in; the list then says active', async () => {
    const made = await invite();
    expect(made).toMatchObject({ state: 'invited', invitation: 'pending' });
    // No password yet: nothing signs in.
    expect((await t.call('POST', '/api/login', { body: { email: made.email, password: 'invited' } })).statusCode).toBe(422);
    const mail = await lastLinkTo(t.db, made.email);
    expect(mail!.subject).toBe('You have been invited to Wardnote');
    expect(mail!.text).toContain('You have been invited to Wardnote by Priya Shah (Demo NHS Foundation Trust)');
    expect(mail!.text).toContain('within 7 days');
    expect((await t.call('GET', `/api/validateToken?token=${mail!.token}`)).json()).toEqual({ success: true });
    expect((await setPassword(mail!.token)).statusCode).toBe(200);
    const login = await t.call('POST', '/api/login', { body: { email: made.email, password: 'Chosen-pass-2026' } });
    expect(login.statusCode).toBe(200);
    const detail = (await t.call('GET', `/api/users/${made.id}`, { token: admin })).json().detail;
    expect(detail).toMatchObject({ state: 'active', invitation: null, invited_at: null });
    // Once accepted, there is nothing to resend.
    const again = await t.call('POST', `/api/users/${made.id}/invite`, { token: admin });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('has already set a password');
  });

  it('a resend replaces the link: the first no longer works, the new one does', async () => {
    const made = await invite();
    const first = (await lastLinkTo(t.db, made.email))!.token;
    const res = await t.call('POST', `/api/users/${made.id}/invite`, { token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(`A new invitation was sent to ${made.email}; the earlier link no longer works.`);
    const second = (await lastLinkTo(t.db, made.email))!.token;
    expect(second).not.toBe(first);
    expect((await t.call('GET', `/api/validateToken?token=${first}`)).statusCode).toBe(422);
    expect((await setPassword(first)).statusCode).toBe(422);
    expect((await setPassword(second)).statusCode).toBe(200);
  });

  it('an expired link is refused, and the list says the invitation expired', async () => {
    const made = await invite();
    const { token } = (await lastLinkTo(t.db, made.email))!;
    await t.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(passwordResets.userId, made.id), isNull(passwordResets.usedAt)));
    expect((await t.call('GET', `/api/validateToken?token=${token}`)).statusCode).toBe(422);
    expect((await setPassword(token)).statusCode).toBe(422);
    const list = (await t.call('GET', `/api/users?search=${encodeURIComponent(made.email)}&active=all`, { token: admin })).json().users;
    expect(list.data).toEqual([expect.objectContaining({ id: made.id, invitation: 'expired', state: 'invited' })]);
  });
});

describe('nobody grants what they do not hold', () => {
  it('a SiteAdmin cannot make a TrustAdmin, nor give a permission they do not hold', async () => {
    const res = await t.call('POST', '/api/users', { token: siteAdmin, body: newUser({ roles: ['TrustAdmin'] }) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'user_grant_refused',
      message: 'You cannot give or take away the role TrustAdmin: only a higher administrator can.',
    });
    const someone = await makeUser(t.db, { siteId: p.site.own });
    const perm = await t.call('PATCH', `/api/users/${someone.id}`, { token: siteAdmin, body: { permissions: ['departments'] } });
    expect(perm.statusCode).toBe(403);
    expect(perm.json().message).toBe('You cannot give or take away the permission “departments”: you do not hold it yourself.');
    // Nothing changed.
    expect((await t.call('GET', `/api/users/${someone.id}`, { token: admin })).json().detail.permissions).toEqual([]);
  });

  it('a TrustAdmin cannot make a SuperAdmin; a SiteAdmin cannot touch an administrator above them, nor move a user to another site', async () => {
    const res = await t.call('POST', '/api/users', { token: admin, body: newUser({ roles: ['SuperAdmin'] }) });
    expect(res.statusCode).toBe(403);
    // Deactivated, so the last-administrator test below still finds the demo TrustAdmin alone.
    const boss = await makeUser(t.db, { siteId: p.site.own, roles: ['TrustAdmin'], active: false });
    const edit = await t.call('PATCH', `/api/users/${boss.id}`, { token: siteAdmin, body: { email: uniqueEmail('takeover') } });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().code).toBe('user_outranks_you');
    const someone = await makeUser(t.db, { siteId: p.site.own });
    const move = await t.call('PATCH', `/api/users/${someone.id}`, { token: siteAdmin, body: { site_id: p.site.otherSite } });
    expect(move.statusCode).toBe(403);
    expect(move.json().errors).toEqual({ site_id: ['You can only place users at your own site.'] });
  });
});

describe('the last administrator and oneself', () => {
  it('the last active TrustAdmin keeps the role and stays active; nobody deactivates themselves', async () => {
    const [me] = await t.db.select().from(users).where(eq(users.email, TRUSTADMIN));
    const demote = await t.call('PATCH', `/api/users/${me!.id}`, { token: admin, body: { roles: ['Author'] } });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(
      'This is the last active trust administrator of Demo NHS Foundation Trust. Make someone else a TrustAdmin first, so the trust is not left without one.',
    );
    const superAdmin = await t.login(SUPERADMIN);
    expect((await t.call('DELETE', `/api/users/${me!.id}`, { token: superAdmin })).statusCode).toBe(409);
    const self = await t.call('DELETE', `/api/users/${me!.id}`, { token: admin });
    expect(self.statusCode).toBe(409);
    // With a second TrustAdmin, the first may step down.
    const second = await invite(newUser({ roles: ['TrustAdmin'] }));
    const ok = await t.call('PATCH', `/api/users/${second.id}`, { token: admin, body: { roles: ['Author'] } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.roles).toEqual(['Author']);
  });
});

describe('deactivation and work in progress', () => {
  it('without an heir: 409 with the counts in words, nothing changes; with one: the work moves and the user is out', async () => {
    const author = await makeUser(t.db, { siteId: p.site.own, passwordHash: await hashSecret(DEMO_PASSWORD) });
    // Three dictations of theirs: one awaiting their approval.
    const ids = [
      await makeDictation(t.db, author.id, 'AUTHOR_APPROVAL'),
      await makeDictation(t.db, author.id, 'READY_FOR_TYPING'),
      await makeDictation(t.db, author.id, 'READY_FOR_TYPING'),
    ];
    const token = await t.login(author.email);

    const refused = await t.call('DELETE', `/api/users/${author.id}`, { token: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'user_needs_heir',
      message:
        'This user still has 3 dictations they author (1 awaiting their approval) that are not sent yet. Choose an author to take over their dictations before deactivating them.',
    });
    expect((await t.call('GET', '/api/user', { token })).statusCode).toBe(200);

    const notAnAuthor = await makeUser(t.db, { siteId: p.site.own, roles: ['Secretary'] });
    const wrongHeir = await t.call('DELETE', `/api/users/${author.id}?heir_id=${notAnAuthor.id}`, { token: admin });
    expect(wrongHeir.statusCode).toBe(422);
    expect(wrongHeir.json().errors.heir_id).toBeDefined();

    const heir = await makeUser(t.db, { siteId: p.site.own });
    const ok = await t.call('DELETE', `/api/users/${author.id}?heir_id=${heir.id}`, { token: admin });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ active: false, state: 'inactive' });
    const moved = await t.db.select({ authorId: dictations.authorId }).from(dictations).where(inArray(dictations.id, ids));
    expect(moved.every((d) => d.authorId === heir.id)).toBe(true);
    // Their session ended, and they cannot sign in again.
    expect((await t.call('GET', '/api/user', { token })).statusCode).toBe(401);
    expect((await t.call('POST', '/api/login', { body: { email: author.email, password: DEMO_PASSWORD } })).statusCode).not.toBe(200);
    // Reactivated, they are back (and listed among the active ones again).
    const back = await t.call('PATCH', `/api/users/${author.id}`, { token: admin, body: { active: true } });
    expect(back.json().data).toMatchObject({ active: true });
  });

  it('a typist’s claimed work goes back to the queue when nobody is named for it', async () => {
    const typist = await makeUser(t.db, { siteId: p.site.own, roles: ['Secretary'] });
    const author = await makeUser(t.db, { siteId: p.site.own });
    const d = { id: await makeDictation(t.db, author.id, 'BEING_TYPED', typist.id) };
    const res = await t.call('DELETE', `/api/users/${typist.id}`, { token: admin });
    expect(res.statusCode).toBe(200);
    const [after] = await t.db.select().from(dictations).where(eq(dictations.id, d!.id));
    expect(after).toMatchObject({ status: 'READY_FOR_TYPING', assignedTo: null });
  });
});

describe('locks, PINs and sessions', () => {
  it('a locked account is listed as locked, refused at sign-in, and signs in after an unlock', async () => {
    const locked = await makeUser(t.db, { siteId: p.site.own, passwordHash: await hashSecret(DEMO_PASSWORD) });
    await t.db.insert(authFailures).values({ key: `login:${locked.email}`, failures: 5, lockedUntil: new Date(Date.now() + 3_600_000) });
    const list = (await t.call('GET', '/api/users?locked=true&active=all&paginate=100', { token: admin })).json().users;
    expect(list.data.map((u: { id: number }) => u.id)).toContain(locked.id);
    expect(list.data.find((u: { id: number }) => u.id === locked.id)).toMatchObject({ locked: true, state: 'locked' });
    expect((await t.call('POST', '/api/login', { body: { email: locked.email, password: DEMO_PASSWORD } })).statusCode).toBe(429);
    const res = await t.call('POST', `/api/users/${locked.id}/unlock`, { token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.locked).toBe(false);
    expect((await t.call('POST', '/api/login', { body: { email: locked.email, password: DEMO_PASSWORD } })).statusCode).toBe(200);
    const unlockedList = (await t.call('GET', '/api/users?locked=true&active=all&paginate=100', { token: admin })).json().users;
    expect(unlockedList.data.map((u: { id: number }) => u.id)).not.toContain(locked.id);
  });

  it('after a PIN reset the next request asks for a new PIN, which the user then sets', async () => {
    const login = await t.call('POST', '/api/login', { body: { email: 'pin.author@wardnote.test', password: DEMO_PASSWORD } });
    const token = login.json().access_token as string;
    expect((await t.call('POST', '/api/pin/verify', { token, body: { pin: '2468' } })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/interaction', { token })).statusCode).toBe(200);
    const [u] = await t.db.select().from(users).where(eq(users.email, 'pin.author@wardnote.test'));
    const res = await t.call('POST', `/api/users/${u!.id}/reset-pin`, { token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Hannah Price’s PIN is cleared. They choose a new one the next time they sign in.',
      data: { pin_set: false },
    });
    expect((await t.call('GET', '/api/interaction', { token })).json().code).toBe('pin_not_set');
    const fresh = await t.call('POST', '/api/login', { body: { email: 'pin.author@wardnote.test', password: DEMO_PASSWORD } });
    expect(fresh.json()).toMatchObject({ mfa: true, pin: false });
    expect((await t.call('POST', '/api/pin/set', { token, body: { pin: '8642', pin_confirmation: '8642' } })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/interaction', { token })).statusCode).toBe(200);
  });

  it('sign out everywhere ends an existing session at its next request, on the cached work-queue route too', async () => {
    const token = await t.login(MANAGER);
    expect((await t.call('GET', '/api/dictation/counts', { token })).statusCode).toBe(200);
    const [m] = await t.db.select().from(users).where(eq(users.email, MANAGER));
    const res = await t.call('POST', `/api/users/${m!.id}/sign-out-everywhere`, { token: admin });
    expect(res.json().message).toBe('Grace Okafor is signed out on every device.');
    expect((await t.call('GET', '/api/dictation/counts', { token })).statusCode).toBe(401);
    expect((await t.call('GET', '/api/user', { token })).statusCode).toBe(401);
  });
});

describe('the list', () => {
  it('searches by the start of the last name or e-mail, filters by role, and keeps the authors list as it was', async () => {
    const found = (await t.call('GET', '/api/users?search=okaf', { token: admin })).json().users.data;
    expect(found.map((u: { email: string }) => u.email)).toEqual([MANAGER]);
    expect(found[0]).toMatchObject({ site_name: 'Demo General Hospital', state: 'active', roles: [{ name: 'Manager' }] });
    const byMail = (await t.call('GET', '/api/users?search=trustadmin%40', { token: admin })).json().users.data;
    expect(byMail.map((u: { email: string }) => u.email)).toEqual([TRUSTADMIN]);
    // A secretary's authors list: the summary only, active users only, no admin filters.
    const secretary = await t.login('secretary@wardnote.test');
    const authors = (await t.call('GET', '/api/users?filter_role=Author', { token: secretary })).json().users.data;
    expect(authors.length).toBeGreaterThan(0);
    expect(Object.keys(authors[0]).sort()).toEqual(['email', 'full_name', 'id', 'roles', 'site_id']);
    expect((await t.call('GET', '/api/users?active=all', { token: secretary })).statusCode).toBe(403);
    // A SiteAdmin sees their site's users only.
    const site = (await t.call('GET', '/api/users?paginate=100&active=all', { token: siteAdmin })).json().users.data;
    const [community] = await t.db.select().from(users).where(eq(users.email, 'pin.author@wardnote.test'));
    expect(site.some((u: { id: number }) => u.id === community!.id)).toBe(false);
  });

  it('refuses bad input in words and changes nothing', async () => {
    const before = (await t.db.select().from(users)).length;
    const res = await t.call('POST', '/api/users', {
      token: admin,
      body: { first_name: ' ', last_name: 'X', email: 'not-mail', site_id: p.site.own, roles: [] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      first_name: ['Enter the first name.'],
      email: ['Enter a valid e-mail address, such as name@nhs.net.'],
      roles: ['Choose at least one role.'],
    });
    const taken = await t.call('POST', '/api/users', { token: admin, body: newUser({ email: 'MANAGER@wardnote.test' }) });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email).toEqual([
      'manager@wardnote.test is already the e-mail address of another user. Each user needs their own address.',
    ]);
    const list = await t.call('GET', '/api/users?active=maybe', { token: admin });
    expect(list.statusCode).toBe(422);
    expect((await t.db.select().from(users)).length).toBe(before);
  });
});

describe('CSV import', () => {
  it('previews each row with its errors in words, refuses a file with errors, then imports and invites', async () => {
    const good1 = uniqueEmail('csv');
    const good2 = uniqueEmail('csv');
    const csv = [
      'first_name,last_name,email,site,roles,applications',
      `Ann,Lee,${good1},Demo General Hospital,Author,dictation;scribe_assist`,
      `Bob,Ray,${good2},demo general hospital,Secretary;Manager,`,
      `Cat,Fox,not-an-email,Demo General Hospital,Author,`,
      `Dan,Oak,${good1},Demo General Hospital,Author,`,
      `Eve,Ash,${uniqueEmail('csv')},Nowhere Hospital,Surgeon,`,
      `Fay,Elm,manager@wardnote.test,Demo General Hospital,Author,`,
    ].join('\n');
    const preview = await t.call('POST', '/api/users/import', { token: admin, body: { csv, dry_run: true } });
    expect(preview.statusCode, preview.body).toBe(200);
    const a = preview.json();
    expect(a).toMatchObject({ ok: 2, with_errors: 4, created: 0, message: '2 rows ready to import, 4 rows with errors.' });
    const byRow = Object.fromEntries(a.rows.map((r: { row: number; errors: { column: string; message: string }[] }) => [r.row, r.errors]));
    expect(byRow[1]).toEqual([]);
    expect(byRow[3]).toEqual([{ column: 'email', message: 'Enter a valid e-mail address, such as name@nhs.net.' }]);
    expect(byRow[4]).toEqual([{ column: 'email', message: 'This e-mail address is already on row 1 of the file.' }]);
    expect(byRow[5]).toEqual(
      expect.arrayContaining([
        { column: 'site', message: '“Nowhere Hospital” is not a site of this trust: use the site’s name as it appears in Wardnote.' },
        { column: 'roles', message: '“Surgeon” is not a role. Use Author, Secretary, Manager, SiteAdmin, TrustAdmin or SuperAdmin.' },
      ]),
    );
    expect(byRow[6]).toEqual([
      {
        column: 'email',
        message: 'manager@wardnote.test is already the e-mail address of another user. Each user needs their own address.',
      },
    ]);
    const mailsBefore = (await t.db.select().from(mailbox)).length;
    const refused = await t.call('POST', '/api/users/import', { token: admin, body: { csv, dry_run: false } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Nothing was imported: 4 rows have errors. Correct them and import the file again.');
    expect((await t.db.select().from(users).where(eq(users.email, good1))).length).toBe(0);

    const clean = csv.split('\n').slice(0, 3).join('\n');
    const done = await t.call('POST', '/api/users/import', { token: admin, body: { csv: clean, dry_run: false } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ created: 2, message: '2 users imported; each has been sent an invitation.' });
    expect((await t.db.select().from(mailbox)).length).toBe(mailsBefore + 2);
    const [ann] = await t.db.select().from(users).where(eq(users.email, good1));
    expect(ann).toMatchObject({ applicationTypes: ['amplify', 'scribe_assist'] });
    expect((await lastLinkTo(t.db, good2))!.subject).toBe('You have been invited to Wardnote');
  });

  it('a SiteAdmin’s rows may not name another site or an admin role; a file without the columns is refused as a whole', async () => {
    const csv = `first_name,last_name,email,site,roles\nAl,Bee,${uniqueEmail('csv')},Demo Community Hospital,Author\nCy,Dee,${uniqueEmail('csv')},Demo General Hospital,TrustAdmin\n`;
    const a = (await t.call('POST', '/api/users/import', { token: siteAdmin, body: { csv } })).json();
    expect(a.rows[0].errors).toEqual([{ column: 'site', message: 'You can only place users at your own site.' }]);
    expect(a.rows[1].errors).toEqual([
      { column: 'roles', message: 'You cannot give or take away the role TrustAdmin: only a higher administrator can.' },
    ]);
    const noHeader = await t.call('POST', '/api/users/import', { token: admin, body: { csv: 'name,mail\nA,b@c.d\n' } });
    expect(noHeader.statusCode).toBe(422);
    expect(noHeader.json().message).toContain('is not one Wardnote knows');
  });
});

describe('the demo', () => {
  it('has a user in each state the list shows: invited, locked and deactivated', async () => {
    await seedDemoUsers(t.db);
    const rows = (await t.call('GET', '/api/users?active=all&paginate=100', { token: admin })).json().users.data as {
      email: string;
      state: string;
    }[];
    const stateOf = (email: string) => rows.find((r) => r.email === email)?.state;
    expect([stateOf('invited@wardnote.test'), stateOf('locked@wardnote.test'), stateOf('former@wardnote.test')]).toEqual([
      'invited',
      'locked',
      'inactive',
    ]);
    expect(stateOf(MANAGER)).toBe('active');
    // Seeding again adds nobody.
    const before = (await t.db.select().from(users)).length;
    await seedDemoUsers(t.db);
    expect((await t.db.select().from(users)).length).toBe(before);
  });
});
