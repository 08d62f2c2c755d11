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
    const urls: [string, string, string | undefined][] = [
      ['GET', '/api/user', token],
      ['GET', '/api/dictation/1', token],
      ['GET', '/api/dictation-options', token],
      ['GET', '/api/user', undefined],
      ['POST', '/api/dictation', token],
      ['GET', '/api/no-such-thing', token],
      ['GET', '/api/health', undefined],
    ];
    expect(login.headers['cache-control']).toBe('no-store');
    for (const [method, url, as] of urls) {
      const res = await t.call(method as 'GET' | 'POST', url, { token: as, ...(method === 'POST' ? { body: {} } : {}) });
      expect(res.headers['cache-control'], `${method} ${url} (${res.statusCode})`).toBe('no-store');
    }
  });
});
