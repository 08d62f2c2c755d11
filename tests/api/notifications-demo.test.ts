import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemoDictations } from '../../server/db/demo-dictations';
import { seedDemoLetters } from '../../server/db/demo-letters';
import { seedDemoNotifications } from '../../server/db/demo-notifications';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoDictations(t.db, t.app.wardnote);
  await seedDemoLetters(t.db);
}, 120_000);
afterAll(() => t.close());

it('gives the demo author, secretary and manager read and unread notifications, once', async () => {
  expect(await seedDemoNotifications(t.db)).toBeGreaterThanOrEqual(6);
  expect(await seedDemoNotifications(t.db)).toBe(0);
  for (const [email, unread] of [
    ['author@wardnote.test', 2],
    ['secretary@wardnote.test', 1],
    ['manager@wardnote.test', 1],
  ] as const) {
    const token = await t.login(email);
    const count = (await t.call('GET', '/api/notification/notification_count', { token })).json().data;
    expect(count, email).toBe(unread);
    const page = (await t.call('GET', '/api/notification', { token })).json().data;
    expect(
      page.data.some((n: { read_at: string | null }) => n.read_at !== null),
      email,
    ).toBe(true);
  }
});
