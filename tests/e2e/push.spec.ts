import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { expectPath, signIn } from './helpers';

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

test('an author turns on notifications, a push shows a notification and a toast, its click opens the letter', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['notifications']);
  await fakePushManager(page);
  await signIn(page, 'author@wardnote.test');
  await expectPath(page, '/AUTHOR_APPROVAL');
  const prompt = page.getByRole('region', { name: 'Get told about letters while Wardnote is closed' });
  await expect(prompt).toBeVisible();

  const axe = await new AxeBuilder({ page }).include('section[aria-labelledby="push-prompt-title"]').analyze();
  expect(axe.violations).toEqual([]);
  for (const [width, height] of [
    [1024, 768],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `test-results/push-prompt-${width}.png` });
  }
  await page.setViewportSize({ width: 1024, height: 768 });

  const subscribed = page.waitForResponse((r) => r.url().endsWith('/api/notification/subscribe') && r.request().method() === 'POST');
  await prompt.getByRole('button', { name: 'Turn on notifications' }).click();
  const res = await subscribed;
  expect(res.status()).toBe(200);
  expect((await res.json()).topics).toEqual([
    expect.stringMatching(/^AUTHOR_APPROVAL_\d+_UK$/),
    expect.stringMatching(/^REQUEST_REFRESH_\d+_UK$/),
  ]);
  await expect(page.getByText('Notifications are on for this device.')).toBeVisible();

  // The push, as the push service would deliver it, to the page's service worker.
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const reg = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(baseURL!));
      if (reg) resolve(reg.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const payload = {
    title: 'Letter waiting for approval',
    body: 'A letter is waiting for your approval (urgent)',
    dictationId: 4242,
    notifId: 7,
    url: '/dictation/4242',
    unread: 3,
  };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(baseURL!).origin,
    registrationId: await registrationId,
    data: JSON.stringify(payload),
  });

  // The foreground toast (spec §7) and the notification the worker showed.
  const toast = page.getByRole('status').filter({ hasText: payload.title });
  await expect(toast).toContainText(payload.body);
  const worker = context.serviceWorkers().find((w) => w.url().startsWith(baseURL!))!;
  await expect
    .poll(() =>
      worker.evaluate(async () =>
        (await (self as unknown as WorkerScope).registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          url: (n.data as { url: string }).url,
        })),
      ),
    )
    .toEqual([{ title: payload.title, body: payload.body, url: '/dictation/4242' }]);

  // Its click: the open window is focused and routed to the letter (not a second window).
  await page.goto('/SENT');
  // The page's app is up (the prompt shows again: this page's permission is the test's stand-in).
  await expect(prompt).toBeVisible();
  await worker.evaluate(async () => {
    const sw = self as unknown as WorkerScope;
    const [n] = await sw.registration.getNotifications();
    sw.dispatchEvent(new sw.NotificationEvent('notificationclick', { notification: n! }));
  });
  await expectPath(page, '/dictation/4242');
  expect(context.pages()).toHaveLength(1);
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
