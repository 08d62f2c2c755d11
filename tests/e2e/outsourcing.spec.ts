import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { seriousViolations, signIn } from './helpers';
import { apiToken } from './recording';

test.describe.configure({ timeout: 300_000 });

const MANAGER = 'manager@wardnote.test';
const OUTSOURCED = 'outsourced@wardnote.test';
const SHOTS = 'test-results/outsourcing';

const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

interface Row {
  id: number;
  reference: string;
  status: string;
}

async function listOf(request: APIRequestContext, token: string, status: string): Promise<Row[]> {
  const res = await request.get(`/api/dictation?status=${status}&paginate=30`, auth(token));
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { data: Row[] } }).data.data;
}

const letter = (page: Page) => page.getByRole('textbox', { name: 'Letter' });
const saved = (page: Page) => page.getByText(/^Saved( \d{2}:\d{2})?$/);

test('a manager outsources a dictation; the external typist sees only their pool’s work, types it and sends it back for review', async ({
  browser,
  request,
}) => {
  const managerToken = await apiToken(request, MANAGER);
  const externalToken = await apiToken(request, OUTSOURCED);
  const poolBefore = (await listOf(request, externalToken, 'OUTSOURCED')).map((r) => r.id);

  // The manager picks a dictation waiting for typing and sends it to the trust's pool.
  const manager = await (await browser.newContext({ viewport: { width: 1024, height: 768 } })).newPage();
  await signIn(manager, MANAGER);
  await expect(manager).toHaveURL(/READY_FOR_TYPING/);
  const row = manager
    .getByRole('row')
    .filter({ has: manager.getByRole('checkbox', { name: /^Select \d/ }) })
    .first();
  const reference = (await row.locator('span.font-mono').first().textContent())!.trim();
  await row.getByRole('checkbox').check();
  const bar = manager.getByRole('toolbar', { name: 'Selected dictations' });
  const picker = bar.getByLabel('Outsource to a typing pool');
  await expect(picker).toBeVisible();
  // The selection bar with the pool picker (a selected row's own colours are the list's, checked by its own tests).
  expect(await seriousViolations(manager, { include: '[role="toolbar"]', exclude: '.ProseMirror', withTargets: true })).toEqual([]);
  await manager.screenshot({ path: `${SHOTS}/manager-outsource-1024.png` });
  await manager.setViewportSize({ width: 390, height: 844 });
  await expect(picker).toBeVisible();
  await manager.screenshot({ path: `${SHOTS}/manager-outsource-390.png` });
  await manager.setViewportSize({ width: 1024, height: 768 });
  await picker.selectOption({ label: 'Typing Partners Ltd' });
  await expect(manager.getByText('1 dictation outsourced to Typing Partners Ltd.')).toBeVisible({ timeout: 15_000 });
  const outsourced = (await listOf(request, managerToken, 'OUTSOURCED')).find((r) => r.reference === reference)!;
  expect(outsourced).toBeDefined();

  // The external typist lands on their pool's queue: one tab, only the pool's dictations, no trust navigation.
  const ext = await (await browser.newContext({ viewport: { width: 1024, height: 768 } })).newPage();
  await signIn(ext, OUTSOURCED);
  await expect(ext).toHaveURL(/\/OUTSOURCED$/);
  const tabs = ext.getByRole('navigation', { name: 'Dictation status' }).getByRole('link');
  await expect(tabs).toHaveCount(1);
  await expect(tabs.first()).toHaveText(/^Outsourced/);
  const apiList = (await listOf(request, externalToken, 'OUTSOURCED')).map((r) => r.id);
  expect(apiList.sort()).toEqual([...poolBefore, outsourced.id].sort());
  await expect(ext.getByText(reference)).toBeVisible();
  await expect(ext.getByRole('link', { name: /upload/i })).toHaveCount(0);
  await expect(ext.getByRole('link', { name: /autotext/i })).toHaveCount(0);
  expect(await seriousViolations(ext, { exclude: '.ProseMirror', withTargets: true })).toEqual([]);
  await ext.screenshot({ path: `${SHOTS}/external-queue-1024.png` });
  await ext.setViewportSize({ width: 390, height: 844 });
  await expect(ext.getByText(reference)).toBeVisible();
  await ext.screenshot({ path: `${SHOTS}/external-queue-390.png` });
  await ext.setViewportSize({ width: 1024, height: 768 });
  // Another trust page is refused outright.
  await ext.goto('/uploaddictation');
  await expect(ext.getByText(/permission/i).first()).toBeVisible();
  await ext.goto('/OUTSOURCED');

  // Opening the dictation takes it for them; they type the letter and send it back for review.
  await ext.getByText(reference).click();
  await ext.getByRole('button', { name: 'Yes' }).click();
  await expect(ext).toHaveURL(new RegExp(`/dictation/${outsourced.id}$`));
  await expect(letter(ext)).toHaveAttribute('contenteditable', 'true', { timeout: 20_000 });
  await letter(ext).click();
  await ext.keyboard.press('Control+End');
  await ext.keyboard.type(' Typed by Typing Partners Ltd for the trust to check.');
  await expect(saved(ext)).toBeVisible({ timeout: 20_000 });
  expect(await seriousViolations(ext, { exclude: '.ProseMirror', withTargets: true })).toEqual([]);
  await ext.screenshot({ path: `${SHOTS}/external-page-1024.png` });
  await ext.setViewportSize({ width: 390, height: 844 });
  await ext.screenshot({ path: `${SHOTS}/external-page-390.png` });
  await ext.setViewportSize({ width: 1024, height: 768 });
  await ext.getByRole('button', { name: 'Send back for review' }).click();
  // Said once the server has it (issue 23: the hand-off's words wait for the server's answer).
  await expect(ext.getByText('Sent back for an in-house review.')).toBeVisible({ timeout: 30_000 });

  // Back in the trust: an in-house check waits in Outsourced Review, nobody assigned; the typist no longer sees it.
  await expect
    .poll(async () => (await listOf(request, managerToken, 'OUTSOURCED_REVIEW')).find((r) => r.id === outsourced.id)?.status, {
      timeout: 30_000,
    })
    .toBe('OUTSOURCED_REVIEW');
  expect((await request.get(`/api/dictation/${outsourced.id}`, auth(externalToken))).status()).toBe(404);
  await ext.goto('/OUTSOURCED');
  await expect(ext.getByRole('navigation', { name: 'Dictation status' }).getByRole('link')).toHaveText(
    new RegExp(`^Outsourced\\s*\\(?\\s*${poolBefore.length}\\b`),
  );
  await expect(ext.getByText(reference)).toHaveCount(0);
});
