import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectPath, signIn } from './helpers';
import { sendOneForApproval } from './letters-for-approval';
import { apiToken } from './recording';

/**
 * Live lists (issue 14): the author's open Home list, its tab count and the bell change as soon as a
 * secretary, in another browser, sends a letter for approval: no reload, no waiting for the
 * minute's list refresh or the bell's 30-second poll (the waits below are much shorter than those).
 */
test.describe.configure({ timeout: 120_000 });

const AUTHOR = 'author@wardnote.test';
const SECRETARY = 'secretary@wardnote.test';
/** Well inside the bell's 30 s poll and the lists' 60 s refresh. */
const LIVE = { timeout: 10_000 };

const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const rows = (page: Page) => page.getByRole('grid', { name: 'Dictations' }).locator('tbody tr');
const approvalTab = (page: Page) =>
  page.getByRole('navigation', { name: 'Dictation status' }).getByRole('link', { name: /^Author Approval[\s(]*\d+/ });
const countOf = async (page: Page) => Number((await approvalTab(page).textContent())!.replace(/\D/g, ''));
const unread = async (request: APIRequestContext, token: string) =>
  ((await (await request.get('/api/notification/notification_count', auth(token))).json()) as { data: number }).data;

test("a letter sent for approval appears in the author's open list, tab count and bell without a reload", async ({
  page,
  browser,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const authorToken = await apiToken(request, AUTHOR);
  await signIn(page, AUTHOR);
  await expectPath(page, /\/AUTHOR_APPROVAL$/);
  // Newest first, so a letter sent now is on the first page however long the queue has grown.
  const opened = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200);
  await page.goto('/AUTHOR_APPROVAL?sort_key=dictation_date&sort=desc');
  await expect(rows(page).first()).toBeVisible();
  await opened;
  const count = await countOf(page);
  const before = await unread(request, authorToken);
  await expect(bell(page)).toHaveAccessibleName(before ? `Notifications, ${before} unread` : 'Notifications');

  // In a second browser context the secretary sends a letter for approval.
  const other = await browser.newContext();
  const secretary = await apiToken(other.request, SECRETARY);
  const { reference } = await sendOneForApproval(other.request, secretary);

  await expect(bell(page)).toHaveAccessibleName(`Notifications, ${before + 1} unread`, LIVE);
  await expect(page.getByTestId('notification-badge')).toHaveText(String(before + 1), LIVE);
  await expect.poll(() => countOf(page), LIVE).toBe(count + 1);
  await expect(rows(page).filter({ hasText: reference })).toHaveCount(1, LIVE);

  // A burst (two letters at once) is taken in too.
  await sendOneForApproval(other.request, secretary);
  await sendOneForApproval(other.request, secretary);
  await expect(bell(page)).toHaveAccessibleName(`Notifications, ${before + 3} unread`, LIVE);
  await expect.poll(() => countOf(page), LIVE).toBe(count + 3);
  await other.close();
});
