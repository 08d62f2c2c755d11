import { expect, test } from './fixtures';
import { expectPath, localData, signIn } from './helpers';

const DENIED = "You don't have permission to view this page. Contact the administrator for assistance..";

test('a denied route shows the warning and leaves the user where they were', async ({ page }) => {
  await signIn(page, 'author@wardnote.test');
  await expectPath(page, '/AUTHOR_APPROVAL');
  await page.getByRole('link', { name: 'Ready For Typing' }).click();
  await expectPath(page, '/READY_FOR_TYPING');
  // An in-app navigation to a page the Author may not open.
  await page.evaluate(() => {
    window.history.pushState({}, '', '/uploaddictation');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByText(DENIED)).toBeVisible();
  await expectPath(page, '/READY_FOR_TYPING');
});

test('typing a denied address on arrival shows the warning and opens the user own start page', async ({ page }) => {
  await signIn(page, 'secretary@wardnote.test');
  await expectPath(page, '/READY_FOR_TYPING');
  await page.goto('/trusts');
  await expect(page.getByText(DENIED)).toBeVisible();
  await expectPath(page, '/READY_FOR_TYPING');
});

test('a plus-variant Author is sent Home from the scribe pages', async ({ page }) => {
  await signIn(page, 'author@wardnote.test');
  await expectPath(page, '/AUTHOR_APPROVAL');
  await page.goto('/encounter');
  await expectPath(page, '/AUTHOR_APPROVAL');
});

test('navigation icons follow the role: a Secretary sees upload and manual letter, not record or trusts', async ({ page }) => {
  await signIn(page, 'secretary@wardnote.test');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Upload' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Manual letter' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Record' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Trusts' })).toHaveCount(0);
  await page.keyboard.press('Alt+U');
  await expectPath(page, '/uploaddictation');
  await page.keyboard.press('Alt+H');
  await expectPath(page, '/READY_FOR_TYPING');
});

test('logout asks for confirmation, then wipes IndexedDB and goes to /login', async ({ page }) => {
  await signIn(page, 'manager@wardnote.test');
  await expectPath(page, '/READY_FOR_TYPING');
  // The top bar's box: Enter opens the find-document panel, which keeps the term among recent searches.
  const search = page.getByRole('banner').getByLabel('Search dictations');
  await search.fill('Smith');
  await search.press('Enter');
  await expect(page.getByText('Recent searches')).toBeVisible();
  await page.keyboard.press('Escape');
  // The focus is back in the box, whose recent-searches list opens: leave it.
  await page.getByRole('heading', { name: 'Dictations', level: 1 }).click();
  await expect(page.getByText('Recent searches')).toBeHidden();
  await expect.poll(async () => (await localData(page)).secureRows).toBeGreaterThanOrEqual(2);
  expect((await localData(page)).keys).toContain('access_token');

  await page.getByRole('button', { name: 'Log out' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText('Are you sure you want to logout?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expectPath(page, '/READY_FOR_TYPING');

  await page.keyboard.press('Control+L');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Log out' }).click();
  await expectPath(page, '/login');
  await expect.poll(async () => (await localData(page).catch(() => null))?.secureRows).toBe(0);
  expect((await localData(page)).keys).toEqual([]);
  await page.goto('/READY_FOR_TYPING');
  await expectPath(page, '/login');
});

test('a 503 from the API opens the maintenance page', async ({ page }) => {
  await signIn(page, 'author@wardnote.test');
  await expectPath(page, '/AUTHOR_APPROVAL');
  await page.route('**/api/user', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'down', code: 'maintenance' }) }),
  );
  await page.reload();
  await expectPath(page, '/maintenance');
  await expect(page.getByRole('heading', { name: 'Down for maintenance' })).toBeVisible();
});

test('a 401 while signed in wipes local data and goes to /login', async ({ page }) => {
  await signIn(page, 'author@wardnote.test');
  await expectPath(page, '/AUTHOR_APPROVAL');
  await page.route('**/api/user', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Your session has ended. Sign in again.', code: 'unauthenticated' }),
    }),
  );
  await page.reload();
  await expectPath(page, '/login');
  await expect(page.getByRole('heading', { name: 'Sign in to Wardnote+' })).toBeVisible();
  await page.waitForLoadState('load');
  await expect.poll(async () => (await localData(page).catch(() => null))?.keys).toEqual([]);
});
