import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import { sql } from 'drizzle-orm';
import { MAINTENANCE_FLAG_CACHE_MS, setMaintenance } from '../../server/modules/system/maintenance';
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

  it('a flag another process sets (npm run maintenance) is heard without a restart', async () => {
    t = await startTestApp();
    const token = await t.login('author@wardnote.test');
    const statusOnceSettled = async (want: number) => {
      const until = Date.now() + MAINTENANCE_FLAG_CACHE_MS + 5000;
      for (;;) {
        const status = (await t!.call('GET', '/api/user', { token })).statusCode;
        if (status === want || Date.now() > until) return status;
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    expect((await t.call('GET', '/api/user', { token })).statusCode).toBe(200);
    // Written straight into the table, as another process would: this process only reads it.
    await t.db.execute(sql`INSERT INTO settings (key, value) VALUES ('maintenance', 'true'::jsonb)
      ON CONFLICT (key) DO UPDATE SET value = 'true'::jsonb`);
    expect(await statusOnceSettled(503)).toBe(503);
    await t.db.execute(sql`UPDATE settings SET value = 'false'::jsonb WHERE key = 'maintenance'`);
    expect(await statusOnceSettled(200)).toBe(200);
  });
});
