import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';

/** Issue 7 point 8: no cache (browser, proxy, service worker) keeps an API answer: they carry tokens and patient data. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('Cache-Control on /api answers', () => {
  it('is no-store on tokens, profiles, dictations, lists and errors alike', async () => {
    const login = await t.call('POST', '/api/login', { body: { email: 'author@wardnote.test', password: 'Wardnote-demo-1' } });
    expect(login.statusCode).toBe(200);
    const token = login.json().access_token as string;
    const answers = await Promise.all([
      t.call('GET', '/api/user', { token }),
      t.call('GET', '/api/dictation/1', { token }),
      t.call('GET', '/api/dictation-options', { token }),
      t.call('GET', '/api/user'),
      t.call('POST', '/api/dictation', { token, body: {} }),
      t.call('GET', '/api/no-such-thing', { token }),
      t.call('GET', '/api/health'),
    ]);
    for (const res of [login, ...answers]) expect(res.headers['cache-control'], res.request?.url ?? '').toBe('no-store');
  });
});
