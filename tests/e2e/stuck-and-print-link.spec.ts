import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectPath, openSignedIn, seriousViolations } from './helpers';
import { para, typedManualLetter } from './manual-letter';
import { apiToken } from './recording';

/**
 * Issue 13 in the browser: the Manager's stuck-letter count on the Manual distribution tab, and a print
 * link copied from the letter preview opening the letter's PDF in a browser that is not signed in.
 */

test.describe.configure({ timeout: 180_000 });

const SECRETARY = 'secretary@wardnote.test';
const MANAGER = 'manager@wardnote.test';
const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

/** A typed letter for the demo patient, started by the secretary as a manual letter. */
const typedLetter = (request: APIRequestContext, token: string) => typedManualLetter(request, token, [para('Printed from a link.')]);

test('a Manager sees how many approved letters are stuck on the Manual distribution tab', async ({ page, request }) => {
  const token = await apiToken(request, MANAGER);
  const stuck = (await (await request.get('/api/stuck-letters', auth(token))).json()) as { data: { total: number } };
  await openSignedIn(page, MANAGER, '/MANUAL_DISTRIBUTION');
  await expectPath(page, '/MANUAL_DISTRIBUTION');
  const notice = page.getByTestId('stuck-letters');
  // The demo's Manual distribution letters were approved days ago with copies still waiting.
  expect(stuck.data.total).toBeGreaterThan(0);
  await expect(notice).toContainText(
    `${stuck.data.total === 1 ? '1 approved letter has' : `${stuck.data.total} approved letters have`} not reached every recipient within 24 hours`,
  );
  expect(await seriousViolations(page, { include: '[data-testid="stuck-letters"]' })).toEqual([]);
});

test('a Secretary copies a print link from the preview; it opens the PDF without signing in, and an altered one says so', async ({
  page,
  browser,
  request,
}) => {
  const letter = await typedLetter(request, await apiToken(request, SECRETARY));
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await openSignedIn(page, SECRETARY, `/dictation/${letter.id}`);
  await expectPath(page, `/dictation/${letter.id}`);
  await page.getByRole('button', { name: 'Preview' }).click();
  const dialog = page.getByRole('dialog', { name: 'Letter preview' });
  await dialog.getByRole('button', { name: 'Print link' }).click();
  const field = dialog.getByRole('textbox', { name: 'Print link' });
  await expect(field).toHaveValue(/\/renderdocument\?d=\d+&v=\d+&u=\d+&s=\d+&exp=\d+&sig=/);
  expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
  const link = await field.inputValue();

  // A browser with no session (a print room's): the PDF is fetched and handed to its viewer.
  const printRoom = await browser.newContext({ serviceWorkers: 'block' });
  const printer = await printRoom.newPage();
  const pdf = printer.waitForResponse((r) => r.url().includes('/api/renderdocument?'));
  await printer.goto(link);
  const answer = await pdf;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/pdf');

  // An altered link: the page says so in words.
  const altered = await printRoom.newPage();
  await altered.goto(link.replace(/sig=[^&]+/, 'sig=forged'));
  await expect(altered.getByRole('alert')).toHaveText('This print link is not valid. Ask for a new print link from the letter.');
  expect(await seriousViolations(altered, { include: 'main' })).toEqual([]);
  await printRoom.close();
});
