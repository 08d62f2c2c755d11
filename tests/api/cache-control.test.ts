import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';

/** Issue 7 point 8: no cache (browser, proxy, service worker) keeps an API answer: they carry tokens and patient data. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { listen: true });
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

describe('Cache-Control on tus upload answers (issue 22 point 8)', () => {
  it('is no-store on 201, 204, 200 (HEAD), 409, 412 and 422, which tus writes itself', async () => {
    const token = await t.login('secretary@wardnote.test');
    const auth = { authorization: `Bearer ${token}` };
    const seen: [string, number, string | null][] = [];
    const note = (what: string, res: Response) => seen.push([what, res.status, res.headers.get('cache-control')]);

    const created = await fetch(`${t.base}/api/uploads`, {
      method: 'POST',
      headers: {
        ...auth,
        'tus-resumable': '1.0.0',
        'upload-length': '4',
        'upload-metadata': `recordingId ${Buffer.from('6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b').toString('base64')}`,
      },
    });
    note('create', created);
    const url = new URL(created.headers.get('location')!, t.base).toString();
    const patch = (offset: number) =>
      fetch(url, {
        method: 'PATCH',
        headers: { ...auth, 'tus-resumable': '1.0.0', 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        body: new Uint8Array([1, 2]),
      });
    note('patch', await patch(0));
    note('patch at a wrong offset', await patch(0));
    note('head', await fetch(url, { method: 'HEAD', headers: { ...auth, 'tus-resumable': '1.0.0' } }));
    note('no Tus-Resumable', await fetch(url, { method: 'HEAD', headers: auth }));
    note(
      'create without a recording id',
      await fetch(`${t.base}/api/uploads`, { method: 'POST', headers: { ...auth, 'tus-resumable': '1.0.0', 'upload-length': '4' } }),
    );
    expect(seen.map(([what, status]) => `${what} ${status}`)).toEqual([
      'create 201',
      'patch 204',
      'patch at a wrong offset 409',
      'head 200',
      'no Tus-Resumable 412',
      'create without a recording id 422',
    ]);
    expect(seen.filter(([, , cc]) => cc !== 'no-store')).toEqual([]);
  });
});
