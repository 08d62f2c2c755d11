import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectPath, seriousViolations, signIn } from './helpers';
import { apiToken, waitForWorker } from './recording';

/** The find-document panel (Ctrl+K) and the top-bar search (issue 14, spec §2, §4, §5, §8). */

const AUTHOR = 'author@wardnote.test';
const SECRETARY = 'secretary@wardnote.test';
const MANAGER = 'manager@wardnote.test';
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
  expect(await seriousViolations(page, { include: '[role=dialog]' })).toEqual([]);
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
  // Too short: the panel says why, and the term is not a recent search (checked at the end).
  await box.fill('sm');
  await box.press('Enter');
  await expect(panel(page).getByText('Enter at least 3 characters.')).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();
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

  // The top bar's recent searches list the reference, and only it: the refused 'sm' was not remembered.
  await page.getByRole('banner').getByRole('searchbox', { name: 'Search dictations' }).focus();
  await expect(page.getByRole('banner').getByRole('button', { name: row.reference })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('listitem')).toHaveText([row.reference]);
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

test('reopened offline, the search still finds the author’s letters kept on this device for offline review, and says the results are local', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1024, height: 768 });
  const token = await apiToken(request, AUTHOR);
  const me = (await (await request.get('/api/user', auth(token))).json()) as { data: { id: number } };
  const queue = (
    (await (await request.get(`/api/dictation?status=AUTHOR_APPROVAL&author=${me.data.id}&paginate=30`, auth(token))).json()) as {
      data: { data: Row[] };
    }
  ).data.data;
  const target = queue[0]!;
  expect(target).toBeTruthy();

  // Online, the approval list loads and is copied to the device; the preferences say when.
  await signIn(page, AUTHOR);
  await expectPath(page, '/AUTHOR_APPROVAL');
  await waitForWorker(context, page);
  await expect(page.getByText(target.reference)).toBeVisible();
  await page.getByRole('link', { name: 'Profile' }).click();
  await expectPath(page, '/preference');
  const usage = page.getByTestId('offline-review').getByTestId('offline-review-usage');
  await expect(usage).toContainText(`${queue.length} ${queue.length === 1 ? 'letter' : 'letters'}`, { timeout: 90_000 });
  await expect(usage).toContainText(/Today \d{2}:\d{2}/);

  // No signal, and the app reopened from the worker on a page that loads no list: nothing is in memory.
  await context.setOffline(true);
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await page.reload();
  await expect(page.getByTestId('user-full-name')).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('Control+k');
  await search(page, target.reference);
  await expect(panel(page).getByText('You are offline: these results come from the lists on this device only.')).toBeVisible();
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText(target.reference);
  await expect(cards(page).first()).toContainText('Author Approval');

  await context.unroute('**/api/**');
  await context.setOffline(false);
});

for (const [email, shown] of [
  ['trustadmin@wardnote.test', false],
  ['siteadmin@wardnote.test', false],
  ['superadmin@wardnote.test', true],
  ['manager@wardnote.test', true],
] as const) {
  test(`the top-bar search ${shown ? 'shows' : 'is hidden, and Ctrl+K does nothing,'} for ${email.split('@')[0]} (spec §2)`, async ({
    page,
  }) => {
    await signIn(page, email);
    await expect(page.getByTestId('user-full-name')).toBeVisible();
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search dictations' });
    if (shown) {
      await expect(box).toBeVisible();
      return;
    }
    await expect(box).toHaveCount(0);
    await page.keyboard.press('Control+k');
    await expect(panel(page)).toHaveCount(0);
  });
}

interface FlaggedRow extends Row {
  urgent: 'HIGH' | 'STANDARD';
  is_confidential: boolean;
  is_mobile: boolean;
}

test('a result card shows the urgent marker, the confidential lock and the mobile badge when the dictation has them, and not otherwise', async ({
  page,
  request,
}) => {
  // A manager sees the whole trust, others' confidential letters too (worklist.scope.sql.ts).
  const token = await apiToken(request, MANAGER);
  const rows: FlaggedRow[] = [];
  for (const status of ['READY_FOR_TYPING', 'BEING_TYPED', 'AUTHOR_APPROVAL', 'SENT']) {
    const res = await request.get(`/api/dictation?status=${status}&paginate=30`, auth(token));
    if (!res.ok()) continue;
    rows.push(...((await res.json()) as { data: { data: FlaggedRow[] } }).data.data);
  }
  const picks = [
    rows.find((r) => r.is_confidential),
    rows.find((r) => r.urgent === 'HIGH'),
    rows.find((r) => r.is_mobile && r.urgent !== 'HIGH'),
    rows.find((r) => !r.is_mobile && r.urgent !== 'HIGH' && !r.is_confidential),
  ];
  expect(picks.map(Boolean)).toEqual([true, true, true, true]);

  await page.setViewportSize({ width: 1024, height: 768 });
  await signIn(page, MANAGER);
  await expectPath(page, '/READY_FOR_TYPING');
  // The first from the top bar, which opens the panel; the rest in the panel.
  const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search dictations' });
  for (const [i, row] of (picks as FlaggedRow[]).entries()) {
    if (i === 0) {
      await box.fill(row.reference);
      await box.press('Enter');
    } else await search(page, row.reference);
    await expect(cards(page)).toHaveCount(1);
    const card = cards(page).first();
    await expect(card).toContainText(row.reference);
    await expect(card.getByText('Urgent', { exact: true })).toHaveCount(row.urgent === 'HIGH' ? 1 : 0);
    await expect(card.getByTitle('Confidential')).toHaveCount(row.is_confidential ? 1 : 0);
    await expect(card.getByTitle('Dictated on a mobile device')).toHaveCount(row.is_mobile ? 1 : 0);
    if (row.is_confidential) await page.screenshot({ path: `${SHOTS}/card-confidential-1024.png` });
  }
});

test('a manager clicks a sent letter in the results: not asked to be redirected, the detail panel opens with comments, audit trail, versions and attachments (spec §4)', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, MANAGER);
  const res = await request.get('/api/dictation?status=SENT&paginate=30', auth(token));
  const row = ((await res.json()) as { data: { data: Row[] } }).data.data[0]!;
  expect(row).toBeTruthy();

  await page.setViewportSize({ width: 1024, height: 768 });
  await signIn(page, MANAGER);
  await expect(page.getByTestId('user-full-name')).toBeVisible();
  const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search dictations' });
  await box.fill(row.reference);
  await box.press('Enter');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('Sent');
  await cards(page).first().click();

  const details = page.getByRole('dialog', { name: row.reference });
  await expect(details).toBeVisible();
  await expect(page.getByRole('alertdialog', { name: 'Do you want to be redirected?' })).toHaveCount(0);
  await expect(page).not.toHaveURL(/\/dictation\//);
  await expect(details.getByText('Dictation details')).toBeVisible();
  const tabs = details.getByRole('tablist', { name: 'Dictation information' }).getByRole('tab');
  await expect(tabs.filter({ hasNotText: 'Delivery' })).toHaveText(['Comments', 'Audit trail', 'Versions', 'Attachments']);
  await expect(details.getByRole('tabpanel')).toContainText(/No comment\(s\) for this dictation|Add a comment/);
  await details.getByRole('tab', { name: 'Audit trail' }).click();
  await expect(details.getByRole('tabpanel')).toContainText(/Submitted for typing|No audit trail for this dictation/);
  await details.getByRole('tab', { name: 'Versions' }).click();
  await expect(details.getByRole('tabpanel')).toContainText(/Version \d|No version available for this dictation/);
  await details.getByRole('tab', { name: 'Attachments' }).click();
  const attachments = details.getByRole('tabpanel');
  await expect(
    attachments.getByText('No attachments for this dictation').or(attachments.getByRole('list', { name: 'Attachments' })),
  ).toBeVisible();
  expect(await seriousViolations(page, { include: '[role=dialog]' })).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/details-1024.png` });

  // Closing the details leaves the results where they were.
  await details.getByRole('button', { name: 'Close the details' }).click();
  await expect(details).toHaveCount(0);
  await expect(cards(page).first()).toContainText(row.reference);
});
