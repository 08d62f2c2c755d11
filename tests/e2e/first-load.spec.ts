import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { MESSAGES } from '../../src/domain/messages';
import { expectPath, loadedExceptStreams, PASSWORD, seriousViolations, signIn } from './helpers';
import { apiToken, outboxItems, record, recordingIds, serverDictation, stopAndDescribe } from './recording';

/** Issue 8: the sign-in page loads only itself, and the strict CSP stays clean. */

const DIST = path.resolve('dist');
const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;

/** The chunks of the recording, upload and sync features' pages and of the layout that shows them. */
const FEATURE_CHUNKS = Object.entries(manifest)
  .filter(([key]) =>
    /^src\/(routes\/(record\/|recorddictation|uploaddictation)|features\/(recording|upload|sync)\/|pages\/shell\/)/.test(key),
  )
  .map(([, chunk]) => `/${chunk.file}`);

/** Code only those features carry (user-facing words survive minification). */
const FEATURE_MARKERS = ['MediaRecorder', 'This recording was interrupted', 'wavesurfer', 'Waiting for you to sign in again.'];

/** Records CSP violations (the event and the console line) from the first script on. */
async function watchCsp(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|unsafe-eval/i.test(msg.text())) seen.push(`console: ${msg.text()}`);
  });
  await page.exposeFunction('__reportCsp', (line: string) => seen.push(line));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      void (window as unknown as { __reportCsp(l: string): Promise<void> }).__reportCsp(
        `${e.violatedDirective} blocked ${e.blockedURI || 'inline/eval'} at ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  return seen;
}

test('/login loads no chunk of the recording, upload or sync features, not even after the first render', async ({ page }) => {
  expect(FEATURE_CHUNKS.length).toBeGreaterThan(3);
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  // What loads after the first render (the outbox, the worker registration) has loaded too by now.
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration()))).toBe(true);

  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => FEATURE_CHUNKS.includes(s))).toEqual([]);
  for (const s of new Set(scripts)) {
    const code = readFileSync(path.join(DIST, s), 'utf8');
    for (const marker of FEATURE_MARKERS) expect(code.includes(marker), `${s} carries "${marker}"`).toBe(false);
  }
});

/** Code of libraries the sign-in form does without (strings that survive minification). */
const NOT_BEFORE_SIGN_IN = {
  'React Query': 'No QueryClient set',
  ky: 'Request timed out',
  'React Aria': 'data-rac',
  'zod schemas': '$ZodObject',
  Dexie: 'DatabaseClosedError',
};

test('the sign-in form is on screen before React Query, ky, React Aria, zod or Dexie is fetched', async ({ page }) => {
  // A string, not a function: tsx would wrap a named function in a helper the page does not have.
  await page.addInitScript(`
    new MutationObserver(() => {
      if (window.__formVisibleAt === undefined && Array.from(document.querySelectorAll('button')).some((b) => b.textContent.includes('Sign in')))
        window.__formVisibleAt = performance.now();
    }).observe(document, { childList: true, subtree: true });
  `);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  const before = await page.evaluate(() => {
    const visibleAt = (window as unknown as { __formVisibleAt: number }).__formVisibleAt;
    return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((r) => r.startTime < visibleAt)
      .map((r) => new URL(r.name).pathname)
      .filter((p) => p.endsWith('.js'));
  });
  expect(before.length).toBeGreaterThan(0);
  for (const script of before) {
    const code = readFileSync(path.join(DIST, script), 'utf8');
    for (const [library, marker] of Object.entries(NOT_BEFORE_SIGN_IN))
      expect(code.includes(marker), `${script} carries ${library}`).toBe(false);
  }
  // The server's answer to a wrong password still arrives: ky loads after the first frame, or with the call.
  await page.getByLabel('E-mail').fill('author@wardnote.test');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.invalidCredentials })).toBeVisible();
});

test('no Content-Security-Policy violation on /login and Home', async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in to Wardnote+' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);

  await signIn(page, 'author@wardnote.test');
  await expectPath(page, '/AUTHOR_APPROVAL');
  await expect(page.getByTestId('user-full-name')).toHaveText('Daniel Reid');
  await loadedExceptStreams(page);
  // A full load of Home too: the profile is parsed (zod) before anything renders.
  await page.reload();
  await expect(page.getByTestId('user-full-name')).toHaveText('Daniel Reid');
  await loadedExceptStreams(page);
  expect(violations).toEqual([]);
});

/** The outbox engine loads after the first render: it must still drain on every start. */
test.describe('with the page sending', () => {
  test.use({ serviceWorkers: 'block' });
  test.describe.configure({ timeout: 120_000 });

  test('work queued while offline is sent by the next app start (no worker)', async ({ context, page, request }) => {
    await signIn(page, 'author@wardnote.test');
    await expectPath(page, '/AUTHOR_APPROVAL');
    await page.goto('/record/3');
    await record(page, 3);
    await stopAndDescribe(page);
    const [clientId] = await recordingIds(page);
    await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: /Submit/ }).click();
    await expect.poll(async () => (await outboxItems(page)).length).toBe(1);
    await page.close();

    await context.unroute('**/api/**');
    const again = await context.newPage();
    await again.goto('/AUTHOR_APPROVAL');
    await expect(again.getByTestId('user-full-name')).toBeVisible();
    await expect.poll(async () => (await outboxItems(again)).length, { timeout: 60_000 }).toBe(0);
    const token = await apiToken(request, 'author@wardnote.test');
    expect(await serverDictation(request, token, clientId!)).not.toBeNull();
  });
});

test('the sign-in form is on screen before the app runs, and what was typed there is kept when the app takes over', async ({ page }) => {
  // The app's entry script is held back until the user has typed, as on a slow connection.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  const button = page.getByRole('button', { name: 'Sign in' });
  await expect(button).toBeDisabled(); // nothing is sent before the app runs
  await expect(page.getByRole('heading', { name: 'Sign in to Wardnote+' })).toBeVisible();
  expect(await seriousViolations(page, { withTargets: true })).toEqual([]);

  await page.getByLabel('E-mail').fill('author@wardnote.test');
  await page.getByLabel('Password').click();
  await page.keyboard.type('Wardnote-');
  release();

  await expect(button).toBeEnabled();
  await expect(page.locator('#sign-in-prerendered')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCount(1);
  await expect(page.getByLabel('E-mail')).toHaveValue('author@wardnote.test');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type('demo-1'); // the caret carried on where it was
  await page.keyboard.press('Enter');
  await expectPath(page, '/AUTHOR_APPROVAL');
});

test.describe('a signed-in user sent on from /login', () => {
  // The page from the network, as the server sends it (a worker would answer with its plain shell).
  test.use({ serviceWorkers: 'block' });
  test('no longer sees the pre-rendered sign-in form', async ({ page }) => {
    await signIn(page, 'author@wardnote.test');
    await expectPath(page, '/AUTHOR_APPROVAL');
    const html = await (await page.request.get('/login')).text();
    expect(html).toContain('id="sign-in-prerendered"');
    await page.goto('/login');
    await expectPath(page, '/AUTHOR_APPROVAL');
    await expect(page.getByRole('heading', { name: 'Dictations', level: 1 })).toBeVisible();
    await expect(page.locator('#sign-in-prerendered')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
  });
});

/** Issue 23: the outbox engine (Dexie, its triggers) waits for idle time, and on a first visit for a sign-in. */
test.describe('the outbox on the sign-in page', () => {
  const OUTBOX_MARKER = 'outbox drain failed';
  const scriptsCarrying = (scripts: string[], marker: string) =>
    scripts.filter((s) => readFileSync(path.join(DIST, s), 'utf8').includes(marker));
  const watchScripts = (page: Page) => {
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    return scripts;
  };

  test('a first visit fetches none of it, even once idle; signing in starts it', async ({ page }) => {
    const scripts = watchScripts(page);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    // Idle time has come and gone: the worker, registered then, is there.
    await expect.poll(() => page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration()))).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(scriptsCarrying(scripts, OUTBOX_MARKER)).toEqual([]);
    expect(await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))).not.toContain('wardnote');

    await page.getByLabel('E-mail').fill('author@wardnote.test');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectPath(page, '/AUTHOR_APPROVAL');
    await expect.poll(() => scriptsCarrying(scripts, OUTBOX_MARKER).length).toBeGreaterThan(0);
  });

  test('a device with something stored starts it on the sign-in page, in idle time', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const req = indexedDB.open('wardnote');
          req.onsuccess = () => {
            req.result.close();
            resolve();
          };
        }),
    );
    const scripts = watchScripts(page);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    await expect.poll(() => scriptsCarrying(scripts, OUTBOX_MARKER).length).toBeGreaterThan(0);
  });
});
