import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { openSignedIn, seriousViolations } from './helpers';
import { apiToken } from './recording';

test.describe.configure({ timeout: 300_000 });

const SECRETARY = 'secretary@wardnote.test';
const SHOTS = 'test-results/attachments';
const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

/** A small valid PDF, padded with spaces (after %%EOF, as readers allow) to `size` bytes. */
function pdf(size = 0): Buffer {
  const body = Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  );
  return size > body.length ? Buffer.concat([body, Buffer.alloc(size - body.length, 0x20)]) : body;
}

/** A dictation waiting for typing that has no attachments yet. */
async function dictationWithoutAttachments(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get('/api/dictation?status=READY_FOR_TYPING&paginate=30', auth(token));
  expect(res.status()).toBe(200);
  const rows = ((await res.json()) as { data: { data: { id: number }[] } }).data.data;
  for (const row of rows) {
    const list = await request.get(`/api/dictation/${row.id}/attachments`, auth(token));
    if (((await list.json()) as { data: unknown[] }).data.length === 0) return row.id;
  }
  throw new Error('no dictation without attachments');
}

test('a secretary attaches files to a dictation: refused ones say why, a dropped connection resumes, the file downloads and is removed', async ({
  page,
  request,
  context,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  const token = await apiToken(request, SECRETARY);
  const id = await dictationWithoutAttachments(request, token);

  await openSignedIn(page, SECRETARY, `/dictation/${id}`);
  await page.getByRole('tab', { name: 'Attachments' }).click();
  const tab = page.getByRole('tabpanel');
  await expect(tab.getByText('No attachments for this dictation')).toBeVisible();
  const files = tab.getByLabel('Files to attach');

  // Too large: refused in the browser before a byte is sent.
  let creations = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/uploads')) creations++;
  });
  await files.setInputFiles({ name: 'huge scan.pdf', mimeType: 'application/pdf', buffer: pdf(20 * 1024 * 1024 + 1) });
  await expect(tab.getByRole('alert')).toHaveText(
    "This file is larger than 20 MB and can't be attached. Send a smaller file or a scan at a lower resolution.",
  );
  expect(creations).toBe(0);
  await tab.getByRole('button', { name: 'Dismiss' }).click();

  // A program renamed .pdf: sent, then refused by the server with the reason; nothing is attached.
  const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('This program cannot be run in DOS mode.')]);
  await files.setInputFiles({ name: 'results.pdf', mimeType: 'application/pdf', buffer: exe });
  await expect(tab.getByRole('alert')).toHaveText("This file can't be attached: it looks like a program, not a document.");
  await expect(tab.getByText('No attachments for this dictation')).toBeVisible();
  await tab.getByRole('button', { name: 'Dismiss' }).click();

  // A 5 MB PDF whose second chunk is lost on the way: tus asks the server where it stands and goes on
  // from there, not from the start.
  const offsets: string[] = [];
  let cut = false;
  await page.route('**/api/uploads/*', async (route) => {
    const req = route.request();
    if (req.method() === 'PATCH') {
      offsets.push(req.headers()['upload-offset'] ?? '');
      if (!cut && req.headers()['upload-offset'] !== '0') {
        cut = true;
        return route.abort('internetdisconnected');
      }
    }
    return route.continue();
  });
  const big = pdf(5 * 1024 * 1024);
  await files.setInputFiles({ name: 'Discharge summary.pdf', mimeType: 'application/pdf', buffer: big });
  const row = tab.getByRole('list', { name: 'Attachments' }).getByRole('listitem');
  await expect(row).toHaveCount(1, { timeout: 60_000 });
  await expect(row).toContainText('Discharge summary.pdf');
  await expect(row).toContainText('5.0 MB · Jenny Walsh ·');
  expect(cut).toBe(true);
  const chunk = String(2 * 1024 * 1024);
  expect(offsets.filter((o) => o === chunk).length).toBe(2);
  expect(offsets.filter((o) => o === '0').length).toBe(1);
  await page.unroute('**/api/uploads/*');

  // A PNG too, then look at it at both sizes and check it with axe.
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
    Buffer.from('IHDR'),
    Buffer.alloc(13, 1),
  ]);
  await files.setInputFiles({ name: 'wound photo.png', mimeType: 'image/png', buffer: png });
  await expect(row).toHaveCount(2);
  expect(await seriousViolations(page, { exclude: '.ProseMirror' })).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/attachments-1024.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await tab.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/attachments-390.png` });
  expect(await seriousViolations(page, { exclude: '.ProseMirror' })).toEqual([]);
  await page.setViewportSize({ width: 1024, height: 768 });

  // Download: the stored bytes under the stored name.
  const [download] = await Promise.all([page.waitForEvent('download'), tab.getByRole('link', { name: 'Discharge summary.pdf' }).click()]);
  expect(download.suggestedFilename()).toBe('Discharge summary.pdf');
  const saved = await download.path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(saved).equals(big)).toBe(true);

  // Remove, after confirming.
  await tab.getByRole('button', { name: 'Remove wound photo.png' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Remove wound photo.png?');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Discharge summary.pdf');

  // Offline: the file waits, saying so, and goes by itself when the connection is back.
  await context.setOffline(true);
  await files.setInputFiles({ name: 'clinic letter.pdf', mimeType: 'application/pdf', buffer: pdf() });
  await expect(tab.getByText('No connection: the upload carries on by itself when the connection is back.')).toBeVisible();
  await context.setOffline(false);
  await expect(row).toHaveCount(2, { timeout: 60_000 });
  await expect(row.nth(1)).toContainText('clinic letter.pdf');
});
