import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectPath, loadedExceptStreams, openSignedIn, seriousViolations } from './helpers';
import { apiToken } from './recording';
import { sendOneForApproval } from './letters-for-approval';

/** Issue 23 "Daily use": the dead ends, each as its user meets it. */

// Several pages, axe checks and screenshots per test, on a machine the other suites share.
test.describe.configure({ timeout: 180_000 });

const AUTHOR = 'author@wardnote.test';
const MANAGER = 'manager@wardnote.test';
const SECRETARY = 'secretary@wardnote.test';
const SUPERADMIN = 'superadmin@wardnote.test';
const OUTSOURCED = 'outsourced@wardnote.test';
const SHOTS = 'test-results/daily-use';

interface Row {
  id: number;
  reference: string;
  status: string;
  assigned_to: { user_id: number } | null;
}

const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
const rows = (page: Page) => page.getByRole('grid', { name: 'Dictations' }).locator('tbody tr');
const confirmDialog = (page: Page) => page.getByRole('alertdialog', { name: 'Do you want to be redirected?' });

async function listOf(request: APIRequestContext, token: string, tab: string): Promise<Row[]> {
  const res = await request.get(`/api/dictation?status=${tab}&paginate=30`, auth(token));
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { data: Row[] } }).data.data;
}

/** Every answer of 400 and above the page receives, as "status METHOD path". */
function refusedCalls(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) refused.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  return refused;
}

test('a Manager opens a letter in QA review from the list and can pass it', async ({ page, request }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  const token = await apiToken(request, MANAGER);
  const row = (await listOf(request, token, 'QA_REVIEW'))[0]!;
  await openSignedIn(page, MANAGER, `/QA_REVIEW?search=${row.reference}`);
  const target = rows(page).filter({ hasText: row.reference });
  await expect(target).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);

  await target.click();
  await expect(confirmDialog(page)).toBeVisible();
  await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
  await expectPath(page, `/dictation/${row.id}`);
  await expect(page.getByRole('button', { name: 'Pass QA' })).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/qa-review-opened-1024.png` });
});

test('an author follows an approved letter under "Approved — being sent", with its Delivery tab', async ({ page, request }) => {
  const token = await apiToken(request, AUTHOR);
  const refused = refusedCalls(page);
  await openSignedIn(page, AUTHOR, '/AUTHOR_APPROVAL');
  const tab = page.getByRole('navigation', { name: 'Dictation status' }).getByRole('link', { name: /^Approved — being sent/ });
  await expect(tab).toBeVisible();
  await tab.click();
  await expectPath(page, '/MANUAL_DISTRIBUTION');
  const approved = await listOf(request, token, 'MANUAL_DISTRIBUTION');
  expect(approved.length).toBeGreaterThan(0);
  const target = rows(page).filter({ hasText: approved[0]!.reference });
  await expect(target).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/author-being-sent-1024.png` });

  await target.click();
  const panel = page.getByRole('dialog');
  await panel.getByRole('tab', { name: 'Delivery' }).click();
  await expect(panel.getByRole('tabpanel')).toBeVisible();
  await expect(panel.getByRole('tabpanel')).not.toContainText('Loading…', { timeout: 15_000 });
  await page.screenshot({ path: `${SHOTS}/author-delivery-1024.png` });
  expect(await seriousViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.keyboard.press('Escape');
  // On a phone the status tabs are one select (issue 23's layout): it names the tab the author is on.
  await expect(page.getByRole('combobox', { name: 'Dictation status' }).locator('option:checked')).toHaveText(/^Approved — being sent/);
  await page.screenshot({ path: `${SHOTS}/author-being-sent-390.png` });
  expect(refused).toEqual([]);
});

test('SuperAdmin’s Author, Department and Document type filters have options, and nothing is refused', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  const refused = refusedCalls(page);
  await openSignedIn(page, SUPERADMIN, '/READY_FOR_TYPING');
  await expect(rows(page).first()).toBeVisible({ timeout: 30_000 });
  for (const label of ['Author', 'Department', 'Document type']) {
    await expect.poll(() => page.getByRole('combobox', { name: label, exact: true }).locator('option').count(), label).toBeGreaterThan(1);
  }
  await page.screenshot({ path: `${SHOTS}/superadmin-filters-1024.png` });
  expect(await seriousViolations(page)).toEqual([]);
  expect(refused).toEqual([]);
});

test('the external typist’s page asks nothing it is refused, and the bell shows their count', async ({ page, request }) => {
  // A letter the external typist opened is recalled by the Manager: they are told.
  const mine = await apiToken(request, OUTSOURCED);
  const manager = await apiToken(request, MANAGER);
  const work = (await listOf(request, mine, 'OUTSOURCED')).find((r) => r.assigned_to === null)!;
  expect((await request.post(`/api/dictation/${work.id}/claim`, { ...auth(mine), data: {} })).status()).toBe(200);
  const recall = await request.post('/api/dictation/allocate', {
    ...auth(manager),
    headers: { ...auth(manager).headers, 'Idempotency-Key': crypto.randomUUID() },
    data: { dictations: [work.id], type: 'status', status: 'READY_FOR_TYPING' },
  });
  expect(recall.status(), await recall.text()).toBe(200);

  await page.setViewportSize({ width: 1024, height: 768 });
  const refused = refusedCalls(page);
  await openSignedIn(page, OUTSOURCED, '/OUTSOURCED');
  await expect(page.getByRole('button', { name: /^Notifications, \d+ unread$/ })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  await loadedExceptStreams(page);
  // The lists they may not have are not offered empty: no Author, Department or Document type select.
  await expect(page.getByRole('combobox', { name: 'Department', exact: true })).toHaveCount(0);
  expect(refused).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/outsourced-1024.png` });
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByText('Dictation taken over').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/outsourced-bell-1024.png` });
  expect(refused).toEqual([]);
});

test('the document search takes the spec’s sort keys and the All chip', async ({ page, request }) => {
  const token = await apiToken(request, SECRETARY);
  // The spec's own parameters, as another client would send them: the All chip as an empty key.
  const direct = await request.get('/api/dictation/document?search=smith&search_key=&sort_key=dictation_date&sort=asc', auth(token));
  expect(direct.status(), await direct.text()).toBe(200);
  const refusal = await request.get('/api/dictation/document?search=smith&search_key=nhs', auth(token));
  expect(((await refusal.json()) as { message: string }).message).toBe('search_key: choose all, author, department, clinic_code, patient.');

  await page.setViewportSize({ width: 1024, height: 768 });
  await openSignedIn(page, SECRETARY, '/READY_FOR_TYPING');
  await expect(rows(page).first()).toBeVisible();
  const asked = page.waitForResponse((r) => r.url().includes('/api/dictation/document?'));
  await page.keyboard.press('Control+k');
  const panel = page.getByRole('dialog', { name: 'Find document' });
  await expect(panel.getByRole('button', { name: 'All', pressed: true })).toBeVisible({ timeout: 30_000 });
  await panel.getByRole('searchbox', { name: 'Search dictations' }).fill('smith');
  await panel.getByRole('searchbox', { name: 'Search dictations' }).press('Enter');
  const answer = await asked;
  expect(answer.status()).toBe(200);
  expect(new URL(answer.url()).searchParams.get('sort_key')).toBe('dictation_date');
  await expect(panel.getByTestId('search-result').first()).toBeVisible();
});

test('an author approves and returns selected letters together; Delete waits under More', async ({ page, request }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  const secretary = await apiToken(request, SECRETARY);
  const author = await apiToken(request, AUTHOR);
  const read = await sendOneForApproval(request, secretary);
  const unread = await sendOneForApproval(request, secretary);
  // The demo patient has no address: the letter to be approved goes to them by post (approval checks every recipient is reachable).
  const lists = (await (await request.get(`/api/dictation/${read.id}/recipients`, auth(author))).json()) as {
    data: { to: { recipient: { type: string } }[] };
  };
  const patient = lists.data.to.find((e) => e.recipient.type === 'patient')!;
  const put = await request.put(`/api/dictation/${read.id}/recipients`, {
    ...auth(author),
    data: {
      to: [{ ...patient, email: '', address_lines: ['4 Mill Lane', 'Demoton', 'DM2 7QT'], channel: 'print', from_index: false }],
      cc: [],
    },
  });
  expect(put.status(), await put.text()).toBe(200);
  await openSignedIn(page, AUTHOR, `/dictation/${read.id}`);
  await expect(page.getByRole('textbox', { name: 'Letter' })).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(async () => ((await listOf(request, author, 'AUTHOR_APPROVAL')).find((r) => r.id === read.id) as { opened?: boolean })?.opened)
    .toBe(true);

  await page.goto('/AUTHOR_APPROVAL?paginate=30');
  await rows(page).filter({ hasText: read.reference }).getByRole('checkbox').check();
  await rows(page).filter({ hasText: unread.reference }).getByRole('checkbox').check();
  const bar = page.getByRole('toolbar', { name: 'Selected dictations' });
  await expect(bar.getByRole('button', { name: 'Approve 1 letter' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Return 2 letters to the typist' })).toBeVisible();
  await expect(bar).toContainText('1 of the 2 selected is not opened yet and left out of the approval');
  await expect(bar.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await bar.getByRole('button', { name: 'More actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/author-bulk-more-1024.png` });
  await page.keyboard.press('Escape');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/author-bulk-1024.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/author-bulk-390.png` });
  await page.setViewportSize({ width: 1024, height: 768 });

  const approving = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/dictation/approve');
  await bar.getByRole('button', { name: 'Approve 1 letter' }).click();
  const approved = await approving;
  expect(((await approved.json()) as { data: { approved: number[] } }).data.approved, await approved.text()).toEqual([read.id]);
  await expect(rows(page).filter({ hasText: read.reference })).toHaveCount(0, { timeout: 15_000 });
  await bar.getByRole('button', { name: 'Return 1 letter to the typist' }).click();
  const ask = page.getByRole('dialog', { name: 'Return 1 letter to the typist' });
  await ask.getByLabel(/Reason/).fill('Please add the echo result.');
  await ask.getByRole('button', { name: 'Return to the typist' }).click();
  await expect(rows(page).filter({ hasText: unread.reference })).toHaveCount(0, { timeout: 15_000 });
  const status = async (id: number) =>
    ((await (await request.get(`/api/dictation/${id}`, auth(author))).json()) as { data: { status: string } }).data.status;
  expect(await status(unread.id)).toBe('BEING_TYPED');
  expect(await status(read.id)).not.toBe('AUTHOR_APPROVAL');
});
