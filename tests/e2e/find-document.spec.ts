import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { expectPath, signIn } from './helpers';
import { apiToken, waitForWorker } from './recording';

/** The find-document panel (Ctrl+K) and the top-bar search (issue 14, spec §2, §4, §5, §8). */

const AUTHOR = 'author@wardnote.test';
const SECRETARY = 'secretary@wardnote.test';
const SHOTS = 'test-results/find-document';

interface Row {
  id: number;
  reference: string;
  status: string;
}

const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Find document' });
const cards = (page: Page) => panel(page).getByTestId('search-result');
const recent = (page: Page) => panel(page).getByTestId('recent-searches').getByRole('button');
const seriousViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).include('[role=dialog]').analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => v.id);

async function search(page: Page, term: string) {
  await panel(page).getByRole('searchbox', { name: 'Search dictations' }).fill(term);
  await panel(page).getByRole('searchbox', { name: 'Search dictations' }).press('Enter');
}

test('Ctrl+K opens the panel anywhere; chips, sort, pages, the empty state and recent searches (three, newest last, a repeat moves to the end)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await signIn(page, SECRETARY);
  await expectPath(page, '/READY_FOR_TYPING');
  await expect(page.getByRole('searchbox', { name: 'Search dictations' })).toHaveAttribute('placeholder', /Ctrl\+K/);

  await page.keyboard.press('Control+k');
  await expect(panel(page)).toBeVisible();
  await expect(panel(page).getByRole('searchbox', { name: 'Search dictations' })).toBeFocused();
  await expect(panel(page).getByRole('button', { name: 'All', pressed: true })).toBeVisible();

  // Too short for All: said in plain words, nothing sent.
  await search(page, 'sm');
  await expect(panel(page).getByText('Enter at least 3 characters.')).toBeVisible();

  // Patients named Smith, under All and then under the Patient chip.
  await search(page, 'smith');
  await expect(cards(page).first()).toBeVisible();
  await panel(page).getByRole('button', { name: 'Patient', exact: true }).click();
  await expect(panel(page).getByRole('button', { name: 'Patient', pressed: true })).toBeVisible();
  await expect.poll(async () => (await cards(page).allTextContents()).every((t) => /Patient: SMITH/.test(t))).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/panel-1024.png` });

  // Author chip: one letter will do; every card is by an author whose name has it.
  await panel(page).getByRole('button', { name: 'Author', exact: true }).click();
  await search(page, 'Reid');
  await expect
    .poll(async () => new Set((await cards(page).allTextContents()).map((t) => /Author: (.+?)Department:/.exec(t)?.[1])))
    .toEqual(new Set(['Daniel Reid']));
  // More than a page: Next and Prev; a bigger page holds more.
  await expect(cards(page)).toHaveCount(10);
  const firstPage = await cards(page).first().textContent();
  await panel(page).getByRole('button', { name: 'Next' }).click();
  await expect(panel(page).getByText(/^Page 2 of \d+$/)).toBeVisible();
  await expect(cards(page).first()).not.toHaveText(firstPage!);
  await panel(page).getByRole('button', { name: 'Prev' }).click();
  await expect(cards(page).first()).toHaveText(firstPage!);
  await panel(page).getByLabel('Per page').selectOption('15');
  await expect.poll(() => cards(page).count()).toBeGreaterThan(10);
  // The sort toggle turns the order round.
  await panel(page)
    .getByRole('button', { name: /Sort order: newest first/ })
    .click();
  await expect(panel(page).getByRole('button', { name: /Sort order: oldest first/ })).toBeVisible();
  await expect(cards(page).first()).not.toHaveText(firstPage!);

  // Nothing found: spec §8's empty state.
  await panel(page).getByRole('button', { name: 'All', exact: true }).click();
  await search(page, 'zzqqxxnothing');
  await expect(panel(page).getByText('No Data found')).toBeVisible();

  // Recent searches so far: smith, Reid, zzqqxxnothing (the short one was refused); shown newest first.
  await expect(recent(page)).toHaveText(['zzqqxxnothing', 'Reid', 'smith']);
  await search(page, 'smith');
  await expect(recent(page)).toHaveText(['smith', 'zzqqxxnothing', 'Reid']);
  await search(page, 'jones');
  await expect(recent(page)).toHaveText(['jones', 'smith', 'zzqqxxnothing']);

  // Kept on the device (encrypted) across a reload; Escape closes, Ctrl+K opens again.
  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('user-full-name')).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(panel(page)).toBeVisible();
  await expect(recent(page)).toHaveText(['jones', 'smith', 'zzqqxxnothing']);
  const stored = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const req = indexedDB.open('wardnote');
        req.onsuccess = () => {
          const get = req.result.transaction('secure').objectStore('secure').get('recent_searches');
          get.onsuccess = () => resolve(new TextDecoder().decode(get.result?.data ?? new ArrayBuffer(0)));
        };
      }),
  );
  expect(stored).not.toContain('jones');

  // A recent search runs again when chosen; Clear forgets them all.
  await recent(page).filter({ hasText: 'smith' }).click();
  await expect(panel(page).getByRole('searchbox', { name: 'Search dictations' })).toHaveValue('smith');
  await expect(cards(page).first()).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/panel-390.png` });
  await panel(page).getByRole('button', { name: 'Clear' }).click();
  await expect(panel(page).getByTestId('recent-searches')).toHaveCount(0);
});

test('an author searches from the top bar, clicks their dictation waiting for typing: asked to be redirected, it comes back to them and opens', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  const token = await apiToken(request, AUTHOR);
  const res = await request.get('/api/dictation/document?search=Reid&search_key=author&paginate=30', auth(token));
  expect(res.status()).toBe(200);
  const row = ((await res.json()) as { data: { data: Row[] } }).data.data.find((r) => r.status === 'READY_FOR_TYPING')!;
  expect(row).toBeTruthy();

  await signIn(page, AUTHOR);
  await expect(page.getByTestId('user-full-name')).toBeVisible();
  const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search dictations' });
  await box.fill(row.reference);
  await box.press('Enter');
  await expect(panel(page)).toBeVisible();
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText(row.reference);
  await expect(cards(page).first()).toContainText('Ready For Typing');
  await cards(page).first().click();

  const ask = page.getByRole('alertdialog', { name: 'Do you want to be redirected?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Yes' }).click();
  await expectPath(page, `/dictation/${row.id}`);
  await expect(panel(page)).toBeHidden();
  const after = (await (await request.get(`/api/dictation/${row.id}`, auth(token))).json()) as {
    data: { status: string; secretarial_cover?: boolean };
  };
  expect(after.data.status).toBe('AUTHOR_APPROVAL');
  expect(after.data.secretarial_cover).toBe(true);

  // The top bar's recent searches list the reference.
  await page.getByRole('banner').getByRole('searchbox', { name: 'Search dictations' }).focus();
  await expect(page.getByRole('banner').getByRole('button', { name: row.reference })).toBeVisible();
});

test('offline, the panel searches the lists this device holds and says so', async ({ page, context }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await signIn(page, SECRETARY);
  await expectPath(page, '/READY_FOR_TYPING');
  // The worker holds the app's code (the panel's chunk too) for offline use.
  await waitForWorker(context, page);
  const firstRow = page.getByRole('grid', { name: 'Dictations' }).locator('tbody tr').first();
  await expect(firstRow).toBeVisible();
  const reference = (await firstRow
    .locator('td')
    .filter({ hasText: /^\d{14}/ })
    .first()
    .textContent())!.match(/\d{14}/)![0];

  await context.setOffline(true);
  await page.keyboard.press('Control+k');
  await search(page, reference);
  await expect(panel(page).getByText('You are offline: these results come from the lists on this device only.')).toBeVisible();
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText(reference);
  await context.setOffline(false);
});
