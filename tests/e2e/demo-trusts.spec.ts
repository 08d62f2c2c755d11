import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectPath, seriousViolations, signIn } from './helpers';

/** Issue 23 "First run": the demo's second trust has people and work of its own, so isolation shows. */

const SHOTS = 'test-results/ux-demo';
const rows = (page: Page) => page.getByRole('grid', { name: 'Dictations' }).locator('tbody tr');

test("Other NHS Trust's manager sees their trust's work, none of the demo trust's", async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await signIn(page, 'other.manager@wardnote.test');
  await expectPath(page, '/READY_FOR_TYPING');
  await expect(page.getByTestId('user-full-name')).toHaveText('Ian Ferguson');
  // Two waiting for typing, about the trust's own patients; the demo trust's sixty dictations stay out.
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).filter({ hasText: 'PRICE' })).toHaveCount(1);
  await expect(rows(page).filter({ hasText: 'SMITH' })).toHaveCount(1);
  await expect(rows(page).filter({ hasText: 'Owen Blake' })).toHaveCount(2);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/other-manager-ready-1024.png` });

  await page.goto('/BEING_TYPED');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Nadia Kowalski');
  await page.goto('/AUTHOR_APPROVAL');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('PRICE');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/READY_FOR_TYPING');
  await expect(page.getByText('SMITH', { exact: false }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/other-manager-ready-390.png` });
});
