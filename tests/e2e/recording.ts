import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { expectPath, openSignedIn, PASSWORD } from './helpers';

export async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/login', { data: { email, password: PASSWORD } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/**
 * Waits until the worker is active, controls the page, and Playwright is attached to it (so routes
 * see the worker's requests too).
 */
export async function waitForWorker(context: BrowserContext, page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => context.serviceWorkers().length).toBeGreaterThan(0);
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}

/** Opens a recording tab signed in (not through the sign-in form: no test of it is about signing in), and waits for the service worker. */
export async function openRecordingTab(page: Page, email = 'author@wardnote.test', tab = 1, worker = true): Promise<void> {
  await openSignedIn(page, email, `/record/${tab}`);
  if (worker) await waitForWorker(page.context(), page);
  await expectPath(page, `/record/${tab}`);
}

export async function record(page: Page, seconds: number): Promise<void> {
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(page.getByTestId('recorder-state')).toHaveText('Recording');
  await page.waitForTimeout(seconds * 1000);
}

/**
 * Stops, waits for the playback the page then builds (its player moves the buttons below it down), and
 * chooses a service: a press landing while the player appears would be released off the moved button.
 */
export async function stopAndDescribe(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByTestId('recorder-state')).toHaveText('Recorded');
  await expect(page.getByLabel('Play back the recording')).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Service (required)').selectOption({ label: 'Cardiology (CAR)' });
}

/** The ids of the recordings the page holds in IndexedDB (the client_id the server will know). */
export async function recordingIds(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const req = indexedDB.open('wardnote');
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const db = req.result;
          const all = db.transaction('recordings').objectStore('recordings').getAll();
          all.onsuccess = () => {
            resolve((all.result as { id: string }[]).map((r) => r.id));
            db.close();
          };
        };
      }),
  );
}

export async function outboxItems(
  page: Page,
): Promise<{ state: string; stage: string; lastError: string | null; bytesAcked: number; totalBytes: number }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const req = indexedDB.open('wardnote');
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const db = req.result;
          const all = db.transaction('outbox').objectStore('outbox').getAll();
          all.onsuccess = () => {
            resolve(all.result);
            db.close();
          };
        };
      }),
  );
}

/** Fires the worker's Background Sync event through CDP, as the browser would when back online. */
export async function dispatchSync(context: BrowserContext, origin: string): Promise<void> {
  const host = await context.newPage();
  const cdp = await context.newCDPSession(host);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: { registrationId: string; scopeURL: string }[] }) =>
    registrations.push(...e.registrations),
  );
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.some((r) => r.scopeURL.startsWith(origin))).toBe(true);
  const reg = registrations.find((r) => r.scopeURL.startsWith(origin))!;
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin,
    registrationId: reg.registrationId,
    tag: 'wardnote-outbox',
    lastChance: false,
  });
  await host.close();
}

export async function serverDictation(request: APIRequestContext, token: string, clientId: string) {
  const res = await request.get(`/api/dictation/by-client/${clientId}`, { headers: { authorization: `Bearer ${token}` } });
  return res.status() === 200
    ? (
        (await res.json()) as {
          data: { id: number; status: string; audio: { duration_ms: number | null; state: string; filesize: number } };
        }
      ).data
    : null;
}
