import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, departments, notifications, settingValues, sites, trusts, users } from '../../server/db/schema';
import { sendDigests } from '../../server/modules/notifications/email-digest';
import { startTestApp, type TestApp } from './harness';
import { addAccount } from './admin-structure-fixtures';

/**
 * Issue 25, settings that inherit trust → site → department → user, with locks: the chain, locks, who may
 * change which level (another trust's is not found), the audit trail, and the profile answer carrying the
 * effective values with their sources. Each test uses its own setting so their order does not matter.
 */

const TRUSTADMIN = 'trustadmin@wardnote.test';
const SITEADMIN = 'siteadmin@wardnote.test';
const AUTHOR = 'author@wardnote.test';
const SECRETARY = 'secretary@wardnote.test';
const DEPT_HOLDER = 'settings.departments@wardnote.test';

let t: TestApp;
let admin: string;
let ids: {
  trust: number;
  otherTrust: number;
  general: number;
  community: number;
  otherSite: number;
  cardiology: number;
  author: number;
  otherAuthor: number;
};

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login(TRUSTADMIN);
  const [demo] = await t.db.select().from(trusts).where(eq(trusts.name, 'Demo NHS Foundation Trust'));
  const [other] = await t.db.select().from(trusts).where(eq(trusts.name, 'Other NHS Trust'));
  const siteId = async (name: string) => (await t.db.select().from(sites).where(eq(sites.name, name)))[0]!.id;
  const userId = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0]!.id;
  const [cardiology] = await t.db
    .select()
    .from(departments)
    .where(and(eq(departments.trustId, demo!.id), eq(departments.code, 'CAR')));
  ids = {
    trust: demo!.id,
    otherTrust: other!.id,
    general: await siteId('Demo General Hospital'),
    community: await siteId('Demo Community Hospital'),
    otherSite: await siteId('Other General Hospital'),
    cardiology: cardiology!.id,
    author: await userId(AUTHOR),
    otherAuthor: await userId('other.author@wardnote.test'),
  };
  await addAccount(t.db, { email: DEPT_HOLDER, like: SECRETARY, roles: ['Secretary'], permissions: ['departments'] });
}, 60_000);
afterAll(() => t?.close());

type Setting = { key: string; value: unknown; source_text: string; locked: boolean; locked_by: { name: string } | null; settable: boolean };
const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, body?: unknown, token = admin) =>
  t.call(method, url, { token, body });
const setting = (answer: { data: { settings: Setting[] } }, key: string) => answer.data.settings.find((s) => s.key === key)!;
const level = async (scope: string, id: number, token = admin) =>
  (await call('GET', `/api/settings/${scope}/${id}`, undefined, token)).json();
const profileOf = async (token: string) => (await call('GET', '/api/user', undefined, token)).json().data;

describe('inheritance', () => {
  it('takes the nearest level across trust, site, department and user, each saying where it comes from', async () => {
    const author = await t.login(AUTHOR);
    expect((await call('PUT', `/api/settings/trust/${ids.trust}/footpedal_mode`, { value: 'advanced' })).statusCode).toBe(200);
    // Trust only: the site, the department and the user inherit it.
    expect(setting(await level('site', ids.general), 'footpedal_mode')).toMatchObject({
      value: 'advanced',
      source_text: 'from Demo NHS Foundation Trust',
      locked: false,
    });
    expect(setting(await level('department', ids.cardiology), 'footpedal_mode')).toMatchObject({
      value: 'advanced',
      source_text: 'from Demo NHS Foundation Trust',
    });
    let me = await profileOf(author);
    expect(me.preferences.profile.footpedal_mode).toBe('advanced');
    expect(me.inherited_settings.find((s: Setting) => s.key === 'footpedal_mode')).toMatchObject({
      source_text: 'from Demo NHS Foundation Trust',
    });

    // The department sets its own: its level says "set here".
    await call('PUT', `/api/settings/department/${ids.cardiology}/footpedal_mode`, { value: 'basic' });
    expect(setting(await level('department', ids.cardiology), 'footpedal_mode')).toMatchObject({ value: 'basic', source_text: 'set here' });

    // The site sets its own: its users take it.
    await call('PUT', `/api/settings/site/${ids.general}/footpedal_mode`, { value: 'basic' });
    me = await profileOf(author);
    expect(me.preferences.profile.footpedal_mode).toBe('basic');
    expect(me.inherited_settings.find((s: Setting) => s.key === 'footpedal_mode').source_text).toBe('from Demo General Hospital');

    // The user's own beats both.
    const saved = await call('POST', `/api/preference/${ids.author}`, { profile: { footpedal_mode: 'advanced' } }, author);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.preferences.profile.footpedal_mode).toBe('advanced');
    me = await profileOf(author);
    expect(me.inherited_settings.find((s: Setting) => s.key === 'footpedal_mode')).toMatchObject({
      value: 'advanced',
      source_text: 'your own',
    });

    // Clearing the user's own: back to the site's.
    const cleared = await call('DELETE', `/api/settings/user/${ids.author}/footpedal_mode`, undefined, author);
    expect(cleared.statusCode).toBe(200);
    expect(setting(cleared.json(), 'footpedal_mode')).toMatchObject({ value: 'basic', source_text: 'from Demo General Hospital' });
  });

  it('answers defaults for what no level set, and the profile keeps its own fields', async () => {
    const token = await t.login('other.author@wardnote.test');
    const me = await profileOf(token);
    expect(me.preferences.profile).toMatchObject({
      auto_rewind_seconds: 2,
      footpedal_mode: 'basic',
      scribe_assist: { number_of_speakers: 2 },
    });
    expect(me.inherited_settings.find((s: Setting) => s.key === 'auto_rewind_seconds')).toMatchObject({
      source_text: 'default',
      locked: false,
    });
    expect(me).toMatchObject({ id: ids.otherAuthor, roles: [{ name: 'Author' }] });
  });
});

describe('locks', () => {
  it('a lock at the trust beats the user’s own value; the user cannot change it (422 naming who locked it, nothing changed)', async () => {
    const author = await t.login(AUTHOR);
    await call('POST', `/api/preference/${ids.author}`, { profile: { auto_rewind_seconds: 5 } }, author);
    const locked = await call('PUT', `/api/settings/trust/${ids.trust}/auto_rewind_seconds`, { value: 3, locked: true });
    expect(locked.statusCode).toBe(200);
    expect(setting(locked.json(), 'auto_rewind_seconds')).toMatchObject({ held: { value: 3, locked: true } });

    const me = await profileOf(author);
    expect(me.preferences.profile.auto_rewind_seconds).toBe(3);
    expect(me.inherited_settings.find((s: Setting) => s.key === 'auto_rewind_seconds')).toMatchObject({
      value: 3,
      locked: true,
      locked_by: { level: 'trust', name: 'Demo NHS Foundation Trust' },
      settable: false,
      source_text: 'from Demo NHS Foundation Trust',
    });

    const [before] = await t.db.select({ p: users.preferences }).from(users).where(eq(users.id, ids.author));
    const refused = await call(
      'POST',
      `/api/preference/${ids.author}`,
      { profile: { auto_rewind_seconds: 7, footpedal_mode: 'basic' } },
      author,
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'setting_locked',
      message: 'Auto-rewind is locked by Demo NHS Foundation Trust, so it cannot be changed here. Ask them to unlock it.',
    });
    const direct = await call('PUT', `/api/settings/user/${ids.author}/auto_rewind_seconds`, { value: 7 }, author);
    expect(direct.statusCode).toBe(422);
    expect(direct.json().code).toBe('setting_locked');
    const [after] = await t.db.select({ p: users.preferences }).from(users).where(eq(users.id, ids.author));
    expect(after!.p).toEqual(before!.p);

    // The locked value itself may come along with other preferences: it is left out, the rest is saved.
    const same = await call('POST', `/api/preference/${ids.author}`, { profile: { auto_rewind_seconds: 3, status: 'SENT' } }, author);
    expect(same.statusCode).toBe(200);
    const [kept] = await t.db.select({ p: users.preferences }).from(users).where(eq(users.id, ids.author));
    expect(kept!.p.profile).toMatchObject({ auto_rewind_seconds: 5, status: 'SENT' });

    // A site may not change it either while the trust holds the lock; unlocked, the user's own value counts again.
    const site = await call('PUT', `/api/settings/site/${ids.general}/auto_rewind_seconds`, { value: 4 });
    expect(site.statusCode).toBe(422);
    await call('PUT', `/api/settings/trust/${ids.trust}/auto_rewind_seconds`, { value: 3, locked: false });
    expect((await profileOf(author)).preferences.profile.auto_rewind_seconds).toBe(5);
  });

  it('a user’s own level cannot lock, and values keep their rules (columns ≥ 5, speakers 1–8, retention within the trust limit)', async () => {
    const author = await t.login(AUTHOR);
    const lock = await call('PUT', `/api/settings/user/${ids.author}/number_of_speakers`, { value: 3, locked: true }, author);
    expect(lock.statusCode).toBe(422);
    const speakers = await call('PUT', `/api/settings/trust/${ids.trust}/number_of_speakers`, { value: 9 });
    expect(speakers.statusCode).toBe(422);
    expect(speakers.json().errors).toEqual({ value: ['Enter a single digit from 1 to 8.'] });
    const cols = await call('PUT', `/api/settings/site/${ids.general}/columns`, { value: ['author', 'status'] });
    expect(cols.json().errors).toEqual({ value: ['Select a minimum of 5 columns to display.'] });
    await t.db.update(trusts).set({ audioRetentionDays: 90 }).where(eq(trusts.id, ids.trust));
    const over = await call('PUT', `/api/settings/site/${ids.general}/audio_retention_days`, { value: 120 });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.value[0]).toContain('at most 90 days');
    const within = await call('PUT', `/api/settings/site/${ids.general}/audio_retention_days`, { value: 30 });
    expect(setting(within.json(), 'audio_retention_days')).toMatchObject({ value: 30, source_text: 'set here' });
    const notHere = await call('PUT', `/api/settings/user/${ids.author}/mfa`, { value: true }, author);
    expect(notHere.json()).toMatchObject({ code: 'setting_not_at_level', message: 'Second factor (PIN) cannot be set for a user.' });
  });
});

describe('who may change which level', () => {
  it('answers by level and role', async () => {
    const siteAdmin = await t.login(SITEADMIN);
    const author = await t.login(AUTHOR);
    const holder = await t.login(DEPT_HOLDER);
    const put = (scope: string, id: number, token: string) =>
      call('PUT', `/api/settings/${scope}/${id}/number_of_speakers`, { value: 4 }, token);
    expect((await put('site', ids.general, siteAdmin)).statusCode).toBe(200);
    expect((await put('site', ids.community, siteAdmin)).statusCode).toBe(404);
    expect((await put('trust', ids.trust, siteAdmin)).statusCode).toBe(403);
    expect((await put('user', ids.author, siteAdmin)).statusCode).toBe(200);
    expect((await put('department', ids.cardiology, holder)).statusCode).toBe(200);
    expect((await put('site', ids.general, holder)).statusCode).toBe(403);
    expect((await put('trust', ids.trust, author)).statusCode).toBe(403);
    expect((await put('user', ids.otherAuthor, author)).statusCode).toBe(404);
    expect((await call('GET', `/api/settings/user/${ids.author}`, undefined, author)).statusCode).toBe(200);
  });

  it('another trust’s levels are not found, for reading or changing', async () => {
    for (const [scope, id] of [
      ['trust', ids.otherTrust],
      ['site', ids.otherSite],
      ['user', ids.otherAuthor],
    ] as const) {
      expect((await call('GET', `/api/settings/${scope}/${id}`)).statusCode).toBe(404);
      expect((await call('PUT', `/api/settings/${scope}/${id}/footpedal_mode`, { value: 'basic' })).statusCode).toBe(404);
      expect((await call('DELETE', `/api/settings/${scope}/${id}/footpedal_mode`)).statusCode).toBe(404);
    }
    const superAdmin = await t.login('superadmin@wardnote.test');
    expect((await call('GET', `/api/settings/trust/${ids.otherTrust}`, undefined, superAdmin)).statusCode).toBe(200);
  });
});

describe('audit and caches', () => {
  it('audits every change with before and after', async () => {
    await call('PUT', `/api/settings/department/${ids.cardiology}/email_notifications`, {
      value: { sent: true, author_approval: false, new_task: true },
      locked: true,
    });
    await call('DELETE', `/api/settings/department/${ids.cardiology}/email_notifications`);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'department_setting'), eq(auditLog.entityId, String(ids.cardiology))))
      .orderBy(desc(auditLog.id))
      .limit(2);
    expect(rows[1]).toMatchObject({
      action: 'setting.changed',
      trustId: ids.trust,
      details: {
        key: 'email_notifications',
        before: null,
        after: { value: { sent: true, author_approval: false, new_task: true }, locked: true },
      },
    });
    expect(rows[0]).toMatchObject({
      action: 'setting.cleared',
      details: {
        key: 'email_notifications',
        before: { value: { sent: true, author_approval: false, new_task: true }, locked: true },
        after: null,
      },
    });
  });

  it('a trust that locks the second factor on sets it on its sites at once, even for sessions checked seconds ago', async () => {
    const secretary = await t.login(SECRETARY);
    expect((await call('GET', '/api/dictation/counts', undefined, secretary)).statusCode).toBe(200); // cached now
    const on = await call('PUT', `/api/settings/trust/${ids.trust}/mfa`, { value: true, locked: true });
    expect(setting(on.json(), 'mfa')).toMatchObject({ held: { value: true, locked: true } });
    const demoSites = await t.db.select({ mfa: sites.mfa }).from(sites).where(eq(sites.trustId, ids.trust));
    expect(demoSites.map((s) => s.mfa)).toEqual([true, true]);
    const gated = await call('GET', '/api/dictation/counts', undefined, secretary);
    expect(gated.statusCode).toBe(403);
    expect(gated.json().code).toMatch(/^pin_/);
    // Everyone of the trust (its administrators too) now needs a PIN; a site may not turn it off.
    const siteOff = await call(
      'PUT',
      `/api/settings/site/${ids.community}/mfa`,
      { value: false },
      await t.login('superadmin@wardnote.test'),
    );
    expect(siteOff.statusCode).toBe(403);
    // Off again for the tests after this one (the administrators have no PIN in the template).
    await t.db.update(sites).set({ mfa: false }).where(eq(sites.id, ids.general));
    await t.db.delete(settingValues).where(and(eq(settingValues.scope, 'trust'), eq(settingValues.key, 'mfa')));
  });

  it('a saved preference is read at once by the next request, whatever was cached', async () => {
    const author = await t.login(AUTHOR);
    await call('GET', '/api/dictation/counts', undefined, author);
    const saved = await call('POST', `/api/preference/${ids.author}`, { profile: { scribe_assist: { number_of_speakers: 6 } } }, author);
    expect(saved.json().data.preferences.profile.scribe_assist).toEqual({ number_of_speakers: 6 });
    expect((await profileOf(author)).preferences.profile.scribe_assist).toEqual({ number_of_speakers: 6 });
  });

  it('the e-mail digest follows the effective setting: a trust lock beats the user’s own choice, a site default applies to who chose nothing', async () => {
    const secretaryId = (await t.db.select().from(users).where(eq(users.email, SECRETARY)))[0]!.id;
    const mails: string[] = [];
    const mailer = {
      transport: 'mailbox' as const,
      send: async (m: { to: string }) => {
        mails.push(m.to);
        return { messageId: '<test@wardnote.test>', response: '' };
      },
    };
    const notify = () =>
      t.db
        .insert(notifications)
        .values({ trustId: ids.trust, userId: secretaryId, kind: 'new_task', title: 'New task', body: 'A dictation is assigned to you.' });
    const digest = async () => {
      mails.length = 0;
      await sendDigests(t.db, mailer, 'https://wardnote.example');
      return mails.filter((to) => to === SECRETARY).length;
    };
    const off = { sent: false, author_approval: false, new_task: false };
    const on = { sent: false, author_approval: false, new_task: true };

    await notify();
    expect(await digest()).toBe(0); // nobody chose e-mails
    await call('PUT', `/api/settings/site/${ids.general}/email_notifications`, { value: on });
    expect(await digest()).toBe(1); // the site's default
    await call('POST', `/api/preference/${secretaryId}`, { profile: { email_notifications: off } }, await t.login(SECRETARY));
    await notify();
    expect(await digest()).toBe(0); // their own choice beats the site's default
    await call('PUT', `/api/settings/trust/${ids.trust}/email_notifications`, { value: on, locked: true });
    expect(await digest()).toBe(1); // the trust's lock beats their own choice
    await call('DELETE', `/api/settings/trust/${ids.trust}/email_notifications`);
    await call('DELETE', `/api/settings/site/${ids.general}/email_notifications`);
  });
});
