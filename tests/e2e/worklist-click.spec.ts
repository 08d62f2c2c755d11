import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectPath, seriousViolations, signIn } from './helpers';
import { apiToken } from './recording';

/** Spec §4 "Clicking a search result" in the work queue, the detail side panel, and the Returned badge (issue 12). */

const AUTHOR = 'author@wardnote.test';
const SECRETARY = 'secretary@wardnote.test';
const SHOTS = 'test-results/worklist-click';

interface Row {
  id: number;
  reference: string;
  status: string;
  is_confidential: boolean;
  assigned_to: { user_id: number; full_name: string } | null;
  return_reason: string | null;
  secretarial_cover: boolean;
  opened: boolean | null;
}

const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
const rows = (page: Page) => page.getByRole('grid', { name: 'Dictations' }).locator('tbody tr');

async function listOf(request: APIRequestContext, token: string, tab: string): Promise<Row[]> {
  const res = await request.get(`/api/dictation?status=${tab}&paginate=30`, auth(token));
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { data: Row[] } }).data.data;
}

/** Whether a typed letter exists, read as the offline prefetch does (which does not count as opening it). */
async function hasLetter(request: APIRequestContext, token: string, id: number): Promise<boolean> {
  const res = await request.get(`/api/dictation/${id}/letter`, { headers: { ...auth(token).headers, 'x-wardnote-prefetch': '1' } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { version: number } }).data.version > 0;
}

async function myId(request: APIRequestContext, token: string): Promise<number> {
  const body = (await (await request.get('/api/user', auth(token))).json()) as { data?: { id: number }; id?: number };
  return (body.data?.id ?? body.id)!;
}

async function dictationOf(request: APIRequestContext, token: string, id: number) {
  return (
    (await (await request.get(`/api/dictation/${id}`, auth(token))).json()) as { data: { status: string; secretarial_cover?: boolean } }
  ).data;
}

/** The queue of one tab narrowed to one reference, as a user would search for it. */
async function showOnly(page: Page, tab: string, reference: string) {
  await page.goto(`/${tab}?search=${reference}`);
  await expect(rows(page).filter({ hasText: reference })).toHaveCount(1);
  return rows(page).filter({ hasText: reference });
}

const confirmDialog = (page: Page) => page.getByRole('alertdialog', { name: 'Do you want to be redirected?' });

test('an author clicks a letter waiting for approval: asked first, Cancel cancels, Yes opens the dictation page', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  const token = await apiToken(request, AUTHOR);
  const row = (await listOf(request, token, 'AUTHOR_APPROVAL'))[0]!;
  await signIn(page, AUTHOR);
  await expectPath(page, '/AUTHOR_APPROVAL');
  const target = await showOnly(page, 'AUTHOR_APPROVAL', row.reference);

  await target.click();
  await expect(confirmDialog(page)).toBeVisible();
  await confirmDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Action has been cancelled.')).toBeVisible();
  await expect(page).toHaveURL(/\/AUTHOR_APPROVAL\?search=/);

  // The keyboard does the same as the mouse.
  await target.focus();
  await page.keyboard.press('Enter');
  await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
  await expectPath(page, `/dictation/${row.id}`);

  // A draft opens on the draft page.
  const draft = (await listOf(request, token, 'DRAFT'))[0]!;
  await (await showOnly(page, 'DRAFT', draft.reference)).click();
  await expect(confirmDialog(page)).toContainText('opens as a draft');
  await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
  await expectPath(page, `/draftdictation/${draft.id}`);
});

test('a secretary clicks a letter someone else is typing: the detail panel, with its tabs; Escape closes it back to the row', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, SECRETARY);
  const me = await myId(request, token);
  const row = (await listOf(request, token, 'BEING_TYPED')).find((r) => r.assigned_to && r.assigned_to.user_id !== me)!;
  expect(row).toBeTruthy();
  await page.setViewportSize({ width: 1024, height: 768 });
  await signIn(page, SECRETARY);
  await expectPath(page, '/READY_FOR_TYPING');
  const target = await showOnly(page, 'BEING_TYPED', row.reference);

  await target.click();
  const panel = page.getByRole('dialog', { name: row.reference });
  await expect(panel).toBeVisible();
  await expect(confirmDialog(page)).toHaveCount(0);
  await expect(panel.getByText('Being Typed', { exact: true })).toBeVisible();
  await expect(panel.getByText(row.assigned_to!.full_name)).toBeVisible();
  const tabs = panel.getByRole('tablist', { name: 'Dictation information' }).getByRole('tab');
  await expect(tabs).toHaveText(['Comments', 'Audit trail', 'Versions', 'Attachments']);
  await expect(panel.getByRole('tabpanel')).toContainText(/No comment\(s\) for this dictation|Add a comment/);
  await panel.getByRole('tab', { name: 'Audit trail' }).click();
  await expect(panel.getByRole('tabpanel')).toContainText(/Submitted for typing|No audit trail for this dictation/);
  await panel.getByRole('tab', { name: 'Versions' }).click();
  await expect(panel.getByRole('tabpanel')).toContainText(/Version \d|No version available for this dictation/);
  await panel.getByRole('tab', { name: 'Attachments' }).click();
  const attachments = panel.getByRole('tabpanel');
  await expect(
    attachments.getByText('No attachments for this dictation').or(attachments.getByRole('list', { name: 'Attachments' })),
  ).toBeVisible();
  await panel.getByRole('tab', { name: 'Comments' }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/panel-1024.png` });

  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(target).toBeFocused();
  await expect(page).toHaveURL(/\/BEING_TYPED\?search=/);

  // On a phone: a full-screen sheet, from the card.
  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.getByRole('list', { name: 'Dictations' }).getByRole('listitem').filter({ hasText: row.reference });
  await card.focus();
  await page.keyboard.press('Enter');
  await expect(panel).toBeVisible();
  const box = (await panel.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(380);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/panel-390.png` });
  await panel.getByRole('button', { name: 'Close the details' }).click();
  await expect(panel).toHaveCount(0);
  await expect(card).toBeFocused();
});

test('an author clicks their dictation waiting for typing: Yes takes it back for approval (secretarial cover), then opens it', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  const token = await apiToken(request, AUTHOR);
  const row = (await listOf(request, token, 'READY_FOR_TYPING')).find((r) => !r.is_confidential)!;
  expect(row).toBeTruthy();
  await signIn(page, AUTHOR);
  await expectPath(page, '/AUTHOR_APPROVAL');
  const target = await showOnly(page, 'READY_FOR_TYPING', row.reference);
  await target.click();
  await expect(confirmDialog(page)).toContainText('comes back to you from typing first');
  await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
  await expectPath(page, `/dictation/${row.id}`);
  const after = await dictationOf(request, token, row.id);
  expect(after.status).toBe('AUTHOR_APPROVAL');
  expect((await listOf(request, token, 'AUTHOR_APPROVAL')).find((r) => r.id === row.id)?.secretarial_cover).toBe(true);
});

test('a letter the author sent back shows "Returned" with the reason in the typist’s list', async ({ page, request }) => {
  const authorToken = await apiToken(request, AUTHOR);
  const secretaryToken = await apiToken(request, SECRETARY);
  const me = await myId(request, secretaryToken);
  const row = (await listOf(request, authorToken, 'AUTHOR_APPROVAL')).find((r) => r.assigned_to?.user_id === me && !r.is_confidential)!;
  expect(row).toBeTruthy();
  const reason = 'Please check the dose of bisoprolol in the plan';
  const returned = await request.post(`/api/dictation/${row.id}/transition`, {
    ...auth(authorToken),
    data: { action: 'return_for_typing', reason },
  });
  expect(returned.status()).toBe(200);

  await page.setViewportSize({ width: 1024, height: 768 });
  await signIn(page, SECRETARY);
  await expectPath(page, '/READY_FOR_TYPING');
  const target = await showOnly(page, 'BEING_TYPED', row.reference);
  const badge = target.getByText('Returned', { exact: false });
  await expect(badge).toBeVisible();
  await expect(target.locator('[title^="Returned: "]')).toHaveAttribute('title', `Returned: ${reason}`);
  await expect(target).toContainText(reason); // the screen reader's text (sr-only)
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/returned-1024.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.getByRole('list', { name: 'Dictations' }).getByRole('listitem').filter({ hasText: row.reference });
  await expect(card.getByText('Returned')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/returned-390.png` });
});

test('batch approval from the approval list takes only the letters the author has opened', async ({ page, request }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  const token = await apiToken(request, AUTHOR);
  // Letters typed and not yet opened (another test may have taken back a dictation with no letter yet).
  const unopened: Row[] = [];
  for (const r of await listOf(request, token, 'AUTHOR_APPROVAL'))
    if (!r.is_confidential && r.opened === false && (await hasLetter(request, token, r.id))) unopened.push(r);
  expect(unopened.length).toBeGreaterThanOrEqual(2);
  const [read, unread] = unopened as [Row, Row];
  await signIn(page, AUTHOR);
  await expectPath(page, '/AUTHOR_APPROVAL');

  // Neither opened yet: nothing to approve, and the note says why.
  await page.goto(`/AUTHOR_APPROVAL?search=${read.reference}`);
  await rows(page).filter({ hasText: read.reference }).getByRole('checkbox').check();
  const group = page.getByRole('group', { name: 'Review together' });
  await expect(group).toContainText('Open it first to approve it');
  await expect(group.getByRole('button', { name: /^Approve/ })).toHaveCount(0);

  // The author reads one of them.
  await page.goto(`/dictation/${read.id}`);
  await expect(page.getByRole('textbox', { name: 'Letter' })).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await listOf(request, token, 'AUTHOR_APPROVAL')).find((r) => r.id === read.id)?.opened).toBe(true);

  // Both selected: the unread one is left out of the approval, and the note says so.
  await page.goto('/AUTHOR_APPROVAL?paginate=30');
  await rows(page).filter({ hasText: read.reference }).getByRole('checkbox').check();
  await rows(page).filter({ hasText: unread.reference }).getByRole('checkbox').check();
  await expect(group).toContainText('1 of the 2 selected is not opened yet and left out of the approval');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/batch-approval-1024.png` });
  await group.getByRole('button', { name: 'Approve 1 letter' }).click();
  await expect(rows(page).filter({ hasText: read.reference })).toHaveCount(0, { timeout: 15_000 });
  await expect(rows(page).filter({ hasText: unread.reference })).toHaveCount(1);
  expect((await dictationOf(request, token, unread.id)).status).toBe('AUTHOR_APPROVAL');
  expect((await dictationOf(request, token, read.id)).status).not.toBe('AUTHOR_APPROVAL');
});
