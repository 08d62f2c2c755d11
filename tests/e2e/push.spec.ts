import type { APIRequestContext, BrowserContext, Page, Worker } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectPath, recordSentBodies, seriousViolations, signIn, screenshotBothSizes } from './helpers';
import { sendOneForApproval } from './letters-for-approval';
import { apiToken } from './recording';

/** The parts of the service worker's global scope these tests use (the test tsconfig has no WebWorker lib). */
interface ShownNotification {
  title: string;
  body: string;
  data: unknown;
}
interface WorkerScope {
  registration: { getNotifications(): Promise<ShownNotification[]> };
  NotificationEvent: new (type: string, init: { notification: ShownNotification }) => Event;
  dispatchEvent(event: Event): boolean;
}

/**
 * Headless Chromium has no connection to a real push service, so the page's pushManager hands out a
 * subscription shaped like a browser's (what the server stores is checked by the API test); the push
 * itself is delivered to the real service worker with CDP (PITFALLS 21). Headless Chromium also
 * answers 'denied' before anything is asked: the page sees 'default' until the prompt's click asks,
 * and the click gets `answer` (the worker's real permission is granted by the test).
 */
async function fakePushManager(page: Page, answer: NotificationPermission = 'granted') {
  await page.addInitScript((answer) => {
    let asked: NotificationPermission = 'default';
    Object.defineProperty(Notification, 'permission', { get: () => asked });
    Notification.requestPermission = async () => (asked = answer);
    const sub = {
      endpoint: 'http://127.0.0.1:9/push/e2e-device',
      toJSON: () => ({
        endpoint: 'http://127.0.0.1:9/push/e2e-device',
        keys: {
          p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
          auth: 'tBHItJI5svbpez7KI4CCXg',
        },
      }),
      unsubscribe: async () => true,
    };
    let subscribed = false;
    PushManager.prototype.subscribe = async function () {
      subscribed = true;
      return sub as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return (subscribed ? sub : null) as unknown as PushSubscription | null;
    };
  }, answer);
}

interface PushPayload {
  title: string;
  body: string;
  dictationId: number | null;
  notifId: number | null;
  url: string;
  unread: number;
}

/** The push, as the push service would deliver it, to the page's service worker (PITFALLS 21); its worker. */
async function deliverPush(page: Page, context: BrowserContext, baseURL: string, payload: PushPayload): Promise<Worker> {
  // A push to a registration whose worker is still installing is lost.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const reg = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(baseURL));
      if (reg) resolve(reg.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(baseURL).origin,
    registrationId: await registrationId,
    data: JSON.stringify(payload),
  });
  await expect.poll(() => context.serviceWorkers().some((w) => w.url().startsWith(baseURL))).toBe(true);
  return context.serviceWorkers().find((w) => w.url().startsWith(baseURL))!;
}

/** What the worker shows: title, body and where its click leads. */
const shownNotifications = (worker: Worker) =>
  worker.evaluate(async () =>
    (await (self as unknown as WorkerScope).registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      url: (n.data as { url: string }).url,
    })),
  );

/** The user clicks the (first) notification the worker shows. */
const clickShownNotification = (worker: Worker) =>
  worker.evaluate(async () => {
    const sw = self as unknown as WorkerScope;
    const [n] = await sw.registration.getNotifications();
    sw.dispatchEvent(new sw.NotificationEvent('notificationclick', { notification: n! }));
  });

const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

/** The author's author-approval notification about that letter, as the server lists it. */
async function approvalNotification(request: APIRequestContext, token: string, dictationId: number) {
  const res = await request.get('/api/notification?sort=desc&page=1&paginate=50', auth(token));
  type Item = { id: number; read_at: string | null; dictation: { id: number } | null; dictation_status_identifier: string };
  const items = ((await res.json()) as { data: { data: Item[] } }).data.data;
  const found = items.find((n) => n.dictation?.id === dictationId && n.dictation_status_identifier === 'author_approval');
  expect(found, 'the author was notified').toBeTruthy();
  return found!;
}

/** The page's calls to the Badging API, recorded (headless Chromium has no visible app badge). */
async function recordAppBadge(page: Page) {
  await page.addInitScript(() => {
    const calls: (number | 'clear')[] = [];
    (window as unknown as { badgeCalls: typeof calls }).badgeCalls = calls;
    Object.defineProperty(Navigator.prototype, 'setAppBadge', { configurable: true, value: async (n?: number) => void calls.push(n ?? 0) });
    Object.defineProperty(Navigator.prototype, 'clearAppBadge', { configurable: true, value: async () => void calls.push('clear') });
  });
  return () => page.evaluate(() => (window as unknown as { badgeCalls: (number | 'clear')[] }).badgeCalls.at(-1));
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

test('an author turns on notifications, a push shows a notification and a toast, its click opens the letter', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  await context.grantPermissions(['notifications']);
  await fakePushManager(page);
  await signIn(page, 'author@wardnote.test');
  await expectPath(page, '/AUTHOR_APPROVAL');
  const prompt = page.getByRole('region', { name: 'Get told about letters while Wardnote is closed' });
  await expect(prompt).toBeVisible();

  expect(
    await seriousViolations(page, { include: 'section[aria-labelledby="push-prompt-title"]', anyImpact: true, withTargets: true }),
  ).toEqual([]);
  await screenshotBothSizes(page, (width) => `test-results/push-prompt-${width}.png`);

  const subscribed = page.waitForResponse((r) => r.url().endsWith('/api/notification/subscribe') && r.request().method() === 'POST');
  await prompt.getByRole('button', { name: 'Turn on notifications' }).click();
  const res = await subscribed;
  expect(res.status()).toBe(200);
  expect((await res.json()).topics).toEqual([
    expect.stringMatching(/^AUTHOR_APPROVAL_\d+_UK$/),
    expect.stringMatching(/^REQUEST_REFRESH_\d+_UK$/),
  ]);
  await expect(page.getByText('Notifications are on for this device.')).toBeVisible();

  // A real letter for approval, and the push the server would send about it.
  const authorToken = await apiToken(request, 'author@wardnote.test');
  const letter = await sendOneForApproval(request, await apiToken(request, 'secretary@wardnote.test'));
  const notif = await approvalNotification(request, authorToken, letter.id);
  const payload = {
    title: 'Letter waiting for approval',
    body: 'A letter is waiting for your approval (urgent)',
    dictationId: letter.id,
    notifId: notif.id,
    url: `/dictation/${letter.id}`,
    unread: 3,
  };
  const worker = await deliverPush(page, context, baseURL!, payload);

  // The foreground toast (spec §7) and the notification the worker showed; its click goes through the app's rule.
  const toast = page.getByRole('status').filter({ hasText: payload.title });
  await expect(toast).toContainText(payload.body);
  await expect
    .poll(() => shownNotifications(worker))
    .toEqual([{ title: payload.title, body: payload.body, url: `/notification/${notif.id}` }]);

  // Its click: the open window is focused and routed to the letter, still waiting for approval (not a second window).
  await page.goto('/SENT');
  // The page's app is up (the prompt shows again: this page's permission is the test's stand-in).
  await expect(prompt).toBeVisible();
  await clickShownNotification(worker);
  await expectPath(page, `/dictation/${letter.id}`);
  expect(context.pages()).toHaveLength(1);
  expect((await approvalNotification(request, authorToken, letter.id)).read_at).not.toBeNull();
});

test('a push click for a letter no longer waiting for approval goes Home on the Sent tab and marks it read; the app badge follows', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  await context.grantPermissions(['notifications']);
  const lastBadge = await recordAppBadge(page);
  const acknowledged = await recordSentBodies(page, '/api/notification/read_push_notif');
  const authorToken = await apiToken(request, 'author@wardnote.test');
  const letter = await sendOneForApproval(request, await apiToken(request, 'secretary@wardnote.test'));
  const notif = await approvalNotification(request, authorToken, letter.id);
  // The author sends it back for typing elsewhere: it is now BEING_TYPED.
  const back = await request.post(`/api/dictation/${letter.id}/transition`, {
    ...auth(authorToken),
    data: { action: 'return_for_typing', reason: 'Please add the plan.' },
  });
  expect(back.status(), await back.text()).toBe(200);

  await signIn(page, 'author@wardnote.test');
  await expectPath(page, '/AUTHOR_APPROVAL');
  const count = ((await (await request.get('/api/notification/notification_count', auth(authorToken))).json()) as { data: number }).data;
  expect(count).toBeGreaterThan(0);
  await expect(bell(page)).toHaveAccessibleName(`Notifications, ${count} unread`);
  // The page puts the unread count it learnt on the app's icon badge.
  await expect.poll(lastBadge).toBe(count);

  const worker = await deliverPush(page, context, baseURL!, {
    title: 'Letter waiting for approval',
    body: 'A letter is waiting for your approval',
    dictationId: letter.id,
    notifId: notif.id,
    url: `/dictation/${letter.id}`,
    unread: count,
  });
  await expect.poll(async () => (await shownNotifications(worker)).length).toBe(1);
  await clickShownNotification(worker);

  // Spec §4: BEING_TYPED and an author → Home on the Sent tab, not the letter; the notification is read.
  await expectPath(page, '/SENT');
  await expect.poll(acknowledged).toEqual([{ dictation_id: letter.id }]);
  await expect(bell(page)).toHaveAccessibleName(count > 1 ? `Notifications, ${count - 1} unread` : 'Notifications');
  expect((await approvalNotification(request, authorToken, letter.id)).read_at).not.toBeNull();
  await expect.poll(lastBadge).toBe(count > 1 ? count - 1 : 'clear');
});

test('a blocked permission shows the spec message', async ({ page }) => {
  await fakePushManager(page, 'denied');
  await signIn(page, 'secretary@wardnote.test');
  const prompt = page.getByRole('region', { name: 'Get told about letters while Wardnote is closed' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Turn on notifications' }).click();
  await expect(prompt.getByRole('alert')).toHaveText(
    'Notification permission was blocked. Please enable notifications in your browser settings.',
  );
});

test('a subscription the browser refuses (a private window) shows the spec message', async ({ page }) => {
  await fakePushManager(page);
  // As a private window does: permission given, but no push subscription to be had.
  await page.addInitScript(() => {
    PushManager.prototype.subscribe = async () => {
      throw new DOMException('Registration failed - push service not available', 'AbortError');
    };
  });
  await signIn(page, 'author@wardnote.test');
  const prompt = page.getByRole('region', { name: 'Get told about letters while Wardnote is closed' });
  await prompt.getByRole('button', { name: 'Turn on notifications' }).click();
  await expect(prompt.getByRole('alert')).toHaveText('Push notifications failed. Please use a regular browser and enable notifications.');
  await expect(page.getByText('Notifications are on for this device.')).toHaveCount(0);
});

test('at every app start a device with notifications on sends its subscription again, unasked (PITFALLS 20)', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  // The browser kept a subscription from an earlier visit (maybe renewed since): permission is granted already.
  await page.addInitScript(() => {
    Object.defineProperty(Notification, 'permission', { get: () => 'granted' });
    const endpoint = 'http://127.0.0.1:9/push/e2e-kept-device';
    const sub = {
      endpoint,
      toJSON: () => ({
        endpoint,
        keys: {
          p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
          auth: 'tBHItJI5svbpez7KI4CCXg',
        },
      }),
      unsubscribe: async () => true,
    };
    PushManager.prototype.getSubscription = async () => sub as unknown as PushSubscription;
  });
  const sent = await recordSentBodies(page, '/api/notification/subscribe');
  await signIn(page, 'secretary@wardnote.test');
  await expectPath(page, /\/READY_FOR_TYPING$/);
  await expect.poll(sent, { timeout: 30_000 }).toEqual([
    expect.objectContaining({
      registration_tokens: ['http://127.0.0.1:9/push/e2e-kept-device'],
      topics: [expect.stringMatching(/^BEING_TYPED_\d+_UK$/)],
    }),
  ]);
  // No prompt: nothing to ask.
  await expect(page.getByRole('region', { name: 'Get told about letters while Wardnote is closed' })).toHaveCount(0);

  // The next start sends it again.
  await page.reload();
  await expect
    .poll(sent, { timeout: 30_000 })
    .toEqual([expect.objectContaining({ registration_tokens: ['http://127.0.0.1:9/push/e2e-kept-device'] })]);
});

test('the page a push click lands on says what it is doing and passes axe', async ({ page }) => {
  await signIn(page, 'author@wardnote.test');
  await expectPath(page, /\/AUTHOR_APPROVAL$/);
  // The notification lookup is held, so the page stays while it is checked.
  await page.route('**/api/notification?*', () => {});
  await page.goto('/notification/1');
  await expect(page.getByRole('status').filter({ hasText: 'Opening the notification…' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
