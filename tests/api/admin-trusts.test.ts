import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLogoPng } from '../../server/db/demo-letterhead';
import { auditLog, sessions, sites, trustEngines, users } from '../../server/db/schema';
import { hashSecret, hashToken } from '../../server/lib/secrets';
import { startLoggedApp, type LoggedApp } from './logged-app';
import { SITEADMIN, SUPERADMIN, TRUSTADMIN, trustIds } from './admin-structure-fixtures';

/**
 * Issue 25, trusts and sites: a SuperAdmin creates a trust with its first site; a TrustAdmin edits their
 * own and reaches no other; the ODS code is unique and the time zone one Intl knows; engine keys are
 * write-only (never in an answer, a log line or the audit); a site with users is deactivated, never
 * deleted; every change is audited with before and after.
 */

let t: LoggedApp;
let superAdmin: string;
let trustAdmin: string;
let siteAdmin: string;
let ours: number;
let theirs: number;

beforeAll(async () => {
  t = await startLoggedApp();
  superAdmin = await t.login(SUPERADMIN);
  trustAdmin = await t.login(TRUSTADMIN);
  siteAdmin = await t.login(SITEADMIN);
  ({ ours, theirs } = await trustIds(t.db));
}, 60_000);
afterAll(() => t?.close());

const lastAudit = async (action: string, entityId: number) => {
  const [row] = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
};

describe('trusts', () => {
  it('a SuperAdmin creates a trust with its first site, audited', async () => {
    const res = await t.call('POST', '/api/trusts', {
      token: superAdmin,
      body: {
        name: 'Northfield NHS Trust',
        ods_code: 'rnf',
        time_zone: 'Europe/London',
        turnaround_days: 7,
        site: { name: 'Northfield Hospital', address: '1 North Road' },
      },
    });
    expect(res.statusCode).toBe(201);
    const trust = res.json().data;
    expect(trust).toMatchObject({ name: 'Northfield NHS Trust', ods_code: 'RNF', turnaround_days: 7, sites: 1, active: true });
    const site = await t.call('GET', `/api/sites?trust_id=${trust.id}`, { token: superAdmin });
    expect(site.json().data.data).toEqual([expect.objectContaining({ name: 'Northfield Hospital', address: '1 North Road', users: 0 })]);
    const row = await lastAudit('trust.created', trust.id);
    expect(row!.details).toMatchObject({
      before: null,
      after: { name: 'Northfield NHS Trust', ods_code: 'RNF', first_site: { name: 'Northfield Hospital' } },
    });
    // Found by its ODS code in the list.
    const listed = await t.call('GET', '/api/trusts?search=rnf', { token: superAdmin });
    expect(listed.json().data.data.map((x: { name: string }) => x.name)).toEqual(['Northfield NHS Trust']);
  });

  it('a TrustAdmin may not create a trust, lists only their own, and reaches no other (404)', async () => {
    const res = await t.call('POST', '/api/trusts', { token: trustAdmin, body: { name: 'Sneaky Trust', site: { name: 'Sneaky' } } });
    expect(res.statusCode).toBe(403);
    const list = await t.call('GET', '/api/trusts', { token: trustAdmin });
    expect(list.json().data.data.map((x: { id: number }) => x.id)).toEqual([ours]);
    expect((await t.call('GET', `/api/trusts/${theirs}`, { token: trustAdmin })).statusCode).toBe(404);
    expect((await t.call('PATCH', `/api/trusts/${theirs}`, { token: trustAdmin, body: { name: 'Mine now' } })).statusCode).toBe(404);
    expect((await t.call('GET', `/api/trusts/${theirs}/engines`, { token: trustAdmin })).statusCode).toBe(404);
  });

  it('refuses an ODS code another trust has, in words, and changes nothing', async () => {
    const res = await t.call('PATCH', `/api/trusts/${ours}`, { token: trustAdmin, body: { ods_code: 'RX8', name: 'Renamed' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'trust_ods_taken', errors: { ods_code: ['Another trust already has the ODS code RX8.'] } });
    expect((await t.call('GET', `/api/trusts/${ours}`, { token: trustAdmin })).json().data).toMatchObject({
      name: 'Demo NHS Foundation Trust',
      ods_code: 'RX9',
    });
    const created = await t.call('POST', '/api/trusts', {
      token: superAdmin,
      body: { name: 'Copycat', ods_code: 'RX9', site: { name: 'Copycat site' } },
    });
    expect(created.statusCode).toBe(422);
  });

  it('refuses a time zone Intl does not know and out-of-range targets', async () => {
    const res = await t.call('PATCH', `/api/trusts/${ours}`, { token: trustAdmin, body: { time_zone: 'Mars/Olympus_Mons' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.time_zone).toEqual(['Choose a time zone from the list, such as Europe/London.']);
    const days = await t.call('PATCH', `/api/trusts/${ours}`, {
      token: trustAdmin,
      body: { turnaround_days: 0, audio_retention_days: -1 },
    });
    expect(days.statusCode).toBe(422);
    expect(Object.keys(days.json().errors).sort()).toEqual(['audio_retention_days', 'turnaround_days']);
  });

  it('a TrustAdmin edits their trust (audited before/after) but cannot deactivate it', async () => {
    const res = await t.call('PATCH', `/api/trusts/${ours}`, {
      token: trustAdmin,
      body: { turnaround_days: 4, audio_retention_days: 365, time_zone: 'Europe/Dublin' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ turnaround_days: 4, audio_retention_days: 365, time_zone: 'Europe/Dublin' });
    const row = await lastAudit('trust.updated', ours);
    expect(row!.details).toMatchObject({
      before: { turnaround_days: 5, time_zone: 'Europe/London' },
      after: { turnaround_days: 4, time_zone: 'Europe/Dublin' },
    });
    const off = await t.call('PATCH', `/api/trusts/${ours}`, { token: trustAdmin, body: { active: false } });
    expect(off.statusCode).toBe(422);
    expect(off.json().message).toBe('You cannot deactivate the trust you belong to.');
    await t.call('PATCH', `/api/trusts/${ours}`, { token: trustAdmin, body: { time_zone: 'Europe/London', turnaround_days: 5 } });
  });
});

describe('engine settings: the key is write-only', () => {
  const KEY = 'sk-live-very-secret-4f9a1c7e2b';

  it('stores the key sealed, answers only "set", keeps it on a change without a key, clears it on request', async () => {
    const set = await t.call('PATCH', `/api/trusts/${ours}/engines`, {
      token: trustAdmin,
      body: { transcription: { base_url: 'https://asr.example.nhs.uk/v1', model: 'whisper-large', api_key: KEY } },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.transcription).toMatchObject({
      base_url: 'https://asr.example.nhs.uk/v1',
      model: 'whisper-large',
      api_key_set: true,
    });
    expect(set.json().data.drafting).toMatchObject({ base_url: null, api_key_set: false });
    const answers = [set.body];
    const read = await t.call('GET', `/api/trusts/${ours}/engines`, { token: trustAdmin });
    answers.push(read.body);
    expect(read.json().data.transcription.api_key_set).toBe(true);
    // Stored encrypted, not as given.
    const [stored] = await t.db
      .select()
      .from(trustEngines)
      .where(and(eq(trustEngines.trustId, ours), eq(trustEngines.kind, 'transcription')));
    expect(stored!.apiKeyCiphertext).toBeTruthy();
    expect(stored!.apiKeyCiphertext).not.toContain(KEY);

    const keep = await t.call('PATCH', `/api/trusts/${ours}/engines`, {
      token: trustAdmin,
      body: { transcription: { model: 'whisper-medium' } },
    });
    answers.push(keep.body);
    expect(keep.json().data.transcription).toMatchObject({ model: 'whisper-medium', api_key_set: true });

    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'trust.engines_updated'));
    expect(audits.length).toBeGreaterThanOrEqual(2);
    expect(audits[0]!.details).toMatchObject({
      before: { transcription: { api_key_set: false } },
      after: { transcription: { api_key_set: true } },
    });

    const clear = await t.call('PATCH', `/api/trusts/${ours}/engines`, { token: trustAdmin, body: { transcription: { api_key: null } } });
    answers.push(clear.body);
    expect(clear.json().data.transcription).toMatchObject({ base_url: 'https://asr.example.nhs.uk/v1', api_key_set: false });

    for (const body of answers) expect(body).not.toContain(KEY);
    expect(JSON.stringify(audits.map((a) => a.details))).not.toContain(KEY);
    expect(t.log()).not.toContain(KEY);
    expect(t.log()).not.toContain('very-secret');
  });

  it('refuses plain http, credentials in the address and private addresses, in words', async () => {
    const cases: [string, string][] = [
      ['http://asr.example.nhs.uk', 'This address is on a private or local network: only the server’s configuration may allow that.'],
      ['https://user:pw@asr.example.nhs.uk', 'Leave the user name and password out of the address: put the key in the API key field.'],
      ['https://10.1.2.3/v1', 'This address is on a private or local network: only the server’s configuration may allow that.'],
      ['https://localhost:8443', 'This address is on a private or local network: only the server’s configuration may allow that.'],
      ['ftp://asr.example.nhs.uk', 'Enter a web address starting with https://, such as https://engine.example.nhs.uk/v1.'],
    ];
    for (const [url, words] of cases) {
      const res = await t.call('PATCH', `/api/trusts/${ours}/engines`, { token: trustAdmin, body: { drafting: { base_url: url } } });
      expect(res.statusCode, url).toBe(422);
      expect(Object.values(res.json().errors ?? {}).flat(), url).toContain(words);
    }
    expect((await t.call('GET', `/api/trusts/${ours}/engines`, { token: trustAdmin })).json().data.drafting.base_url).toBeNull();
  });
});

describe('letterhead', () => {
  it('saves address lines, footer and logo (audited without the logo bytes) and previews a real PDF', async () => {
    const logo = demoLogoPng(64).toString('base64');
    const body = {
      address_lines: ['Hospital Road', 'Demoton', 'DM1 1AA'],
      telephone: '01632 960 000',
      email: null,
      website: null,
      footer: 'Registered office: Hospital Road',
      logo_png_base64: logo,
    };
    const res = await t.call('PUT' as 'PATCH', `/api/trusts/${ours}/letterhead`, { token: trustAdmin, body });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ footer: 'Registered office: Hospital Road', logo_png_base64: logo });
    const row = await lastAudit('trust.letterhead_updated', ours);
    expect(JSON.stringify(row!.details)).not.toContain(logo.slice(0, 40));
    const pdf = await t.call('POST', `/api/trusts/${ours}/letterhead/preview`, { token: trustAdmin, body });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses a logo that is not a PNG by its bytes', async () => {
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('not really a png at all'),
    ]).toString('base64');
    const res = await t.call('POST', `/api/trusts/${ours}/letterhead/preview`, {
      token: trustAdmin,
      body: { address_lines: [], telephone: null, email: null, website: null, footer: null, logo_png_base64: fake },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.logo_png_base64).toEqual(['The logo must be a PNG image.']);
  });
});

describe('sites', () => {
  it('a TrustAdmin adds a site and edits it; a name the trust has is refused', async () => {
    const made = await t.call('POST', '/api/sites', {
      token: trustAdmin,
      body: { name: 'Demo Eye Unit', address: 'Eye Lane', mfa: true, pin_lifetime_minutes: 60 },
    });
    expect(made.statusCode).toBe(201);
    const site = made.json().data;
    expect(site).toMatchObject({ trust_id: ours, mfa: true, pin_lifetime_minutes: 60, users: 0 });
    const again = await t.call('POST', '/api/sites', { token: trustAdmin, body: { name: 'demo eye unit' } });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.name).toEqual(['The trust already has a site called demo eye unit.']);
    const edit = await t.call('PATCH', `/api/sites/${site.id}`, {
      token: trustAdmin,
      body: { support_link: 'https://support.demo-nhs.test', support_email: 'eyes@demo-nhs.test', sr_integration: 'dragon' },
    });
    expect(edit.statusCode).toBe(200);
    const row = await lastAudit('site.updated', site.id);
    expect(row!.details).toMatchObject({
      before: { support_link: null },
      after: { support_link: 'https://support.demo-nhs.test', sr_integration: 'dragon' },
    });
    const bad = await t.call('PATCH', `/api/sites/${site.id}`, {
      token: trustAdmin,
      body: { support_link: 'javascript:alert(1)', support_email: 'nope' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['support_email', 'support_link']);
  });

  it('a site with users is deactivated (never deleted), saying so; its users stay', async () => {
    const [community] = await t.db.select().from(sites).where(eq(sites.name, 'Demo Community Hospital'));
    const before = await t.db.select({ id: users.id }).from(users).where(eq(users.siteId, community!.id));
    expect(before.length).toBeGreaterThan(0);
    const res = await t.call('PATCH', `/api/sites/${community!.id}`, { token: trustAdmin, body: { active: false } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.active).toBe(false);
    expect(res.json().message).toMatch(/deactivated rather than deleted: \d+ users? belongs? to it\./);
    expect((await lastAudit('site.deactivated', community!.id))!.details).toMatchObject({
      before: { active: true },
      after: { active: false },
    });
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.siteId, community!.id))).toHaveLength(before.length);
    await t.call('PATCH', `/api/sites/${community!.id}`, { token: trustAdmin, body: { active: true } });
  });

  it('a SiteAdmin sees and edits only their own site, and cannot deactivate it', async () => {
    const list = await t.call('GET', '/api/sites', { token: siteAdmin });
    expect(list.statusCode).toBe(200);
    const mine = list.json().data.data;
    expect(mine.map((s: { name: string }) => s.name)).toEqual(['Demo General Hospital']);
    const [community] = await t.db.select().from(sites).where(eq(sites.name, 'Demo Community Hospital'));
    expect((await t.call('GET', `/api/sites/${community!.id}`, { token: siteAdmin })).statusCode).toBe(404);
    expect((await t.call('PATCH', `/api/sites/${community!.id}`, { token: siteAdmin, body: { address: 'x' } })).statusCode).toBe(404);
    const edit = await t.call('PATCH', `/api/sites/${mine[0].id}`, {
      token: siteAdmin,
      body: { address: 'Hospital Road, Demoton, DM1 1AB' },
    });
    expect(edit.statusCode).toBe(200);
    const off = await t.call('PATCH', `/api/sites/${mine[0].id}`, { token: siteAdmin, body: { active: false } });
    expect(off.statusCode).toBe(422);
    expect((await t.call('POST', '/api/sites', { token: siteAdmin, body: { name: 'Mine' } })).statusCode).toBe(403);
  });

  it('a site’s PIN lifetime is the one its users’ PIN lasts; empty goes back to the server’s default', async () => {
    const [community] = await t.db.select().from(sites).where(eq(sites.name, 'Demo Community Hospital'));
    await t.db
      .update(users)
      .set({ pinHash: await hashSecret('2468'), pinSetAt: new Date() })
      .where(eq(users.email, 'pin.author@wardnote.test'));
    const token = await t.login('pin.author@wardnote.test');
    expect((await t.call('POST', '/api/pin/verify', { token, body: { pin: '2468' } })).statusCode).toBe(200);
    // Verified 12 minutes ago: within the server's default (8 hours), past a 10-minute site lifetime.
    await t.db
      .update(sessions)
      .set({ pinVerifiedAt: new Date(Date.now() - 12 * 60_000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect((await t.call('GET', '/api/interaction', { token })).statusCode).toBe(200);
    await t.call('PATCH', `/api/sites/${community!.id}`, { token: trustAdmin, body: { pin_lifetime_minutes: 10 } });
    const lapsed = await t.call('GET', '/api/interaction', { token });
    expect(lapsed.statusCode).toBe(403);
    expect(lapsed.json().message).toContain('expired');
    await t.call('PATCH', `/api/sites/${community!.id}`, { token: trustAdmin, body: { pin_lifetime_minutes: null } });
    expect((await t.call('GET', '/api/interaction', { token })).statusCode).toBe(200);
  });
});
