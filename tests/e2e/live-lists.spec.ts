import type { APIRequestContext, Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
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
const isStream = (r: Request) => new URL(r.url()).pathname === '/api/events';
const approvalList = '/AUTHOR_APPROVAL?sort_key=dictation_date&sort=desc';

/** The /api/events requests a page makes, each open until it finishes or fails (aborted, closed). */
function watchStreams(page: Page) {
  const open = new Set<Request>();
  let made = 0;
  page.on('request', (r) => {
    if (!isStream(r)) return;
    made++;
    open.add(r);
  });
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  return { open: () => open.size, made: () => made };
}

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

test('the tabs of one browser share one event stream, and another tab takes it over when the one holding it closes', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const first = await context.newPage();
  const firstStreams = watchStreams(first);
  await signIn(first, AUTHOR);
  await expectPath(first, /\/AUTHOR_APPROVAL$/);
  const opened = first.waitForResponse((r) => isStream(r.request()) && r.status() === 200);
  await first.goto(approvalList);
  await expect(rows(first).first()).toBeVisible();
  await opened;
  const second = await context.newPage();
  const secondStreams = watchStreams(second);
  await second.goto(approvalList);
  await expect(rows(second).first()).toBeVisible();

  const other = await browser.newContext();
  const secretary = await apiToken(other.request, SECRETARY);
  const { reference } = await sendOneForApproval(other.request, secretary);
  // Both tabs show the letter at once, on the first tab's one stream: the second tab opened none.
  for (const page of [first, second]) await expect(rows(page).filter({ hasText: reference })).toHaveCount(1, LIVE);
  expect(firstStreams.open()).toBe(1);
  expect(secondStreams.made()).toBe(0);

  // The first tab closes: the second opens the stream in its place and keeps showing changes live.
  await first.close();
  await expect.poll(() => secondStreams.open(), LIVE).toBe(1);
  const next = await sendOneForApproval(other.request, secretary);
  await expect(rows(second).filter({ hasText: next.reference })).toHaveCount(1, LIVE);
  expect(secondStreams.made()).toBe(1);
  await other.close();
  await context.close();
});
