import { expect, test } from './fixtures';
import { expectPath, seriousViolations, signIn } from './helpers';

test('after one visit the signed-in shell opens with no network', async ({ page, context }) => {
  await signIn(page, 'author@wardnote.test');
  await expectPath(page, '/AUTHOR_APPROVAL');
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return reg.active?.state;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
  await page.goto('/AUTHOR_APPROVAL');
  await expect(page.getByTestId('user-full-name')).toHaveText('Daniel Reid');
  // One offline banner (issue 23): the list's own notice, which says how old the device's copy is; the shell's
  // general one gives way to it.
  await expect(page.getByTestId('offline-copy-notice')).toBeVisible();
  await expect(page.getByText('You are offline', { exact: false })).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Dictations' })).toBeVisible();
});

test('the API is never answered from the app shell', async ({ page }) => {
  await page.goto('/login');
  await expect.poll(() => page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration()))).toBe(true);
  await page.reload();
  const res = await page.evaluate(async () => {
    const r = await fetch('/api/no-such-endpoint', { headers: { accept: 'text/html' } });
    return { status: r.status, type: r.headers.get('content-type') };
  });
  expect(res.status).toBe(404);
  expect(res.type).toContain('application/json');
});

test('the scribe host shows the scribe variant: title, dark theme, manifest, SessionList landing', async ({ page, baseURL }) => {
  const scribe = baseURL!.replace('localhost', 'scribe.localhost');
  await page.goto(`${scribe}/login`);
  await expect(page).toHaveTitle('Wardnote Scribe');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest/scribe.webmanifest');
  await expect(page.getByRole('heading', { name: 'Sign in to Wardnote Scribe' })).toBeVisible();
  await page.getByLabel('E-mail').fill('scribe@wardnote.test');
  await page.getByLabel('Password').fill('Wardnote-demo-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/encounter$/);
  await page.goto(`${scribe}/uploaddictation`);
  await expect(page).toHaveURL(/\/encounter$/);
});

test('the default host is the plus variant with a light theme', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Wardnote+');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('axe finds no serious accessibility violation on login and home', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in to Wardnote+' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await signIn(page, 'manager@wardnote.test');
  await expectPath(page, '/READY_FOR_TYPING');
  await expect(page.getByRole('heading', { name: 'Dictations' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
