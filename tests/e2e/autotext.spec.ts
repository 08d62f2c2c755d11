import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { MESSAGES } from '../../src/domain/messages';
import { openSignedIn, seriousViolations, signIn as signInOnly } from './helpers';

const SHOTS = process.env.AUTOTEXT_SHOTS_DIR;

// Several dialogs and round trips per test: room for a loaded two-core machine.
test.describe.configure({ timeout: 150_000 });

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** An xlsx written here, as a spreadsheet program would: three good rows and two bad ones. */
function importFixture(prefix = ''): string {
  const book = XLSX.utils.book_new();
  const sheet = XLSX.utils.aoa_to_sheet([
    ['Shortcut', 'Title', 'Body'],
    [`${prefix}imp1`, 'Imported one', 'I will see {{patient_first_name}} in three months.'],
    ['', 'No shortcut here', 'Some text'],
    [`${prefix}imp2`, 'Imported two', 'Blood tests are normal.'],
    [`${prefix}IMP1`, 'Same again', 'Repeated shortcut'],
    [`${prefix}imp3`, 'Imported three', '<b>not bold</b>'],
  ]);
  XLSX.utils.book_append_sheet(book, sheet, 'Autotext');
  const file = path.join(tmpdir(), `autotext-e2e-${prefix}${process.pid}.xlsx`);
  writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
  return file;
}

/** Signs in and waits for the landing page, so the next navigation is not raced by the sign-in. */
async function signIn(page: Page, email: string) {
  await signInOnly(page, email);
  await expect(page.getByTestId('user-full-name')).toBeVisible();
}

const table = (page: Page) => page.getByRole('table', { name: 'Autotext' });

test('a manager creates, edits and deletes an autotext; the text stays text', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await signIn(page, 'manager@wardnote.test');
  await page.getByRole('link', { name: 'Autotext' }).click();
  await expect(page.getByRole('heading', { name: 'Autotext', level: 1 })).toBeVisible();
  await expect(table(page).getByRole('row', { name: /fu6/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'list-1024');

  // Create, with a merge field from its button and markup in the text.
  await page.getByRole('button', { name: 'New autotext' }).click();
  const dialog = page.getByRole('dialog', { name: 'New autotext' });
  await dialog.getByLabel('Shortcut', { exact: true }).fill('e2e1');
  await dialog.getByLabel('Title', { exact: true }).fill('End-to-end');
  await dialog.getByLabel('Text', { exact: true }).fill('<img src=x onerror="window.__hit=1"> Seen with ');
  await dialog.getByRole('button', { name: 'Insert Patient name' }).click();
  await expect(dialog.getByLabel('Text', { exact: true })).toHaveValue('<img src=x onerror="window.__hit=1"> Seen with {{patient_name}}');
  expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
  await shot(page, 'form-1024');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Autotext “e2e1” saved.')).toBeVisible();
  await page.getByLabel('Search autotext').fill('e2e1');
  const row = table(page).getByRole('row', { name: /e2e1/ });
  await expect(row).toContainText('<img src=x onerror="window.__hit=1"> Seen with Patient name');
  await expect(row.locator('img')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __hit?: number }).__hit)).toBeUndefined();

  // A second with the same shortcut is refused beside the field.
  await page.getByRole('button', { name: 'New autotext' }).click();
  await page.getByRole('dialog').getByLabel('Shortcut', { exact: true }).fill('E2E1');
  await page.getByRole('dialog').getByLabel('Title', { exact: true }).fill('Again');
  await page.getByRole('dialog').getByLabel('Text', { exact: true }).fill('x');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog').getByText(MESSAGES.autotextDuplicateExisting('whole trust')).first()).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  // Edit.
  await row.getByRole('button', { name: 'Edit e2e1' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit autotext “e2e1”' });
  await edit.getByLabel('Title', { exact: true }).fill('End-to-end, edited');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('End-to-end, edited');

  // Delete: cancelling says so; confirming removes it.
  await row.getByRole('button', { name: 'Delete e2e1' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText(MESSAGES.cancelledTitle, { exact: true })).toBeVisible();
  await expect(page.getByText(MESSAGES.cancelledBody)).toBeVisible();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Delete e2e1' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(MESSAGES.autotextDeleted)).toBeVisible();
  await expect(page.getByText('No autotext matching “e2e1” found.')).toBeVisible();
});

test('importing an xlsx previews two bad rows with their reasons and adds the three good ones', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openSignedIn(page, 'manager@wardnote.test', '/autotext');
  await expect(page.getByTestId('user-full-name')).toBeVisible();
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import autotext' });

  // Another kind of file is refused by its name, before it is read.
  await dialog
    .getByLabel('Spreadsheet to import')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(dialog.getByRole('alert')).toHaveText(MESSAGES.autotextImportFileType('notes.txt'));
  // A file whose content is not what its name says is refused too.
  await dialog
    .getByLabel('Spreadsheet to import')
    .setInputFiles({ name: 'renamed.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('shortcut,title,body') });
  await expect(dialog.getByRole('alert')).toHaveText(MESSAGES.autotextImportFileContent('renamed.xlsx'));

  await dialog.getByLabel('Spreadsheet to import').setInputFiles(importFixture());
  await expect(dialog.getByRole('status')).toContainText('3 rows ready to import, 2 rows with problems');
  await expect(dialog.getByTestId('import-row-3')).toContainText(MESSAGES.autotextShortcutMissing);
  await expect(dialog.getByTestId('import-row-5')).toContainText(MESSAGES.autotextDuplicateInFile(2));
  await expect(dialog.getByTestId('import-row-6')).toContainText('<b>not bold</b>');
  expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
  await shot(page, 'import-preview-1024');

  await dialog.getByRole('button', { name: 'Import 3 rows' }).click();
  await expect(dialog.getByText('3 autotexts imported, 2 rows skipped.')).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Skipped rows' })).toContainText(`Row 3: ${MESSAGES.autotextShortcutMissing}`);
  await shot(page, 'import-report-1024');
  await dialog.getByRole('button', { name: 'Done' }).click();

  await page.getByLabel('Search autotext').fill('imp');
  await expect(table(page).locator('tbody tr')).toHaveCount(3);
  await expect(table(page).getByRole('row', { name: /imp3/ })).toContainText('<b>not bold</b>');
});

test('at 390x844 the list, the form and the import preview fit the phone and pass axe', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openSignedIn(page, 'manager@wardnote.test', '/autotext');
  await expect(page.getByTestId('user-full-name')).toBeVisible();
  const list = page.getByRole('list', { name: 'Autotext' });
  await expect(list.getByText('fu6', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'list-390');

  await page.getByRole('button', { name: 'New autotext' }).click();
  await expect(page.getByRole('dialog', { name: 'New autotext' })).toBeVisible();
  await shot(page, 'form-390');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import autotext' });
  await dialog.getByLabel('Spreadsheet to import').setInputFiles(importFixture('m'));
  await expect(dialog.getByTestId('import-row-3')).toContainText(MESSAGES.autotextShortcutMissing);
  await expect(dialog.getByTestId('import-row-2')).toContainText('Ready');
  expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
  await shot(page, 'import-preview-390');
});

test('a secretary keeps only her own autotext: shared ones are read-only', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openSignedIn(page, 'secretary@wardnote.test', '/autotext');
  await expect(page.getByTestId('user-full-name')).toBeVisible();
  // Not in her menu (on this page either): she opens the page by its address.
  await expect(page.getByRole('link', { name: 'Autotext' })).toHaveCount(0);
  await expect(table(page).getByRole('row', { name: /fu6/ })).toBeVisible();
  await expect(table(page).getByRole('button', { name: 'Edit fu6' })).toHaveCount(0);
  await expect(table(page).getByRole('button', { name: 'Edit tq' })).toBeVisible();
  await page.getByRole('button', { name: 'New autotext' }).click();
  await expect(page.getByRole('dialog').getByLabel('Who can use it')).toHaveText('Only me');
});

test('the popup (700x500) sends the chosen autotext to the page that opened it', async ({ page, context }) => {
  await signIn(page, 'secretary@wardnote.test');
  // The opener side of the channel, as the dictation page's bridge listens.
  await page.evaluate(() => {
    const channel = new BroadcastChannel('wardnote-autotext');
    (window as unknown as { received: unknown[] }).received = [];
    channel.onmessage = (e: MessageEvent<{ type: string; target: string; shortcut: string }>) => {
      if (e.data.type !== 'insert' || e.data.target !== 'page-1') return;
      (window as unknown as { received: unknown[] }).received.push(e.data);
      channel.postMessage({ type: 'inserted', target: 'page-1', shortcut: e.data.shortcut });
    };
  });
  const popup = await context.newPage();
  await popup.setViewportSize({ width: 700, height: 500 });
  await popup.goto('/autotextpopup?target=page-1');
  await expect(popup.getByRole('heading', { name: 'Autotext' })).toBeVisible();
  await expect(popup.getByRole('navigation')).toHaveCount(0); // plain layout
  await popup.getByRole('combobox', { name: 'Search autotext' }).fill('dw');
  await expect(popup.getByRole('option').first()).toContainText('Dear doctor');
  expect(await seriousViolations(popup)).toEqual([]);
  await shot(popup, 'popup-700');
  await popup.keyboard.press('Enter');
  await expect(popup.getByRole('status')).toHaveText('Inserted “dw” into the letter.');
  expect(await page.evaluate(() => (window as unknown as { received: unknown[] }).received)).toEqual([
    { type: 'insert', target: 'page-1', body: 'Dear Dr {{gp_name}},', shortcut: 'dw' },
  ]);
});
