import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectPath, openSignedIn, PASSWORD, seriousViolations, signIn, screenshotBothSizes } from './helpers';
import { apiToken } from './recording';
import { MESSAGES, PAGE_MESSAGES } from '../../src/domain/messages';
import { STATUS_HINTS } from '../../src/domain/status-hints';

/**
 * Issue 23 "Daily use", the words: what a clinician reads on the PIN screen, the password form, the work
 * queue and the redirect question. Each says a thing once, without protocol words or jargon.
 */

const AUTHOR = 'author@wardnote.test';
const SECRETARY = 'secretary@wardnote.test';
const MANAGER = 'manager@wardnote.test';
const SHOTS = 'test-results/daily-words';
const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

const shots = (page: Page, name: string) => screenshotBothSizes(page, (w) => `${SHOTS}/${name}-${w}.png`);

test('a wrong PIN says "Incorrect pin" once, with no "Unauthorized:" beside it', async ({ page }) => {
  await signIn(page, 'pin.author@wardnote.test');
  await expectPath(page, '/authenticate');
  await page.getByLabel('PIN', { exact: true }).fill('1357');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Incorrect pin', { exact: true })).toBeVisible();
  await expect(page.getByText(/Unauthorized/)).toHaveCount(0);
  await expect(page.getByText(/the PIN you entered is incorrect/i)).toHaveCount(0);
  await shots(page, 'pin-wrong');
  expect(await seriousViolations(page)).toEqual([]);
  // The right PIN still lets them in (and clears the failed attempt).
  await page.getByLabel('PIN', { exact: true }).fill('2468');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectPath(page, '/AUTHOR_APPROVAL');
});

test('a password the rule refuses: the rule is said once, beside the field, with no "password:" prefix', async ({ page }) => {
  await openSignedIn(page, AUTHOR, '/password/change');
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  // Before sending, the rule is the new password's hint.
  await expect(page.getByText(MESSAGES.passwordRule)).toHaveCount(1);
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByLabel('New password', { exact: true }).fill('short1');
  await page.getByLabel('Repeat the new password').fill('short1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(MESSAGES.checkFields)).toBeVisible();
  await expect(page.getByText(MESSAGES.passwordRule)).toHaveCount(1);
  await expect(page.getByText(/password:/i)).toHaveCount(0);
  await expect(page.getByLabel('New password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousViolations(page)).toEqual([]);
  await shots(page, 'password-rule');
});

test('the work queue speaks plainly: column and filter names, what a status means, why a filtered list is empty', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openSignedIn(page, SECRETARY, '/READY_FOR_TYPING');
  await expectPath(page, '/READY_FOR_TYPING');
  await expect(page.getByText(STATUS_HINTS.READY_FOR_TYPING)).toBeVisible();
  await expect(page.getByLabel('Recorded on')).toBeVisible();
  await expect(page.getByLabel('Made on')).toHaveCount(0);
  await page.getByRole('button', { name: 'Columns' }).click();
  const chooser = page.getByRole('dialog', { name: 'Choose columns' });
  await expect(chooser.getByLabel('Turnaround')).toBeVisible();
  await expect(chooser.getByLabel('Recorded on')).toBeVisible();
  await expect(chooser.getByText(/^(TAT|Made on)$/)).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(chooser).toBeHidden();

  // Filters that match nothing: the spec's 'No Data found', and what to do about it.
  await page.goto('/READY_FOR_TYPING?dictation_type=mobile&department=999999');
  await expect(page.getByText('No Data found', { exact: true })).toBeVisible();
  await expect(page.getByText(PAGE_MESSAGES.worklistFilteredEmpty)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shots(page, 'worklist-empty');
});

test('a Manager reads stuck letters in days, and what Manual Distribution means', async ({ page, request }) => {
  const token = await apiToken(request, MANAGER);
  const stuck = (await (await request.get('/api/stuck-letters?per_page=5', auth(token))).json()) as {
    data: { data: { reference: string; hours_waiting: number }[] };
  };
  // Longest waiting first.
  const long = stuck.data.data[0];
  expect(long!.hours_waiting, 'the demo has a letter waiting two days or more').toBeGreaterThanOrEqual(48);
  await openSignedIn(page, MANAGER, '/MANUAL_DISTRIBUTION');
  await expectPath(page, '/MANUAL_DISTRIBUTION');
  await expect(page.getByText(STATUS_HINTS.MANUAL_DISTRIBUTION)).toBeVisible();
  const notice = page.getByTestId('stuck-letters');
  await notice.getByRole('button', { name: /^Show/ }).click();
  const list = page.getByRole('list', { name: 'Letters waiting too long' });
  const item = list.getByRole('listitem').filter({ hasText: long!.reference });
  await expect(item).toContainText(`waiting ${Math.floor(long!.hours_waiting / 24)} days`);
  await expect(list.getByText(/waiting (4[89]|[5-9]\d|\d{3,}) hours/)).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await shots(page, 'stuck-days');
});

test('"Do you want to be redirected?" is not a danger: Yes is in the primary colour', async ({ page, request }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  const token = await apiToken(request, AUTHOR);
  const res = await request.get('/api/dictation?status=AUTHOR_APPROVAL&paginate=30', auth(token));
  expect(res.status()).toBe(200);
  const first = ((await res.json()) as { data: { data: { reference: string }[] } }).data.data[0]!;
  await openSignedIn(page, AUTHOR, `/AUTHOR_APPROVAL?search=${first.reference}`);
  const rows = page.getByRole('grid', { name: 'Dictations' }).locator('tbody tr');
  await rows.first().click();
  const dialog = page.getByRole('alertdialog', { name: MESSAGES.redirectConfirm });
  await expect(dialog).toBeVisible();
  const yes = dialog.getByRole('button', { name: 'Yes' });
  // Red (bg-red-700) is the app's "you lose something" colour (Delete, Discard); this question loses nothing.
  await expect(yes).not.toHaveClass(/bg-red-/);
  await expect(yes).toHaveClass(/bg-brand-600/);
  expect(await seriousViolations(page)).toEqual([]);
  await shots(page, 'redirect');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText(MESSAGES.cancelledBody)).toBeVisible();
});
