import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectPath, seriousViolations, signIn } from './helpers';
import { dispatchSync, outboxItems, waitForWorker } from './recording';
import { activeTabInView, truncatedSelects } from './layout';

const SHOTS = 'test-results/ux-queue';

/** The count badge of a status tab. */
async function tabCount(page: Page, name: string): Promise<number> {
  const tab = page.getByRole('navigation', { name: 'Dictation status' }).getByRole('link', { name: new RegExp(`^${name}[\\s(]*\\d+`) });
  return Number((await tab.textContent())!.replace(/\D/g, ''));
}

const rows = (page: Page) => page.getByRole('grid', { name: 'Dictations' }).locator('tbody tr');

test('a secretary filters, sorts, pages and chooses columns; the address keeps it all', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await signIn(page, 'secretary@wardnote.test');
  await expectPath(page, '/READY_FOR_TYPING');
  await expect(rows(page).first()).toBeVisible();
  expect(await tabCount(page, 'Ready For Typing')).toBeGreaterThanOrEqual(12);
  expect(await seriousViolations(page)).toEqual([]);
  // Issue 23: each filter shows its whole chosen text ("All departments", not "All department").
  expect(await truncatedSelects(page)).toEqual([]);

  // Filter: one department only.
  await page.getByLabel('Department').selectOption({ label: 'Cardiology (CAR)' });
  await expect(page).toHaveURL(/department=\d+/);
  expect(await truncatedSelects(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/filters-1024.png` });
  await expect.poll(async () => [...new Set(await rows(page).locator('abbr').allTextContents())]).toEqual(['CAR']);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/department=/);

  // Sort by author, then the other way.
  await page.getByRole('button', { name: 'Author', exact: true }).click();
  await expect(page).toHaveURL(/sort_key=author/);
  await expect(page.getByRole('columnheader', { name: 'Author' })).toHaveAttribute('aria-sort', 'ascending');
  const bySurname = (names: string[]) => [...names].sort((a, b) => a.split(' ').at(-1)!.localeCompare(b.split(' ').at(-1)!));
  await expect
    .poll(async () => {
      const authors = await rows(page).locator('td:nth-child(5)').allTextContents();
      return authors.length > 1 && authors.join() === bySurname(authors).join() && authors[0] !== authors.at(-1);
    })
    .toBe(true);
  await page.getByRole('button', { name: 'Author', exact: true }).click();
  await expect(page.getByRole('columnheader', { name: 'Author' })).toHaveAttribute('aria-sort', 'descending');

  // Pages of ten: the second page holds the rest; Back returns to the first.
  const total = await tabCount(page, 'Ready For Typing');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(rows(page)).toHaveCount(Math.min(10, total - 10));
  await page.goBack();
  await expect(rows(page)).toHaveCount(10);
  await page.getByLabel('Per page').selectOption('20');
  await expect(rows(page)).toHaveCount(Math.min(20, total));

  // Columns: four are refused with the spec's words; five are saved and kept after a reload.
  await page.getByRole('button', { name: 'Columns' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose columns' });
  await dialog.getByLabel('Length').uncheck();
  await dialog.getByLabel('Assigned to').uncheck();
  await dialog.getByRole('button', { name: 'Save columns' }).click();
  await expect(dialog.getByText('Select a minimum of 5 columns to display.')).toBeVisible();
  await dialog.getByLabel('NHS number').check();
  await dialog.getByRole('button', { name: 'Save columns' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('columnheader', { name: 'NHS number' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Length' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('columnheader', { name: 'NHS number' })).toBeVisible();
  // Rows recorded by other tests may have no NHS number; the demo ones all have one.
  await expect(
    rows(page)
      .locator('td:last-child')
      .filter({ hasText: /^\d{3} \d{3} \d{4}$/ })
      .first(),
  ).toBeVisible();
});

test('a secretary assigns two dictations to herself: they move to Being Typed', async ({ page }) => {
  await signIn(page, 'secretary@wardnote.test');
  await expectPath(page, '/READY_FOR_TYPING');
  await expect(rows(page).first()).toBeVisible();
  const waiting = await tabCount(page, 'Ready For Typing');
  const typed = await tabCount(page, 'Being Typed');
  const references = (await rows(page).locator('td:nth-child(2) span.font-mono').allTextContents()).slice(0, 2);
  await rows(page).nth(0).getByRole('checkbox').check();
  await rows(page).nth(1).getByRole('checkbox').check();
  await page.getByRole('toolbar', { name: 'Selected dictations' }).getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.getByText('2 dictations assigned to Jenny Walsh.')).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => tabCount(page, 'Being Typed')).toBe(typed + 2);
  expect(await tabCount(page, 'Ready For Typing')).toBe(waiting - 2);
  await page.getByRole('link', { name: /^Being Typed/ }).click();
  await expectPath(page, '/BEING_TYPED');
  await page.getByLabel('Assigned to').selectOption({ label: 'Jenny Walsh' });
  await expect(page).toHaveURL(/assigned_to=\d+/);
  for (const ref of references) await expect(rows(page).filter({ hasText: ref })).toHaveCount(1);
});

test('an allocation made offline is shown as waiting, then applied by the worker when the network is back', async ({
  page,
  context,
  baseURL,
}) => {
  await signIn(page, 'manager@wardnote.test');
  await expectPath(page, '/READY_FOR_TYPING');
  await waitForWorker(context, page);
  await expect(rows(page).first()).toBeVisible();
  const reference = (await rows(page).first().locator('span.font-mono').textContent())!;

  await context.setOffline(true);
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await rows(page).first().getByRole('checkbox').check();
  await page.getByRole('toolbar', { name: 'Selected dictations' }).getByRole('button', { name: 'Assign to me' }).click();
  await expect(rows(page).filter({ hasText: reference })).toContainText('Change waiting to be sent');
  await expect.poll(async () => (await outboxItems(page)).map((i) => i.state)).toEqual(['pending']);

  await context.unroute('**/api/**');
  await context.setOffline(false);
  await dispatchSync(context, new URL(baseURL!).origin);
  await expect.poll(async () => (await outboxItems(page)).length, { timeout: 30_000 }).toBe(0);
  // Other tests fill Being Typed past one page: find the row by its reference.
  await page.goto(`/BEING_TYPED?search=${reference}`);
  await expect(rows(page).filter({ hasText: reference })).toContainText('Grace Okafor');

  // Issue 23, a ward tablet: the manager's current tab, far along the strip, is in view and not under an arrow.
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto('/MANUAL_DISTRIBUTION');
  // Its stuck-letters notice and letters-out panel load after the tabs (and used to reset the strip's scroll).
  await expect(page.getByRole('heading', { name: 'Letters out' })).toBeVisible();
  await expect(page.getByText(/approved letters? (has|have) not reached every recipient/)).toBeVisible();
  await expect.poll(() => activeTabInView(page)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/manager-tabs-1024.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('combobox', { name: 'Dictation status' }).locator('option:checked')).toHaveText(/^Manual Distribution/);
  await page.screenshot({ path: `${SHOTS}/manager-tabs-390.png` });
});

test('an author sees only their own dictations, in their own tabs', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await signIn(page, 'author@wardnote.test');
  await expectPath(page, '/AUTHOR_APPROVAL');
  const tabs = page.getByRole('navigation', { name: 'Dictation status' }).getByRole('link');
  // An author follows approved letters until they are sent (issue 23): 'Approved — being sent'.
  await expect(tabs).toHaveText([/^Author Approval/, /^Draft/, /^Ready For Typing/, /^Being Typed/, /^Approved — being sent/, /^Sent/]);
  await expect(rows(page).first()).toBeVisible();
  const authors = await rows(page).locator('td:nth-child(5)').allTextContents();
  expect(authors.length).toBeGreaterThan(0);
  expect(new Set(authors)).toEqual(new Set(['Daniel Reid']));
  expect(await seriousViolations(page)).toEqual([]);

  // Issue 23, a ward tablet: opened at a later tab, the strip shows it, also after the counts arrive.
  await page.getByRole('link', { name: /^Approved — being sent/ }).click();
  await expectPath(page, '/MANUAL_DISTRIBUTION');
  await page.reload();
  await expect(tabs.filter({ hasText: /^Approved — being sent\s*\(?\d/ })).toBeVisible();
  await expect.poll(() => activeTabInView(page)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/author-tabs-1024.png` });
});

test('on a phone the rows are cards, keyboard-driven', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'secretary@wardnote.test');
  await expectPath(page, '/READY_FOR_TYPING');
  const cards = page.getByRole('list', { name: 'Dictations' }).getByRole('listitem');
  await expect(cards.first()).toBeVisible();

  // Issue 23, a phone: the user's name shares the first header line with the app's name, not a line of its own.
  const title = (await page.getByText('Wardnote+', { exact: true }).boundingBox())!;
  const name = (await page.getByTestId('user-full-name').boundingBox())!;
  expect(Math.abs(name.y + name.height / 2 - (title.y + title.height / 2))).toBeLessThan(8);
  expect(name.x + name.width).toBeLessThanOrEqual(390);
  // Every one of the eight statuses is reachable, with its count, and the current one shows.
  const status = page.getByRole('combobox', { name: 'Dictation status' });
  await expect(status).toBeVisible();
  await expect(status.locator('option')).toHaveCount(8);
  await expect(status.locator('option:checked')).toHaveText(/^Ready For Typing \(\d+\)$/);
  await page.getByRole('button', { name: 'Filters' }).click();
  expect(await truncatedSelects(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/phone-queue-390.png` });
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Filters' }).click();
  await status.selectOption({ label: (await status.locator('option', { hasText: /^Being Typed/ }).textContent())! });
  await expectPath(page, '/BEING_TYPED');
  await expect(status.locator('option:checked')).toHaveText(/^Being Typed/);
  await page.goBack();
  await expectPath(page, '/READY_FOR_TYPING');
  await expect(cards.first()).toBeVisible();
  await cards.first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(cards.nth(1)).toBeFocused();
  await page.keyboard.press(' ');
  await expect(page.getByRole('toolbar', { name: 'Selected dictations' })).toContainText('1 selected');
  await page.keyboard.press('Enter');
  // Spec §4: asked first.
  await page.getByRole('alertdialog', { name: 'Do you want to be redirected?' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/dictation\/\d+$/);
  expect(await seriousViolations(page)).toEqual([]);
});
