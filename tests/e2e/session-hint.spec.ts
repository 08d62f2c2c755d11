import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectPath, signIn } from './helpers';

/**
 * Issue 8: a cold sign-in page does not wait for IndexedDB when the device says it has no session
 * (src/lib/auth/session-hint.ts). The hint only lets a sign-in page skip the wait: a stored session is
 * restored whatever it says.
 */
const HINT = 'wardnote.session-hint';
const hint = (page: Page) => page.evaluate((key) => localStorage.getItem(key), HINT);
const setHint = (page: Page, value: string | null) =>
  page.evaluate(([key, v]) => (v === null ? localStorage.removeItem(key!) : localStorage.setItem(key!, v)), [HINT, value] as const);

test('a stored session is restored on the sign-in page whether the hint is missing or wrongly says signed out', async ({ page }) => {
  await signIn(page, 'author@wardnote.test');
  await expectPath(page, '/AUTHOR_APPROVAL');
  expect(await hint(page)).toBe('1');

  // A device updated from a version that wrote no hint: taken as signed out, like a stale hint below.
  await setHint(page, null);
  await page.goto('/login');
  await expectPath(page, '/AUTHOR_APPROVAL');
  await expect.poll(() => hint(page)).toBe('1');

  // A stale hint: the sign-in page may show first, then the guard sends the user on.
  await setHint(page, '0');
  await page.goto('/login');
  await expectPath(page, '/AUTHOR_APPROVAL');
  await expect.poll(() => hint(page)).toBe('1');

  // It never decides a signed-in page.
  await setHint(page, '0');
  await page.goto('/AUTHOR_APPROVAL');
  await expectPath(page, '/AUTHOR_APPROVAL');
  await expect(page.getByRole('heading', { name: 'Dictations', level: 1 })).toBeVisible();
});

test('a start without a session and a logout leave the hint at signed out; signing in sets it', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect.poll(() => hint(page)).toBe('0');

  await signIn(page, 'secretary@wardnote.test');
  await expectPath(page, '/READY_FOR_TYPING');
  expect(await hint(page)).toBe('1');

  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Log out' }).click();
  await expectPath(page, '/login');
  await expect.poll(() => hint(page)).toBe('0');
  await page.goto('/READY_FOR_TYPING');
  await expectPath(page, '/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});
