import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authFailures, sessions, users } from '../../server/db/schema';
import { hashToken } from '../../server/lib/secrets';
import { startTestApp, type TestApp } from './harness';

const PIN_USER = 'pin.author@wardnote.test';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PIN_VERIFICATION_MINUTES: '30', PIN_MAX_AGE_DAYS: '90' });
});
afterAll(() => t.close());

async function resetPinUser(pinSetAt = new Date()) {
  const { hashSecret } = await import('../../server/lib/secrets');
  const [user] = await t.db
    .update(users)
    .set({ pinHash: await hashSecret('2468'), pinSetAt })
    .where(eq(users.email, PIN_USER))
    .returning({ id: users.id });
  await t.db.delete(authFailures).where(eq(authFailures.key, `pin:${user!.id}`));
}

describe('second factor (site with mfa)', () => {
  it('login says the PIN is needed and set; guarded calls answer 403 until it is verified', async () => {
    await resetPinUser();
    const login = await t.call('POST', '/api/login', { body: { email: PIN_USER, password: 'Wardnote-demo-1' } });
    expect(login.json()).toMatchObject({ mfa: true, pin: true });
    const token = login.json().access_token as string;

    const blocked = await t.call('GET', '/api/interaction', { token });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('pin_required');

    const profile = await t.call('GET', '/api/user', { token });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.pin).toMatchObject({ is_set: true, verified: false });
    expect(JSON.stringify(profile.json())).not.toContain('2468');

    const ok = await t.call('POST', '/api/pin/verify', { token, body: { pin: '2468' } });
    expect(ok.statusCode).toBe(200);
    expect((await t.call('GET', '/api/interaction', { token })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/user', { token })).json().data.pin.verified).toBe(true);
  });

  it("a wrong PIN answers 403 with 'Unauthorized' and leaves the session unverified", async () => {
    await resetPinUser();
    const token = await t.login(PIN_USER);
    const res = await t.call('POST', '/api/pin/verify', { token, body: { pin: '1111' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('Unauthorized');
    expect((await t.call('GET', '/api/interaction', { token })).statusCode).toBe(403);
  });

  it('a PIN that is not 4 to 8 digits is a 422 with a message', async () => {
    const token = await t.login(PIN_USER);
    const res = await t.call('POST', '/api/pin/verify', { token, body: { pin: '12ab' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain('A PIN is 4 to 8 digits.');
  });

  it('locks PIN entry after five wrong PINs', async () => {
    await resetPinUser();
    const token = await t.login(PIN_USER);
    for (let i = 0; i < 4; i++) expect((await t.call('POST', '/api/pin/verify', { token, body: { pin: '0000' } })).statusCode).toBe(403);
    const locked = await t.call('POST', '/api/pin/verify', { token, body: { pin: '0000' } });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toContain('Too many incorrect PIN attempts');
    expect((await t.call('POST', '/api/pin/verify', { token, body: { pin: '2468' } })).statusCode).toBe(429);
  });

  it("a lapsed verification answers 403 whose message contains 'expired'", async () => {
    await resetPinUser();
    const token = await t.login(PIN_USER);
    await t.call('POST', '/api/pin/verify', { token, body: { pin: '2468' } });
    await t.db
      .update(sessions)
      .set({ pinVerifiedAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    const res = await t.call('GET', '/api/interaction', { token });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('expired');
    expect((await t.call('POST', '/api/pin/verify', { token, body: { pin: '2468' } })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/interaction', { token })).statusCode).toBe(200);
  });

  it("an expired PIN answers 403 'Expired' and must be replaced, with the current PIN", async () => {
    await resetPinUser(new Date(Date.now() - 91 * 86_400_000));
    const token = await t.login(PIN_USER);
    const res = await t.call('POST', '/api/pin/verify', { token, body: { pin: '2468' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('Expired');
    expect((await t.call('GET', '/api/interaction', { token })).statusCode).toBe(403);

    const noCurrent = await t.call('POST', '/api/pin/set', { token, body: { pin: '135790', pin_confirmation: '135790' } });
    expect(noCurrent.statusCode).toBe(422);
    const mismatch = await t.call('POST', '/api/pin/set', {
      token,
      body: { pin: '135790', pin_confirmation: '135791', current_pin: '2468' },
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().message).toContain('The two PINs do not match.');

    const set = await t.call('POST', '/api/pin/set', { token, body: { pin: '135790', pin_confirmation: '135790', current_pin: '2468' } });
    expect(set.statusCode).toBe(200);
    expect((await t.call('GET', '/api/interaction', { token })).statusCode).toBe(200);

    const next = await t.login(PIN_USER);
    expect((await t.call('POST', '/api/pin/verify', { token: next, body: { pin: '2468' } })).statusCode).toBe(403);
    expect((await t.call('POST', '/api/pin/verify', { token: next, body: { pin: '135790' } })).statusCode).toBe(200);
  });

  it('a user with no PIN yet is told so, and can set a first one', async () => {
    await t.db.update(users).set({ pinHash: null, pinSetAt: null }).where(eq(users.email, PIN_USER));
    const login = await t.call('POST', '/api/login', { body: { email: PIN_USER, password: 'Wardnote-demo-1' } });
    expect(login.json()).toMatchObject({ mfa: true, pin: false });
    const token = login.json().access_token as string;
    const blocked = await t.call('GET', '/api/interaction', { token });
    expect(blocked.json().code).toBe('pin_not_set');
    expect((await t.call('POST', '/api/pin/set', { token, body: { pin: '8642', pin_confirmation: '8642' } })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/interaction', { token })).statusCode).toBe(200);
  });

  it('a site without mfa never asks for the PIN', async () => {
    const token = await t.login('author@wardnote.test');
    expect((await t.call('GET', '/api/interaction', { token })).statusCode).toBe(200);
  });
});
