import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MESSAGES } from '../../src/domain/messages';
import { auditLog, sessions } from '../../server/db/schema';
import { hashToken } from '../../server/lib/secrets';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('POST /api/login', () => {
  it('answers a token and whether a PIN is needed', async () => {
    const res = await t.call('POST', '/api/login', { body: { email: 'author@wardnote.test', password: 'Wardnote-demo-1' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body).toMatchObject({ mfa: false, pin: false });
  });

  it('writes sign-ins and failed sign-ins to the audit log, without the password', async () => {
    const token = await t.login('manager@wardnote.test');
    const me = (await t.call('GET', '/api/user', { token })).json().data;
    await t.call('POST', '/api/login', { body: { email: 'manager@wardnote.test', password: 'Wrong-password-9' } });
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.userId, me.id));
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['auth.login', 'auth.login_failed']));
    expect(JSON.stringify(rows)).not.toContain('Wrong-password-9');
    const [login] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, me.id), eq(auditLog.action, 'auth.login')));
    expect(login!.trustId).toBe(me.site.trust_id);
  });

  it('accepts the e-mail in any letter case', async () => {
    const res = await t.call('POST', '/api/login', { body: { email: 'Author@Wardnote.TEST', password: 'Wardnote-demo-1' } });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown account with the same 422 message', async () => {
    const wrong = await t.call('POST', '/api/login', { body: { email: 'manager@wardnote.test', password: 'not-the-password' } });
    const unknown = await t.call('POST', '/api/login', { body: { email: 'nobody@wardnote.test', password: 'whatever-123' } });
    expect(wrong.statusCode).toBe(422);
    expect(unknown.statusCode).toBe(422);
    expect(wrong.json().message).toBe(MESSAGES.invalidCredentials);
    expect(unknown.json().message).toBe(MESSAGES.invalidCredentials);
    expect(wrong.json()).not.toHaveProperty('access_token');
  });

  it('locks the account after repeated failures, even for the right password, and says so', async () => {
    const email = 'siteadmin@wardnote.test';
    for (let i = 0; i < 4; i++) {
      expect((await t.call('POST', '/api/login', { body: { email, password: `wrong-${i}` } })).statusCode).toBe(422);
    }
    const fifth = await t.call('POST', '/api/login', { body: { email, password: 'wrong-5' } });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().message).toMatch(/locked; try again in 15 minutes/);
    const right = await t.call('POST', '/api/login', { body: { email, password: 'Wardnote-demo-1' } });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toContain('Too many failed sign-in attempts');
  });

  it.each([
    [{ email: 'author@wardnote.test' }, 'password'],
    [{ email: 'not-an-email', password: 'x' }, 'email'],
    [{}, 'email'],
    [{ email: 'author@wardnote.test', password: 42 }, 'password'],
  ])('answers 422 with a message for bad input %j', async (body, field) => {
    const res = await t.call('POST', '/api/login', { body });
    expect(res.statusCode).toBe(422);
    const json = res.json();
    expect(json.code).toBe('validation');
    expect(json.message.length).toBeGreaterThan(5);
    expect(json.errors[field]).toBeDefined();
  });

  it('answers 400 with words, not 500, for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/could not be read/);
  });
});

describe('tokens', () => {
  it('answers 401 without a token, with a made-up token, and after logout', async () => {
    expect((await t.call('GET', '/api/user')).statusCode).toBe(401);
    expect((await t.call('GET', '/api/user', { token: 'made-up-token' })).statusCode).toBe(401);
    const token = await t.login('secretary@wardnote.test');
    expect((await t.call('GET', '/api/user', { token })).statusCode).toBe(200);
    const out = await t.call('POST', '/api/logout', { token });
    expect(out.statusCode).toBe(200);
    const after = await t.call('GET', '/api/user', { token });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(MESSAGES.sessionEnded);
  });

  it('answers 401 once the session has expired', async () => {
    const token = await t.login('secretary@wardnote.test');
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect((await t.call('GET', '/api/user', { token })).statusCode).toBe(401);
  });

  it('logout of one session leaves the other sessions of the user signed in', async () => {
    const a = await t.login('manager@wardnote.test');
    const b = await t.login('manager@wardnote.test');
    await t.call('POST', '/api/logout', { token: a });
    expect((await t.call('GET', '/api/user', { token: a })).statusCode).toBe(401);
    expect((await t.call('GET', '/api/user', { token: b })).statusCode).toBe(200);
  });
});

describe('HTTP hygiene', () => {
  it('sends a strict Content-Security-Policy and no-referrer', async () => {
    const res = await t.call('GET', '/api/health');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('answers an unknown API path with 404 JSON', async () => {
    const res = await t.call('GET', '/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MESSAGES.notFoundResource);
  });
});
