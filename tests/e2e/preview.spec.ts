import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectPath, openSignedIn, seriousViolations } from './helpers';
import { para, typedManualLetter } from './manual-letter';
import { apiToken, waitForWorker } from './recording';

test.describe.configure({ timeout: 240_000 });

const SECRETARY = 'secretary@wardnote.test';
const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

/** A letter without audio, typed by the secretary: long enough (`notes` paragraphs) to run over pages. */
const typedLetter = (request: APIRequestContext, token: string, notes: number) =>
  typedManualLetter(request, token, [
    para('Thank you for referring Mr Penrose to the heart failure clinic.'),
    para('Bisoprolol 2.5 mg once daily, to continue.'),
    ...Array.from({ length: notes }, (_, i) =>
      para(`Further note ${i + 1}. He walks two miles on the flat without stopping and sleeps flat on one pillow. `.repeat(3)),
    ),
  ]);

test('Shift+P shows every page of the real PDF; offline the device copy, or "Preview not available"', async ({
  page,
  context,
  request,
}) => {
  const token = await apiToken(request, SECRETARY);
  const long = await typedLetter(request, token, 16);
  const never = await typedLetter(request, token, 0);
  // CSP violations and script errors end up in the console: pdf.js must cause none.
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || /Content Security Policy|Refused to/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));

  await page.setViewportSize({ width: 1024, height: 768 });
  await openSignedIn(page, SECRETARY, `/dictation/${long.id}`);
  await waitForWorker(context, page);
  await expectPath(page, `/dictation/${long.id}`);
  await expect(page.getByRole('button', { name: 'Preview' })).toBeVisible();
  // The button sits with the page's other letter actions, on a phone too.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Preview' })).toBeInViewport();
  await page.screenshot({ path: 'test-results/preview-button-390.png' });
  await page.setViewportSize({ width: 1024, height: 768 });
  const pdfJsBefore = await page.evaluate(
    () => performance.getEntriesByType('resource').filter((e) => /pdf-pages|pdf\.worker/.test(e.name)).length,
  );
  expect(pdfJsBefore).toBe(0);

  // Shift+P outside the letter opens the preview: every page drawn, its text readable.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Shift+P');
  const dialog = page.getByRole('dialog', { name: 'Letter preview' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('preview-summary')).toHaveText(/^[2-9] pages$/, { timeout: 30_000 });
  const total = Number((await dialog.getByTestId('preview-summary').textContent())!.split(' ')[0]);
  await expect(dialog.getByTestId('preview-page')).toHaveCount(total);
  // Our caption under each page, and the letter's own footer in its text layer.
  const captions = dialog.locator('figcaption');
  await expect(captions).toHaveText(Array.from({ length: total }, (_, i) => `Page ${i + 1} of ${total}`));
  await expect(dialog.locator('.textLayer').last()).toContainText(`Page ${total} of ${total}`);
  const pages = dialog.getByTestId('preview-pages');
  await expect(pages).toContainText('Bisoprolol 2.5 mg once daily', { timeout: 30_000 });
  await expect(pages).toContainText('Further note 16.');
  // The canvas holds the drawn page (not blank).
  const inked = await dialog
    .locator('canvas')
    .first()
    .evaluate((c: HTMLCanvasElement) => {
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i]! < 128 && data[i + 3]! > 0) dark++;
      return dark;
    });
  expect(inked).toBeGreaterThan(500);
  expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
  await page.screenshot({ path: 'test-results/preview-1024.png' });

  // The preview is in the audit trail as a preview, not as a download.
  const trail = await (await request.get(`/api/dictation/${long.id}/logs`, auth(token))).json();
  expect(JSON.stringify(trail)).toContain('Previewed letter (PDF)');
  expect(JSON.stringify(trail)).not.toContain('Downloaded letter (PDF)');

  // Download Word is the server's .docx (logged as a download).
  const [docx] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download Word' }).click()]);
  expect(docx.suggestedFilename()).toBe(`letter-${long.reference.replace(/[^A-Za-z0-9_-]/g, '')}.docx`);

  // A phone: the page fits the width and can be made larger.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(dialog.getByTestId('preview-page').first()).toBeVisible();
  const fits = await dialog
    .getByTestId('preview-page')
    .first()
    .evaluate((el) => el.getBoundingClientRect().width);
  expect(fits).toBeLessThanOrEqual(390);
  expect(fits).toBeGreaterThan(250);
  await dialog.getByRole('button', { name: 'Larger' }).click();
  await expect
    .poll(() =>
      dialog
        .getByTestId('preview-page')
        .first()
        .evaluate((el) => el.getBoundingClientRect().width),
    )
    .toBeGreaterThan(fits * 1.4);
  await dialog.getByRole('button', { name: 'Smaller' }).click();
  expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
  await page.screenshot({ path: 'test-results/preview-390.png' });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.setViewportSize({ width: 1024, height: 768 });

  // No connection: the copy kept on this device, and the preview says so.
  await context.setOffline(true);
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByTestId('preview-device-copy')).toHaveText(
    /^No connection: this is the copy kept on this device, rendered \d{1,2} \w{3} \d{4},? \d{2}:\d{2}\.$/,
    { timeout: 30_000 },
  );
  await expect(dialog.getByTestId('preview-summary')).toHaveText(`${total} pages`);
  await expect(pages).toContainText('Bisoprolol 2.5 mg once daily', { timeout: 30_000 });
  expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
  await page.screenshot({ path: 'test-results/preview-offline-1024.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/preview-offline-390.png' });
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1024, height: 768 });

  // A letter never previewed on this device: nothing to show without a connection.
  await context.unroute('**/api/**');
  await context.setOffline(false);
  await page.goto(`/dictation/${never.id}`);
  await expect(page.getByRole('button', { name: 'Preview' })).toBeVisible({ timeout: 30_000 });
  await context.setOffline(true);
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Shift+P');
  await expect(dialog.getByText('Preview not available', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByTestId('preview-page')).toHaveCount(0);
  expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
  await page.screenshot({ path: 'test-results/preview-not-available-1024.png' });
  await context.unroute('**/api/**');
  await context.setOffline(false);

  expect(problems.filter((p) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED|net::/.test(p))).toEqual([]);
});
