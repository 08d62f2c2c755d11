import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import { setMaintenance } from '../../server/modules/system/maintenance';
import { startTestApp, type TestApp } from './harness';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('maintenance mode', () => {
  it('MAINTENANCE=1 answers 503 to every /api call', async () => {
    t = await startTestApp({ MAINTENANCE: '1' });
    for (const [method, url] of [
      ['POST', '/api/login'],
      ['GET', '/api/user'],
      ['GET', '/api/health'],
      ['GET', '/api/anything'],
    ] as const) {
      const res = await t.call(method, url, { body: method === 'POST' ? {} : undefined });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(MESSAGES.maintenance);
    }
  });

  it('the database flag turns it on and off without a restart', async () => {
    t = await startTestApp();
    const token = await t.login('author@wardnote.test');
    await setMaintenance(t.db, true);
    expect((await t.call('GET', '/api/user', { token })).statusCode).toBe(503);
    await setMaintenance(t.db, false);
    expect((await t.call('GET', '/api/user', { token })).statusCode).toBe(200);
  });
});
