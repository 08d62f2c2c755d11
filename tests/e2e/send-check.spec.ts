import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectPath, openSignedIn, seriousViolations } from './helpers';
import { para, typedManualLetter } from './manual-letter';
import { apiToken, openRecordingTab, record, stopAndDescribe } from './recording';

/**
 * Issue 23, daily use: problems caught when the typist sends the letter, not when the author approves it;
 * notifications that say which letter; ▶ buttons named by what they play; the trainee's button; what a
 * submitted dictation did.
 */
test.describe.configure({ timeout: 240_000 });

const AUTHOR = 'author@wardnote.test';
const SECRETARY = 'secretary@wardnote.test';
const TRAINEE = 'trainee@wardnote.test';
const SHOTS = 'test-results/send-check';

const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
const letter = (page: Page) => page.getByRole('textbox', { name: 'Letter' });
const placeholder = (text: string, field: string) => ({ type: 'text', text, marks: [{ type: 'placeholder', attrs: { field } }] });
/** A patient the demo index does not know: no address, no e-mail, no GP. */
const UNA = { patient_first_name: 'Una', patient_last_name: 'NOWHERE', patient_nhs_id: '9998765021', patient_birthdate: '1950-11-22' };

async function statusOf(request: APIRequestContext, token: string, id: number): Promise<string> {
  return ((await (await request.get(`/api/dictation/${id}`, auth(token))).json()) as { data: { status: string } }).data.status;
}

test('the typist is told at send time: placeholders listed and focusable, unreachable recipients named; sending anyway needs a reason the author sees', async ({
  page,
  browser,
  request,
}) => {
  const secretary = await apiToken(request, SECRETARY);
  const { id, reference } = await typedManualLetter(
    request,
    secretary,
    [
      { type: 'paragraph', content: [{ type: 'text', text: 'Review in clinic on ' }, placeholder('[Clinic date]', 'clinic_date')] },
      ...['The echo is normal.', 'No change to the medication.', 'Blood pressure is well controlled.'].map((t) => para(t)),
      { type: 'paragraph', content: [{ type: 'text', text: 'Copy to ' }, placeholder('[GP practice]', 'gp_practice')] },
      ...['Please repeat the bloods in a month.', 'Yours sincerely,'].map((t) => para(t)),
    ],
    UNA,
  );

  await page.setViewportSize({ width: 1024, height: 768 });
  await openSignedIn(page, SECRETARY, `/dictation/${id}`);
  await expect(letter(page)).toContainText('Review in clinic on [Clinic date]');
  await page.getByRole('button', { name: 'Send for approval' }).click();

  const dialog = page.getByRole('dialog', { name: 'Before you send this letter' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('2 placeholders are not filled in. Choose one to go to it in the letter:')).toBeVisible();
  await expect(dialog.getByRole('list', { name: /not filled in/ }).getByRole('button')).toHaveText(['[Clinic date]', '[GP practice]']);
  await expect(dialog.getByRole('list', { name: /cannot reach/ })).toContainText(
    'The letter cannot reach the patient Una Nowhere: neither an e-mail nor a postal address is known.',
  );
  // Sending anyway needs a reason.
  await expect(dialog.getByRole('button', { name: 'Send anyway' })).toBeDisabled();
  expect(await seriousViolations(page, { exclude: '.ProseMirror' })).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/dialog-1024.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/dialog-390.png` });
  await page.setViewportSize({ width: 1024, height: 768 });

  // A placeholder chosen: the dialog closes and the cursor is on it in the letter, selected, so typing replaces it.
  await dialog.getByRole('button', { name: '[Clinic date]' }).click();
  await expect(dialog).toBeHidden();
  await expect(letter(page)).toBeFocused();
  await expect.poll(() => page.evaluate(() => window.getSelection()?.toString())).toBe('[Clinic date]');
  await page.keyboard.type('3 March');
  await expect(letter(page)).toContainText('Review in clinic on 3 March');

  // Sent again: what is left is listed; nothing went meanwhile.
  await page.getByRole('button', { name: 'Send for approval' }).click();
  await expect(dialog.getByRole('list', { name: /not filled in/ }).getByRole('button')).toHaveText(['[GP practice]']);
  await dialog
    .getByLabel('Reason for sending it anyway (the author sees it on top of the letter)')
    .fill('The GP practice is being confirmed.');
  await dialog.getByRole('button', { name: 'Send anyway' }).click();
  await expectPath(page, /\/[A-Z_]*$/);
  const authorToken = await apiToken(request, AUTHOR);
  await expect.poll(() => statusOf(request, authorToken, id), { timeout: 30_000 }).toBe('AUTHOR_APPROVAL');

  // The author sees what was wrong and why it came anyway, on top of the letter.
  const authorContext = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const author = await authorContext.newPage();
  await openSignedIn(author, AUTHOR, `/dictation/${id}`);
  await expect(author.getByTestId('sent-anyway-notice')).toHaveText(
    'Jenny Walsh sent this letter with 2 problems: Unfilled placeholder [GP practice]; The letter cannot reach the patient Una Nowhere: neither an e-mail nor a postal address is known. Their reason: The GP practice is being confirmed.',
  );
  expect(await seriousViolations(author, { exclude: '.ProseMirror' })).toEqual([]);
  await author.screenshot({ path: `${SHOTS}/author-notice-1024.png` });
  await author.setViewportSize({ width: 390, height: 844 });
  await author.screenshot({ path: `${SHOTS}/author-notice-390.png` });
  await author.setViewportSize({ width: 1024, height: 768 });

  // Seven paragraphs typed with no audio position: one ▶, named by what it plays — not seven alike.
  await expect(author.locator('button.paragraph-play')).toHaveCount(1);
  await expect(author.locator('button.paragraph-play')).toHaveAccessibleName('Play from 0:00');
  await expect(author.getByRole('button', { name: 'Play the dictation from the start' })).toHaveCount(0);

  // The bell says which letter: its reference, and the patient's initials (never the name).
  await author.getByRole('button', { name: /^Notifications/ }).click();
  const row = author.getByRole('dialog', { name: 'Notifications' }).locator('button[data-notification]').filter({ hasText: reference });
  await expect(row).toContainText(`A letter is waiting for your approval (ref ${reference})`);
  await expect(row.getByTestId('notification-patient')).toHaveText('Patient UN');
  await expect(row).not.toContainText(/Nowhere/i);
  expect(await seriousViolations(author, { include: '[role=dialog]', withTargets: true })).toEqual([]);
  await author.screenshot({ path: `${SHOTS}/bell-1024.png` });
  await authorContext.close();
});

test('a trainee’s letter goes to QA review first, and the button says so', async ({ page, request }) => {
  const trainee = await apiToken(request, TRAINEE);
  const { id } = await typedManualLetter(request, trainee, [para('The echo is normal.')]);
  await page.setViewportSize({ width: 1024, height: 768 });
  await openSignedIn(page, TRAINEE, `/dictation/${id}`);
  await expect(letter(page)).toContainText('The echo is normal.');
  await expect(page.getByRole('button', { name: 'Send for approval' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Send for QA review' }).click();
  // Arthur PENROSE is not in the demo's patient index: the send check says so; she sends it anyway.
  const dialog = page.getByRole('dialog', { name: 'Before you send this letter' });
  await expect(dialog).toContainText('The letter cannot reach the patient Arthur Penrose');
  await dialog.getByLabel(/^Reason for sending it anyway/).fill('The ward has the address.');
  await dialog.getByRole('button', { name: 'Send anyway' }).click();
  // Said once the server has it (a loaded test machine may take a while).
  await expect(page.getByText('Sent to QA review: your letters are checked before the author sees them.')).toBeVisible({
    timeout: 30_000,
  });
  await expect.poll(() => statusOf(request, trainee, id), { timeout: 30_000 }).toBe('QA_REVIEW');
});

test('submitting a dictation says what happened: sent while online, kept on the device while offline', async ({ page, context }) => {
  await openRecordingTab(page, AUTHOR, 3);
  await record(page, 3);
  await stopAndDescribe(page);
  await page.getByRole('button', { name: /Submit/ }).click();
  await expect(page.getByText('Sent.', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/as soon as there is a connection/)).toHaveCount(0);

  await page.goto('/record/3');
  await record(page, 3);
  await stopAndDescribe(page);
  await context.setOffline(true);
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: /Submit/ }).click();
  await expect(page.getByText('Saved on this device; it will be sent when you are back online.')).toBeVisible();
  await context.unroute('**/api/**');
  await context.setOffline(false);
});
