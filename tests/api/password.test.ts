import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { mailbox } from '../../server/db/schema';
import { MESSAGES } from '../../src/domain/messages';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('password change', () => {
  it('a first-login user changes the password and is then let through; other sessions end', async () => {
    const other = await t.login('newstarter@wardnote.test');
    const token = await t.login('newstarter@wardnote.test');
    const res = await t.call('POST', '/api/password/change', {
      token,
      body: { current_password: 'Wardnote-demo-1', password: 'Brand-new-pass-22', password_confirmation: 'Brand-new-pass-22' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MESSAGES.passwordChanged);
    expect((await t.call('GET', '/api/user', { token })).json().data.is_first_login).toBe(false);
    expect((await t.call('GET', '/api/interaction', { token })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/user', { token: other })).statusCode).toBe(401);
    expect(
      (await t.call('POST', '/api/login', { body: { email: 'newstarter@wardnote.test', password: 'Brand-new-pass-22' } })).statusCode,
    ).toBe(200);
  });

  it.each([
    [
      { current_password: 'wrong-password-1', password: 'Another-pass-33', password_confirmation: 'Another-pass-33' },
      MESSAGES.passwordWrong,
    ],
    [{ current_password: 'Wardnote-demo-1', password: 'short1', password_confirmation: 'short1' }, MESSAGES.passwordRule],
    [
      { current_password: 'Wardnote-demo-1', password: 'Another-pass-33', password_confirmation: 'Another-pass-34' },
      MESSAGES.passwordMismatch,
    ],
  ])('refuses %j with its message and keeps the old password', async (body, message) => {
    const token = await t.login('manager@wardnote.test');
    const res = await t.call('POST', '/api/password/change', { token, body });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain(message);
    expect((await t.call('POST', '/api/login', { body: { email: 'manager@wardnote.test', password: 'Wardnote-demo-1' } })).statusCode).toBe(
      200,
    );
  });
});

describe('forgot and reset', () => {
  async function lastLink(to: string): Promise<string> {
    const [mail] = await t.db.select().from(mailbox).where(eq(mailbox.to, to)).orderBy(desc(mailbox.id)).limit(1);
    const match = /\/password\/reset\/([A-Za-z0-9_-]+)/.exec(mail!.text);
    return match![1]!;
  }

  it('mails a reset link; the token validates, resets once, and the new password signs in', async () => {
    const res = await t.call('POST', '/api/password/forgot', { body: { email: 'secretary@wardnote.test' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MESSAGES.resetLinkSent);
    const token = await lastLink('secretary@wardnote.test');

    expect((await t.call('GET', `/api/validateToken?token=${token}`)).json()).toEqual({ success: true });
    const reset = await t.call('POST', '/api/password/reset', {
      body: { token, password: 'Reset-pass-2026', password_confirmation: 'Reset-pass-2026' },
    });
    expect(reset.statusCode).toBe(200);
    expect(
      (await t.call('POST', '/api/login', { body: { email: 'secretary@wardnote.test', password: 'Reset-pass-2026' } })).statusCode,
    ).toBe(200);
    expect(
      (await t.call('POST', '/api/login', { body: { email: 'secretary@wardnote.test', password: 'Wardnote-demo-1' } })).statusCode,
    ).toBe(422);

    expect((await t.call('GET', `/api/validateToken?token=${token}`)).statusCode).toBe(422);
    const again = await t.call('POST', '/api/password/reset', {
      body: { token, password: 'Other-pass-2026', password_confirmation: 'Other-pass-2026' },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(MESSAGES.resetTokenInvalid);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const before = (await t.db.select().from(mailbox)).length;
    const res = await t.call('POST', '/api/password/forgot', { body: { email: 'nobody@wardnote.test' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MESSAGES.resetLinkSent);
    expect((await t.db.select().from(mailbox)).length).toBe(before);
  });

  it('a made-up token does not validate', async () => {
    const res = await t.call('GET', '/api/validateToken?token=this-token-was-never-issued-by-us');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MESSAGES.resetTokenInvalid);
  });
});
