import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectPath, recordSentBodies, seriousViolations, signIn } from './helpers';
import { sendOneForApproval } from './letters-for-approval';
import { apiToken } from './recording';

/** The notification bell and panel (issue 14, spec §2, §4, §5). */
test.describe.configure({ timeout: 180_000 });

const AUTHOR = 'author@wardnote.test';
const SECRETARY = 'secretary@wardnote.test';
const SHOTS = 'test-results/notifications';

const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });
const rows = (page: Page) => panel(page).locator('button[data-notification]');
const unread = async (request: APIRequestContext, token: string) =>
  ((await (await request.get('/api/notification/notification_count', auth(token))).json()) as { data: number }).data;

test('the author hears of a letter sent for approval: badge, panel, keyboard, opening it, mark all as read', async ({
  page,
  browser,
  request,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  const markedRead = await recordSentBodies(page, '/api/notification/mark_as_read');
  const authorToken = await apiToken(request, AUTHOR);
  await signIn(page, AUTHOR);
  await expectPath(page, /\/AUTHOR_APPROVAL$/);
  const before = await unread(request, authorToken);
  await expect(bell(page)).toHaveAccessibleName(before ? `Notifications, ${before} unread` : 'Notifications');

  // In a second browser context the secretary sends two letters for approval.
  const other = await browser.newContext();
  const secretary = await apiToken(other.request, SECRETARY);
  await sendOneForApproval(other.request, secretary);
  const { id: newest } = await sendOneForApproval(other.request, secretary);
  await other.close();

  await page.reload();
  await expect(bell(page)).toHaveAccessibleName(`Notifications, ${before + 2} unread`);
  await expect(page.getByTestId('notification-badge')).toHaveText(String(before + 2));
  await page.screenshot({ path: `${SHOTS}/bell-1024.png` });

  await bell(page).click();
  await expect(panel(page)).toBeVisible();
  await expect(rows(page).first()).toContainText('A letter is waiting for your approval');
  // Infinite scroll: the end message shows once every page is loaded (earlier tests may have left more than one).
  await expect(async () => {
    await rows(page).last().scrollIntoViewIfNeeded();
    await expect(panel(page).getByText(/all caught up|No notifications/)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await rows(page).first().scrollIntoViewIfNeeded();
  expect(await seriousViolations(page, { include: '[role=dialog]' })).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/panel-1024.png` });

  // Up and down move through the notifications; Enter opens the focused one.
  await rows(page).first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(rows(page).nth(1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(rows(page).first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expectPath(page, `/dictation/${newest}`);
  await expect(panel(page)).toBeHidden();
  await expect(bell(page)).toHaveAccessibleName(`Notifications, ${before + 1} unread`);

  // Mark all as read clears the badge.
  await page.setViewportSize({ width: 390, height: 844 });
  await bell(page).click();
  await expect(rows(page).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/panel-390.png` });
  // Spec §5: every loaded id goes, the one just opened (read) too.
  const loaded = await rows(page).evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-notification'))));
  await expect(rows(page).filter({ hasNotText: '(unread)' }).first()).toBeVisible();
  await panel(page).getByRole('button', { name: 'Mark all as read' }).click();
  await expect.poll(async () => (await markedRead()).at(-1)).toEqual({ notificationIds: loaded });
  await expect(panel(page).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);
  expect(await unread(request, authorToken)).toBe(0);
});

test('the bell is for Author, Secretary and Manager only', async ({ page, browser }) => {
  await signIn(page, 'superadmin@wardnote.test');
  await expect(page.getByTestId('user-full-name')).toBeVisible();
  await expect(bell(page)).toHaveCount(0);
  for (const who of [SECRETARY, 'manager@wardnote.test']) {
    const other = await browser.newContext();
    const theirs = await other.newPage();
    await signIn(theirs, who);
    await expectPath(theirs, /\/READY_FOR_TYPING$/);
    await expect(bell(theirs)).toBeVisible();
    await other.close();
  }
});

/** A notification as the API lists it. */
const item = (id: number, title: string, urgent: boolean) => ({
  id,
  title,
  body: `${title}, the body`,
  read_at: null,
  created_at: '2026-11-27T09:00:00.000Z',
  dictation_status_identifier: 'new_task',
  dictation: { id: 9000 + id, urgent },
});

test('the panel’s clinic code, clinician and urgency filters change what is listed', async ({ page }) => {
  // The server's filtering has its API tests; here the list answers by the filters the panel sends.
  const asked: URLSearchParams[] = [];
  await page.route('**/api/notification?*', (route) => {
    const q = new URL(route.request().url()).searchParams;
    asked.push(q);
    const data = q.get('search')
      ? [item(3, 'Clinic CAR-OP1 letter', false)]
      : q.get('clinician')
        ? [item(4, 'Letter by the chosen clinician', false)]
        : q.get('urgent') === 'true'
          ? [item(2, 'Urgent letter', true)]
          : [item(1, 'Routine letter', false), item(2, 'Urgent letter', true)];
    return route.fulfill({ json: { data: { data, current_page: 1, last_page: 1, per_page: 10, total: data.length } } });
  });
  await signIn(page, 'manager@wardnote.test');
  await expectPath(page, /\/READY_FOR_TYPING$/);
  await bell(page).click();
  await expect(rows(page)).toHaveText([/Routine letter/, /Urgent letter/]);

  await panel(page).getByLabel('Urgency').selectOption('true');
  await expect(rows(page)).toHaveText([/Urgent letter/]);
  expect(asked.at(-1)!.get('urgent')).toBe('true');
  await panel(page).getByLabel('Urgency').selectOption('all');
  await expect(rows(page)).toHaveCount(2);

  const clinician = panel(page).getByLabel('Clinician');
  await expect(clinician.locator('option')).not.toHaveCount(1); // the authors list has loaded
  const author = clinician.locator('option').nth(1);
  const authorId = await author.getAttribute('value');
  await clinician.selectOption(authorId!);
  await expect(rows(page)).toHaveText([/Letter by the chosen clinician/]);
  expect(asked.at(-1)!.get('clinician')).toBe(authorId);
  await clinician.selectOption('');
  await expect(rows(page)).toHaveCount(2);

  await panel(page).getByLabel('Clinic code').fill('CAR-OP1');
  await expect(rows(page)).toHaveText([/Clinic CAR-OP1 letter/]);
  expect(asked.at(-1)!.get('search_key')).toBe('clinic_code');
  expect(asked.at(-1)!.get('search')).toBe('CAR-OP1');
});

test('a failed mark-read shows the server’s message as a warning; e-mail settings are saved in the preferences', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  const other = await browser.newContext();
  await sendOneForApproval(other.request, await apiToken(other.request, SECRETARY));
  await other.close();

  await signIn(page, AUTHOR);
  await expectPath(page, /\/AUTHOR_APPROVAL$/);
  await page.route('**/api/notification/mark_as_read', (route) =>
    route.fulfill({
      status: 422,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Those notifications could not be marked as read.', code: 'validation' }),
    }),
  );
  await bell(page).click();
  await rows(page).first().click();
  await expect(page.getByText('Those notifications could not be marked as read.')).toBeVisible();
  await expectPath(page, /\/AUTHOR_APPROVAL$/);
  await page.keyboard.press('Escape');

  await page.goto('/preference');
  const section = page.getByRole('region', { name: 'E-mail notifications' });
  await section.getByRole('checkbox', { name: 'Letters waiting for my approval' }).check();
  await section.getByRole('button', { name: 'Save e-mail settings' }).click();
  await expect(page.getByText('E-mail notification settings saved.')).toBeVisible();
  await page.reload();
  await expect(section.getByRole('checkbox', { name: 'Letters waiting for my approval' })).toBeChecked();
  await expect(section.getByRole('checkbox', { name: 'Letters sent' })).not.toBeChecked();
  expect(await seriousViolations(page, { include: 'section[aria-labelledby=email-notifications-title]' })).toEqual([]);
  await section.screenshot({ path: `${SHOTS}/email-settings-1024.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/email-settings-390.png` });
});
