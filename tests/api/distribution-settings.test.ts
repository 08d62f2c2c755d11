import { pathOf } from '../../src/domain/contract/endpoint';
import { E } from '../../src/domain/contract/endpoints';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, settings, trusts, users } from '../../server/db/schema';
import { PAGE_MESSAGES } from '../../src/domain/messages';
import { startTestApp, type TestApp } from './harness';
import { addUser } from './letters-fixtures';
import { AUTHOR, FOREIGN, MANAGER, SECRETARY, SUPERADMIN } from './worklist-fixtures';

/**
 * A trust's distribution settings (issue 13): GET/PUT /api/trusts/{id}/distribution for the trust's
 * TrustAdmin (SuperAdmin: any trust), validated by the shared schema, audited, and whether MESH can
 * carry GP copies — never a MESH secret.
 */

const TRUST_ADMIN = 'trustadmin@wardnote.test';
const SITE_ADMIN = 'siteadmin@wardnote.test';
const FOREIGN_ADMIN = 'foreign.trustadmin@wardnote.test';

let t: TestApp;
const tokens: Record<string, string> = {};
let ours: number;
let theirs: number;

const trustOf = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0]!.trustId;
const get = (who: string, trustId: number) => t.call('GET', pathOf(E.trustDistributionGet, { id: trustId }), { token: tokens[who] });
const put = (who: string, trustId: number, body: unknown) =>
  t.call('PUT', pathOf(E.trustDistributionGet, { id: trustId }), { token: tokens[who], body });
const trustOds = async (trustId: number) => (await t.db.select({ ods: trusts.odsCode }).from(trusts).where(eq(trusts.id, trustId)))[0]!.ods;
const stored = async (trustId: number) =>
  (
    await t.db
      .select()
      .from(settings)
      .where(eq(settings.key, `distribution:${trustId}`))
  )[0]?.value ?? null;

beforeAll(async () => {
  t = await startTestApp();
  await addUser(t.db, { email: FOREIGN_ADMIN, first: 'Fern', last: 'Faraday', role: 'TrustAdmin', like: FOREIGN });
  for (const email of [TRUST_ADMIN, SITE_ADMIN, FOREIGN_ADMIN, MANAGER, SECRETARY, AUTHOR, SUPERADMIN])
    tokens[email] = await t.login(email);
  ours = await trustOf(TRUST_ADMIN);
  theirs = await trustOf(FOREIGN);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('distribution settings', () => {
  it('shows the trust admin their trust’s settings (the ODS code from the trust, nothing else yet), the default limit, and that MESH is not configured', async () => {
    const res = await get(TRUST_ADMIN, ours);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      trust: { id: ours, name: 'Demo NHS Foundation Trust' },
      email_subject_tag: '',
      ods_code: 'RX9',
      stuck_letter_hours: null,
      default_stuck_letter_hours: 24,
      mesh: { configured: false, usable: false, status: PAGE_MESSAGES.meshNotConfigured, detail: null },
    });
  });

  it('saves them (ODS code in capitals, text trimmed), keeps them, and writes the audit trail', async () => {
    const res = await put(TRUST_ADMIN, ours, { email_subject_tag: ' [encrypt] ', ods_code: ' rxx ', stuck_letter_hours: 36 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ email_subject_tag: '[encrypt]', ods_code: 'RXX', stuck_letter_hours: 36 });
    // The ODS code is the trust's own (the trust page shows the same); the rest is the setting.
    expect(await stored(ours)).toEqual({ email_subject_tag: '[encrypt]', stuck_letter_hours: 36 });
    expect(await trustOds(ours)).toBe('RXX');
    // One value: the trust's own page shows the code Letters out saved.
    expect((await t.call('GET', `/api/trusts/${ours}`, { token: tokens[TRUST_ADMIN] })).json().data).toMatchObject({ ods_code: 'RXX' });
    expect((await get(TRUST_ADMIN, ours)).json().data).toMatchObject({
      email_subject_tag: '[encrypt]',
      ods_code: 'RXX',
      stuck_letter_hours: 36,
    });

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'trust.distribution_settings'), eq(auditLog.entityId, String(ours))));
    expect(entry).toMatchObject({ trustId: ours, entityType: 'trust' });
    expect(entry!.details).toEqual({
      before: { email_subject_tag: '', ods_code: 'RX9', stuck_letter_hours: null },
      after: { email_subject_tag: '[encrypt]', ods_code: 'RXX', stuck_letter_hours: 36 },
    });

    // Empty text and a null limit remove a setting: the server's default applies again.
    const cleared = await put(TRUST_ADMIN, ours, { email_subject_tag: '', ods_code: 'RXX', stuck_letter_hours: null });
    expect(cleared.json().data).toMatchObject({ email_subject_tag: '', ods_code: 'RXX', stuck_letter_hours: null });
    expect(await stored(ours)).toEqual({});
    expect(await trustOds(ours)).toBe('RXX');
  });

  it('refuses what it cannot keep, in words, and changes nothing', async () => {
    const before = await stored(ours);
    const cases: [unknown, string][] = [
      [{ email_subject_tag: '', ods_code: 'R-1', stuck_letter_hours: null }, PAGE_MESSAGES.distributionOdsInvalid],
      [{ email_subject_tag: '', ods_code: 'RX', stuck_letter_hours: null }, PAGE_MESSAGES.distributionOdsInvalid],
      [{ email_subject_tag: 'x'.repeat(41), ods_code: '', stuck_letter_hours: null }, PAGE_MESSAGES.distributionTagInvalid],
      [{ email_subject_tag: '[secure]\r\nBcc: someone', ods_code: '', stuck_letter_hours: null }, PAGE_MESSAGES.distributionTagInvalid],
      [{ email_subject_tag: '', ods_code: '', stuck_letter_hours: 0 }, PAGE_MESSAGES.stuckHoursInvalid],
      [{ email_subject_tag: '', ods_code: '', stuck_letter_hours: 169 }, PAGE_MESSAGES.stuckHoursInvalid],
      [{ email_subject_tag: '', ods_code: '', stuck_letter_hours: 1.5 }, PAGE_MESSAGES.stuckHoursInvalid],
      [{ email_subject_tag: '', ods_code: '', stuck_letter_hours: '24' }, PAGE_MESSAGES.stuckHoursInvalid],
      [{ email_subject_tag: '', ods_code: '' }, PAGE_MESSAGES.stuckHoursInvalid],
      [{ email_subject_tag: '', ods_code: '', stuck_letter_hours: null, mesh_password: 'x' }, 'Unknown field: mesh_password.'],
    ];
    for (const [body, message] of cases) {
      const res = await put(TRUST_ADMIN, ours, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().message).toContain(message);
    }
    expect(await stored(ours)).toEqual(before);
    // Another trust's ODS code: refused under the field, and the trust keeps its own.
    const odsBefore = await trustOds(ours);
    const taken = await put(TRUST_ADMIN, ours, { email_subject_tag: '', ods_code: 'rx8', stuck_letter_hours: null });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toMatchObject({ code: 'trust_ods_taken', errors: { ods_code: [PAGE_MESSAGES.trustOdsTaken('RX8')] } });
    expect(await trustOds(ours)).toBe(odsBefore);
    expect(await stored(ours)).toEqual(before);
  });

  it('is for trust admins and SuperAdmin only', async () => {
    for (const who of [MANAGER, SECRETARY, AUTHOR, SITE_ADMIN]) {
      expect((await get(who, ours)).statusCode).toBe(403);
      expect((await put(who, ours, { email_subject_tag: '', ods_code: '', stuck_letter_hours: null })).statusCode).toBe(403);
    }
    expect((await t.call('GET', pathOf(E.trustDistributionGet, { id: ours }))).statusCode).toBe(401);
  });

  it('hides another trust’s settings from a trust admin (404, nothing changed); SuperAdmin may administer any trust', async () => {
    const before = await stored(theirs);
    expect((await get(TRUST_ADMIN, theirs)).statusCode).toBe(404);
    expect((await put(TRUST_ADMIN, theirs, { email_subject_tag: 'x', ods_code: 'RYY', stuck_letter_hours: 2 })).statusCode).toBe(404);
    expect((await get(FOREIGN_ADMIN, ours)).statusCode).toBe(404);
    expect(await stored(theirs)).toEqual(before);
    expect((await get(TRUST_ADMIN, 999_999)).statusCode).toBe(404);
    expect((await t.call('GET', '/api/trusts/abc/distribution', { token: tokens[TRUST_ADMIN] })).statusCode).toBe(422);

    const res = await put(SUPERADMIN, theirs, { email_subject_tag: '', ods_code: 'RYY', stuck_letter_hours: 48 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ trust: { id: theirs, name: 'Other NHS Trust' }, ods_code: 'RYY', stuck_letter_hours: 48 });
    expect((await get(FOREIGN_ADMIN, theirs)).json().data.ods_code).toBe('RYY');
  });
});

describe('distribution settings with MESH configured', () => {
  let meshed: TestApp;
  let token: string;

  beforeAll(async () => {
    // A plain-http MESH (allowed for a local sandbox): configured, never contacted by these calls.
    meshed = await startTestApp({
      MESH_URL: 'http://127.0.0.1:9',
      MESH_MAILBOX_ID: 'X26OT001',
      MESH_PASSWORD: 'never-shown-password',
      MESH_SHARED_KEY: 'never-shown-key',
    });
    token = await meshed.login(TRUST_ADMIN);
  }, 60_000);

  afterAll(async () => {
    await meshed?.close();
  });

  it('says GP copies wait for the trust’s ODS code, then that they go electronically; never a secret', async () => {
    const trustId = (await meshed.db.select().from(users).where(eq(users.email, TRUST_ADMIN)))[0]!.trustId;
    // A trust without its ODS code (the demo trust has one).
    await meshed.db.update(trusts).set({ odsCode: null }).where(eq(trusts.id, trustId));
    const path = pathOf(E.trustDistributionGet, { id: trustId });
    const first = await meshed.call('GET', path, { token });
    expect(first.json().data.mesh).toEqual({ configured: true, usable: false, status: PAGE_MESSAGES.meshNeedsTrustOds, detail: null });
    const saved = await meshed.call('PUT', path, {
      token,
      body: { email_subject_tag: '[secure]', ods_code: 'RXX', stuck_letter_hours: null },
    });
    expect(saved.json().data.mesh).toEqual({ configured: true, usable: true, status: PAGE_MESSAGES.meshReady, detail: null });
    expect(first.body + saved.body).not.toMatch(/never-shown|X26OT001/);
  });
});
