// On PostgreSQL too: three reset requests, and one reset link twice, are sent at once; only PostgreSQL runs those transactions in parallel.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { MESSAGES } from '../../src/domain/messages';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { auditLog, mailbox } from '../../server/db/schema';
import { findDemoUserId } from '../../server/db/seed';
import { DEMO_PASSWORD, startTestApp, type TestApp } from './harness';
import { seededDatabase } from './test-database';

/** Issue 7, points 5, 6 and 8: where reset links point, whose IP counts, and how long reset links live. */

async function lastMail(t: TestApp, to: string) {
  const [mail] = await t.db.select().from(mailbox).where(eq(mailbox.to, to)).orderBy(desc(mailbox.id)).limit(1);
  return mail!.text;
}
const linkIn = (text: string) => /(\S+)\/password\/reset\/([A-Za-z0-9_-]+)/.exec(text)!;
const forgot = (t: TestApp, email: string, headers: Record<string, string> = {}) =>
  t.call('POST', '/api/password/forgot', { body: { email }, headers });

describe('reset links use only the configured origin (point 5)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['X-Forwarded-Host', { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }],
    ['Host', { host: 'attacker.example' }],
  ])('without PUBLIC_URL a %s header does not choose the link: it is the server’s own origin', async (_name, headers) => {
    const res = await forgot(t, 'secretary@wardnote.test', headers);
    expect(res.statusCode).toBe(200);
    const text = await lastMail(t, 'secretary@wardnote.test');
    expect(text).not.toMatch(/evil\.example|attacker\.example/);
    expect(linkIn(text)[1]).toBe('http://localhost:8080');
  });

  it('with PUBLIC_URL the link uses it, whatever the request says', async () => {
    const s = await startTestApp({ PUBLIC_URL: 'https://wardnote.trust.example/' });
    try {
      await forgot(s, 'manager@wardnote.test', { 'x-forwarded-host': 'evil.example', host: 'attacker.example' });
      expect(linkIn(await lastMail(s, 'manager@wardnote.test'))[1]).toBe('https://wardnote.trust.example');
    } finally {
      await s.close();
    }
  });

  it('a production setting without PUBLIC_URL refuses to start, naming the variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL: must be set when NODE_ENV=production/);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://wardnote.trust.example' }).publicUrl).toBe(
      'https://wardnote.trust.example',
    );
  });

  it('a listening server without PUBLIC_URL says at start-up which origin its links use, and uses it', async () => {
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (d: Buffer) => lines.push(d.toString()));
    const database = await seededDatabase();
    const app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'info', DATA_DIR: '.tmp/link-origin-test' }),
      db: database.db,
      serveClient: false,
      logStream: stream,
    });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.server.address() as { port: number }).port;
      expect(lines.join('')).toContain(`PUBLIC_URL is not set: links in e-mails point to http://localhost:${port}`);
      await app.inject({
        method: 'POST',
        url: '/api/password/forgot',
        payload: { email: 'author@wardnote.test' },
        headers: { host: 'attacker.example' },
      });
      const [mail] = await database.db.select().from(mailbox).where(eq(mailbox.to, 'author@wardnote.test'));
      expect(mail!.text).toContain(`http://localhost:${port}/password/reset/`);
    } finally {
      await app.close();
      await database.close();
      await database.drop();
    }
  });
});

describe('forwarding headers are trusted only from TRUST_PROXY (point 6)', () => {
  const rotatingLogins = (t: TestApp, n: number) =>
    Array.from(
      { length: n },
      (_, i) => () =>
        t.call('POST', '/api/login', {
          body: { email: `nobody.${i}@wardnote.test`, password: 'Wrong-pass-1' },
          headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        }),
    );

  it('by default a rotating X-Forwarded-For does not escape the per-address limit; the 429 says too_many_requests', async () => {
    const t = await startTestApp();
    try {
      await t.call('POST', '/api/login', {
        body: { email: 'author@wardnote.test', password: 'Wrong-pass-2' },
        headers: { 'x-forwarded-for': '198.51.100.7' },
      });
      const userId = await findDemoUserId(t.db, 'author@wardnote.test');
      const rows = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.userId, userId), eq(auditLog.action, 'auth.login_failed')));
      expect(rows.map((r) => r.ip)).toEqual(['127.0.0.1']);

      const answers = [];
      for (const send of rotatingLogins(t, 40)) answers.push(await send());
      const limited = answers.filter((r) => r.statusCode === 429);
      expect(limited.length).toBe(11);
      expect(limited[0]!.json()).toMatchObject({ code: 'too_many_requests', message: MESSAGES.tooManyRequests });
      expect(limited[0]!.headers['retry-after']).toBeDefined();
    } finally {
      await t.close();
    }
  });

  it('behind a configured proxy the forwarded client address counts, for limits and audit', async () => {
    const t = await startTestApp({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' });
    try {
      const answers = [];
      for (const send of rotatingLogins(t, 35)) answers.push(await send());
      expect(answers.every((r) => r.statusCode === 422)).toBe(true);

      await t.call('POST', '/api/login', {
        body: { email: 'author@wardnote.test', password: 'Wrong-pass-2' },
        headers: { 'x-forwarded-for': '198.51.100.7' },
      });
      const userId = await findDemoUserId(t.db, 'author@wardnote.test');
      const rows = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.userId, userId), eq(auditLog.action, 'auth.login_failed')));
      expect(rows.map((r) => r.ip)).toEqual(['198.51.100.7']);
    } finally {
      await t.close();
    }
  });

  it('SIGN_IN_LIMIT_PER_MINUTE sets the per-address limit, for staff who share one address without a proxy', async () => {
    const t = await startTestApp({ SIGN_IN_LIMIT_PER_MINUTE: '40' });
    try {
      const answers = [];
      for (const send of rotatingLogins(t, 41)) answers.push(await send());
      expect(answers.slice(0, 40).every((r) => r.statusCode === 422)).toBe(true);
      expect(answers[40]!.json().code).toBe('too_many_requests');
    } finally {
      await t.close();
    }
  });

  it('PIN entry is limited per address as well as locked per user', async () => {
    const t = await startTestApp();
    try {
      const token = await t.login('pin.author@wardnote.test');
      const answers = [];
      for (let i = 0; i < 31; i++) answers.push(await t.call('POST', '/api/pin/verify', { token, body: { pin: '0000' } }));
      expect(answers.at(-2)!.json().code).toBe('pin_locked');
      expect(answers.at(-1)!.statusCode).toBe(429);
      expect(answers.at(-1)!.json().code).toBe('too_many_requests');
    } finally {
      await t.close();
    }
  });

  it('TRUST_PROXY must list addresses or CIDR ranges', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1' }).trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16', '::1']);
    expect(loadConfig({}).trustProxy).toEqual([]);
  });
});

describe('reset links (point 8)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const valid = async (token: string) => (await t.call('GET', `/api/validateToken?token=${token}`)).statusCode === 200;

  it('a new request replaces the outstanding link: only the newest works', async () => {
    await forgot(t, 'author@wardnote.test');
    const first = linkIn(await lastMail(t, 'author@wardnote.test'))[2]!;
    await forgot(t, 'author@wardnote.test');
    const second = linkIn(await lastMail(t, 'author@wardnote.test'))[2]!;
    expect(await valid(first)).toBe(false);
    expect(await valid(second)).toBe(true);
    const reset = await t.call('POST', '/api/password/reset', {
      body: { token: first, password: 'Reset-pass-2026', password_confirmation: 'Reset-pass-2026' },
    });
    expect(reset.statusCode).toBe(422);
  });

  it('requests sent at once leave exactly one working link and no error', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => forgot(t, 'scribe@wardnote.test')));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const mails = await t.db.select().from(mailbox).where(eq(mailbox.to, 'scribe@wardnote.test'));
    const live = await Promise.all(mails.map((m) => valid(linkIn(m.text)[2]!)));
    expect(live.filter(Boolean).length).toBe(1);
  });

  it('a password change ends the outstanding link', async () => {
    await forgot(t, 'trustadmin@wardnote.test');
    const link = linkIn(await lastMail(t, 'trustadmin@wardnote.test'))[2]!;
    const token = await t.login('trustadmin@wardnote.test');
    const change = await t.call('POST', '/api/password/change', {
      token,
      body: { current_password: DEMO_PASSWORD, password: 'Changed-pass-44', password_confirmation: 'Changed-pass-44' },
    });
    expect(change.statusCode).toBe(200);
    expect(await valid(link)).toBe(false);
    const reset = await t.call('POST', '/api/password/reset', {
      body: { token: link, password: 'Stolen-pass-55', password_confirmation: 'Stolen-pass-55' },
    });
    expect(reset.statusCode).toBe(422);
    expect(reset.json().message).toBe(MESSAGES.resetTokenInvalid);
  });

  it('a reset ends a sign-in lockout, and the link works once even when sent twice at once', async () => {
    const email = 'siteadmin@wardnote.test';
    for (let i = 0; i < 5; i++) await t.call('POST', '/api/login', { body: { email, password: `Wrong-pass-${i}` } });
    expect((await t.call('POST', '/api/login', { body: { email, password: DEMO_PASSWORD } })).statusCode).toBe(429);
    await forgot(t, email);
    const link = linkIn(await lastMail(t, email))[2]!;
    const body = { token: link, password: 'Reset-pass-2027', password_confirmation: 'Reset-pass-2027' };
    const both = await Promise.all([1, 2].map(() => t.call('POST', '/api/password/reset', { body })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect((await t.call('POST', '/api/login', { body: { email, password: 'Reset-pass-2027' } })).statusCode).toBe(200);
  });

  it('forgot is limited per address', async () => {
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await forgot(t, `nobody.${i}@wardnote.test`));
    const limited = answers.filter((r) => r.statusCode === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0]!.json().code).toBe('too_many_requests');
  });
});
