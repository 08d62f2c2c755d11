import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { SESSION_HINT_KEY } from '../../src/lib/auth/session-hint';

export const PASSWORD = 'Wardnote-demo-1';

export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** What this origin keeps in IndexedDB: the Dexie tables' row counts and the keys of the key store. */
export async function localData(page: Page): Promise<{ secureRows: number; keys: string[] }> {
  return page.evaluate(async () => {
    const open = (name: string) =>
      new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(name);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
    const all = <T>(db: IDBDatabase, store: string, what: 'count' | 'getAllKeys') =>
      new Promise<T>((resolve) => {
        if (!db.objectStoreNames.contains(store)) return resolve((what === 'count' ? 0 : []) as T);
        const req = db.transaction(store).objectStore(store)[what]();
        req.onsuccess = () => resolve(req.result as T);
      });
    const dexie = await open('wardnote');
    const keys = await open('wardnote-keys');
    const result = {
      secureRows: await all<number>(dexie, 'secure', 'count'),
      keys: (await all<IDBValidKey[]>(keys, 'keyval', 'getAllKeys')).map(String),
    };
    dexie.close();
    keys.close();
    return result;
  });
}

export async function expectPath(page: Page, path: string | RegExp): Promise<void> {
  await expect(page).toHaveURL(typeof path === 'string' ? new RegExp(`^[^?#]*${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : path);
}

/**
 * The JSON bodies the page sends to addresses ending in `suffix`, as the page's fetch saw them (the
 * API client sends a Request object, whose body Playwright's `postData()` does not show).
 */
export async function recordSentBodies(page: Page, suffix: string): Promise<() => Promise<unknown[]>> {
  await page.addInitScript((suffix) => {
    const sent: unknown[] = [];
    (window as unknown as { sentBodies: unknown[] }).sentBodies = sent;
    const original = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (!url.split('?')[0]!.endsWith(suffix)) return original(input, init);
      const req = new Request(input, init);
      sent.push(
        await req
          .clone()
          .json()
          .catch(() => null),
      );
      return original(req);
    };
  }, suffix);
  return () => page.evaluate(() => (window as unknown as { sentBodies: unknown[] }).sentBodies);
}

/**
 * Opens `path` signed in as `email`, as a returning user whose device kept the session: the token comes from
 * the sign-in API and is stored where the app keeps it (the key store in IndexedDB, with the session hint),
 * so the test skips the sign-in page and the landing list. Tests about signing in itself use signIn().
 */
export async function openSignedIn(page: Page, email: string, path: string, password = PASSWORD): Promise<void> {
  const res = await page.request.post('/api/login', { data: { email, password } });
  expect(res.status(), `sign-in of ${email}`).toBe(200);
  const { access_token } = (await res.json()) as { access_token: string };
  // Any page of the origin that is not the app: the store must hold the token before the app starts.
  await page.goto('/robots.txt');
  // src/lib/db/keys.ts (idb-keyval's store `keyval` in the database KEYS_DB) and src/lib/auth/session-hint.ts.
  const where = { token: access_token, hintKey: SESSION_HINT_KEY, database: 'wardnote-keys', tokenKey: 'access_token' };
  await page.evaluate(async ({ token, hintKey, database, tokenKey }) => {
    localStorage.setItem(hintKey, '1');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(database);
      req.onupgradeneeded = () => req.result.createObjectStore('keyval');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('keyval', 'readwrite');
      tx.objectStore('keyval').put(token, tokenKey);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  }, where);
  await page.goto(path);
  await expect(page).not.toHaveURL(/\/login$/);
}

/**
 * Waits until a signed-in page has fetched everything it fetches at start. Not 'networkidle': the live
 * lists' event stream (/api/events) stays open for as long as the page does.
 */
export async function loadedExceptStreams(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  let last = -1;
  await expect
    .poll(
      async () => {
        const now = await page.evaluate(() => performance.getEntriesByType('resource').length);
        const settled = now === last;
        last = now;
        return settled;
      },
      { timeout: 30_000, intervals: [1000] },
    )
    .toBe(true);
}

/** What seriousViolations() checks and how it reports. */
export interface AxeCheck {
  /** Only this part of the page (a CSS selector). */
  include?: string;
  /** Not this part of the page (a CSS selector), e.g. the letter editor '.ProseMirror'. */
  exclude?: string;
  /** Every violation, whatever its impact, not only the serious and critical ones. */
  anyImpact?: boolean;
  /** Each violation as "id: where" (the elements' selectors), for a failure message that says where. */
  withTargets?: boolean;
}

/** How long seriousViolations() waits for the page's animations to end before it checks the page as it is. */
const SETTLE_MS = 3_000;

/**
 * Waits until no finite animation or transition has run for two frames (a dialog or a notice fading in): axe
 * measures colour contrast on the colours of the moment, and a half-transparent text fails it. Infinite ones
 * (spinners) do not count. Bounded: a page that keeps animating is checked as it is after SETTLE_MS.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page
    .evaluate(async (timeout) => {
      const running = () =>
        document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
      // A frame, or 100 ms where the page gets no frames.
      const frame = () =>
        new Promise<void>((resolve) => {
          requestAnimationFrame(() => resolve());
          setTimeout(resolve, 100);
        });
      const end = performance.now() + timeout;
      // Two quiet frames: an animation a render has just started (a notice mounted, then shown) shows in the next.
      for (let quiet = 0; quiet < 2 && performance.now() < end;) {
        await frame();
        quiet = running() ? 0 : quiet + 1;
      }
    }, SETTLE_MS)
    // The wait only steadies the check: if the page cannot run it (closed, navigating), axe says so itself.
    .catch(() => undefined);
}

/**
 * The ids of the serious and critical axe violations on `page` (or `include` of it, without `exclude`), once its
 * animations have ended. `expect(await seriousViolations(page, { include: '[role=dialog]' })).toEqual([])`.
 */
export async function seriousViolations(page: Page, check: AxeCheck = {}): Promise<string[]> {
  await animationsSettled(page);
  const axe = new AxeBuilder({ page });
  if (check.include) axe.include(check.include);
  if (check.exclude) axe.exclude(check.exclude);
  const { violations } = await axe.analyze();
  return violations
    .filter((v) => check.anyImpact || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => (check.withTargets ? `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}` : v.id));
}

/**
 * Screenshots of the page as it stands at the tablet (1024x768) and phone (390x844) sizes, for a person to look
 * at: `file(width)` names each. The viewport goes back to 1024x768 afterwards unless `restore` is false;
 * `focus` is scrolled into view at each size.
 */
export async function screenshotBothSizes(
  page: Page,
  file: (width: number) => string,
  opts: { focus?: Locator; restore?: boolean } = {},
): Promise<void> {
  for (const [width, height] of [
    [1024, 768],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await opts.focus?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: file(width) });
  }
  if (opts.restore !== false) await page.setViewportSize({ width: 1024, height: 768 });
}
