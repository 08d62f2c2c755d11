// On PostgreSQL too: 20–25 wrong passwords and PINs are sent at once; only PostgreSQL runs them in parallel, so the row lock on the failure counter decides.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { MESSAGES } from '../../src/domain/messages';
import { auditLog, authFailures, users } from '../../server/db/schema';
import { forgetStaleFailures } from '../../server/modules/auth/lockout';
import { DEMO_PIN, findDemoUserId } from '../../server/db/seed';
import { DEMO_PASSWORD, startTestApp, type TestApp } from './harness';

/**
 * Issue 7, points 3, 4 and 8: every check of a password or PIN counts toward one lockout per account,
 * parallel guesses cannot outrun it, and an unknown e-mail answers exactly like a real one.
 * LOGIN_MAX_FAILURES is 5 (the default).
 */
const PIN_USER = 'pin.author@wardnote.test';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** How many checks of this user's secret failed, from the audit log (written only when a check ran). */
async function checkedFailures(email: string, actions: string[]): Promise<number> {
  const userId = await findDemoUserId(t.db, email);
  const rows = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.userId, userId), inArray(auditLog.action, actions)));
  return rows.length;
}

const login = (email: string, password: string) => t.call('POST', '/api/login', { body: { email, password } });

describe('PIN lockout (points 3 and 4)', () => {
  it('counts a wrong current PIN on POST /api/pin/set: the fifth locks and the right PIN is then refused', async () => {
    const pinSetAt = async () => (await t.db.select({ at: users.pinSetAt }).from(users).where(eq(users.email, PIN_USER)))[0]!.at;
    const before = await pinSetAt();
    const token = await t.login(PIN_USER);
    const set = (current: string) =>
      t.call('POST', '/api/pin/set', { token, body: { pin: '97531', pin_confirmation: '97531', current_pin: current } });
    for (let i = 0; i < 4; i++) {
      const res = await set(`000${i}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('pin_incorrect');
    }
    const fifth = await set('0009');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({ code: 'pin_locked', message: MESSAGES.pinLocked(15) });

    const right = await set(DEMO_PIN);
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('pin_locked');
    // The PIN was not replaced and the session stays unverified.
    expect((await t.call('GET', '/api/interaction', { token })).statusCode).toBe(403);
    expect(await pinSetAt()).toEqual(before);
  });
});

describe('PIN checks share one lockout (point 3)', () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await startTestApp();
  });
  afterAll(() => s.close());

  it('wrong PINs on verify and on set add up to the same lock', async () => {
    const token = await s.login(PIN_USER);
    for (let i = 0; i < 3; i++) expect((await s.call('POST', '/api/pin/verify', { token, body: { pin: '1111' } })).statusCode).toBe(403);
    const body = { pin: '97531', pin_confirmation: '97531', current_pin: '1112' };
    expect((await s.call('POST', '/api/pin/set', { token, body })).statusCode).toBe(403);
    const fifth = await s.call('POST', '/api/pin/set', { token, body: { ...body, current_pin: '1113' } });
    expect(fifth.statusCode).toBe(429);
    const right = await s.call('POST', '/api/pin/verify', { token, body: { pin: DEMO_PIN } });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe(MESSAGES.pinLocked(15));
  });
});

describe('parallel guesses (point 4)', () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await startTestApp();
  });
  afterAll(() => s.close());

  it('25 wrong PINs at once lock PIN entry: the right PIN is refused and at most 5 guesses were checked', async () => {
    const token = await s.login(PIN_USER);
    const guesses = await Promise.all(
      Array.from({ length: 25 }, (_, i) => s.call('POST', '/api/pin/verify', { token, body: { pin: String(1000 + i).padStart(4, '0') } })),
    );
    expect(guesses.every((r) => r.statusCode === 403 || r.statusCode === 429)).toBe(true);
    expect(guesses.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(20);

    const right = await s.call('POST', '/api/pin/verify', { token, body: { pin: DEMO_PIN } });
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('pin_locked');
    expect((await s.call('GET', '/api/interaction', { token })).statusCode).toBe(403);

    const userId = await findDemoUserId(s.db, PIN_USER);
    const checked = await s.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, userId), eq(auditLog.action, 'auth.pin_failed')));
    expect(checked.length).toBeGreaterThan(0);
    expect(checked.length).toBeLessThanOrEqual(5);
  });

  it('20 wrong passwords at once lock the account: the right password is refused and at most 5 were checked', async () => {
    const email = 'manager@wardnote.test';
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => s.call('POST', '/api/login', { body: { email, password: `Wrong-pass-${i}` } })),
    );
    expect(guesses.every((r) => r.statusCode === 422 || r.statusCode === 429)).toBe(true);
    expect(guesses.some((r) => 'access_token' in r.json())).toBe(false);

    const right = await s.call('POST', '/api/login', { body: { email, password: DEMO_PASSWORD } });
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('account_locked');

    const userId = await findDemoUserId(s.db, email);
    const checked = await s.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, userId), inArray(auditLog.action, ['auth.login_failed', 'auth.locked'])));
    expect(checked.length).toBeGreaterThan(0);
    expect(checked.length).toBeLessThanOrEqual(5);
  });
});

describe('password change counts toward the sign-in lockout (point 8)', () => {
  it('five wrong current passwords lock the account; the right password then cannot sign in', async () => {
    const email = 'secretary@wardnote.test';
    const token = await t.login(email);
    const change = (current: string) =>
      t.call('POST', '/api/password/change', {
        token,
        body: { current_password: current, password: 'Another-pass-33', password_confirmation: 'Another-pass-33' },
      });
    for (let i = 0; i < 4; i++) {
      const res = await change(`Not-my-pass-${i}`);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(MESSAGES.passwordWrong);
    }
    const fifth = await change('Not-my-pass-9');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({ code: 'account_locked', message: MESSAGES.accountLocked(15) });
    expect((await change(DEMO_PASSWORD)).statusCode).toBe(429);
    expect((await login(email, DEMO_PASSWORD)).statusCode).toBe(429);
    expect(await checkedFailures(email, ['auth.password_change_failed'])).toBe(5);
  });
});

describe('unknown accounts answer like real ones (point 8)', () => {
  it('the same statuses, codes and messages, try after try, for a real and an unknown e-mail', async () => {
    const answers = async (email: string) => {
      const out = [];
      for (let i = 0; i < 7; i++) {
        const res = await login(email, `Wrong-pass-${i}`);
        out.push({ status: res.statusCode, code: res.json().code, message: res.json().message });
      }
      return out;
    };
    const real = await answers('trustadmin@wardnote.test');
    const unknown = await answers('no.such.person@wardnote.test');
    expect(unknown).toEqual(real);
    expect(real.map((a) => a.status)).toEqual([422, 422, 422, 422, 429, 429, 429]);
    expect(real[4]).toMatchObject({ code: 'account_locked', message: MESSAGES.accountLocked(15) });
  });

  it('the lock of an unknown e-mail holds whatever its letter case', async () => {
    for (let i = 0; i < 5; i++) await login('ghost@wardnote.test', `Wrong-pass-${i}`);
    const res = await login('GHOST@Wardnote.test', 'Wrong-pass-x');
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('account_locked');
  });
});

describe('housekeeping of failure counts', () => {
  it('forgets counts untouched for a day, but never a lock in force', async () => {
    const old = new Date(Date.now() - 2 * 86_400_000);
    await t.db.insert(authFailures).values([
      { key: 'login:stale@wardnote.test', failures: 2, updatedAt: old },
      { key: 'login:locked@wardnote.test', failures: 5, lockedUntil: new Date(Date.now() + 60_000), updatedAt: old },
      { key: 'login:recent@wardnote.test', failures: 1 },
    ]);
    await forgetStaleFailures(t.db);
    const keys = (await t.db.select({ key: authFailures.key }).from(authFailures)).map((r) => r.key);
    expect(keys).not.toContain('login:stale@wardnote.test');
    expect(keys).toEqual(expect.arrayContaining(['login:locked@wardnote.test', 'login:recent@wardnote.test']));
  });
});
