import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { openSignedIn, screenshotBothSizes, seriousViolations } from './helpers';
import { apiToken } from './recording';

/**
 * Issue 25 in the browser, the audit viewer: a TrustAdmin opens /audit, filters by a dictation reference
 * and sees that dictation's trail (table at tablet width, cards on a phone), is told in words under the
 * field when a reference is unknown, finds their own opening of the viewer in the log, and exports CSV.
 */

test.describe.configure({ timeout: 120_000 });

const TRUST_ADMIN = 'trustadmin@wardnote.test';
const SHOTS = 'test-results/admin-audit';
const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

interface Entry {
  action: string;
  dictation_reference: string | null;
}

test('a TrustAdmin filters the audit log by a dictation reference and sees its trail; opening and exporting are recorded', async ({
  page,
  request,
}) => {
  // A demo dictation whose letter was saved: its trail has saves and moves.
  const token = await apiToken(request, TRUST_ADMIN);
  const saved = (await (await request.get('/api/audit?action=letter.saved&paginate=100', auth(token))).json()) as {
    data: { data: Entry[] };
  };
  const reference = saved.data.data.find((e) => e.dictation_reference)?.dictation_reference;
  expect(reference, 'the demo trust has saved letters in its audit log').toBeTruthy();

  await page.setViewportSize({ width: 1024, height: 768 });
  await openSignedIn(page, TRUST_ADMIN, '/audit');
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Audit entries' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  expect(await seriousViolations(page, { include: 'main' })).toEqual([]);

  // An unknown reference: said under the field, which takes the focus.
  const form = page.getByRole('form', { name: 'Filter the audit log' });
  const field = form.getByLabel('Dictation reference');
  await field.fill('999999999999');
  await form.getByRole('button', { name: 'Apply filters' }).click();
  await expect(form.getByText('No dictation with this reference was found.')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toBeFocused();
  expect(await seriousViolations(page, { include: 'main' })).toEqual([]);

  // The dictation's reference: its trail, and only its.
  await field.fill(reference!);
  await form.getByRole('button', { name: 'Apply filters' }).click();
  // (The router writes a text of digits in quotes, so it reads back as text: ?reference=%22…%22.)
  await expect(page).toHaveURL(new RegExp(`reference=(%22)?${reference}`));
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  const rows = table.getByRole('row');
  await expect(rows.filter({ hasText: 'Saved a letter' }).first()).toBeVisible();
  const count = await rows.count();
  expect(count).toBeGreaterThan(2);
  for (let i = 1; i < count; i++) await expect(rows.nth(i)).toContainText(reference!);
  expect(await seriousViolations(page, { include: 'main' })).toEqual([]);
  const results = page.getByRole('region', { name: /^Entries of/ });
  await screenshotBothSizes(page, (w) => `${SHOTS}/trail-${w}.png`, { restore: false, focus: results });
  // On a phone: stacked cards, the same trail.
  const cards = page.getByRole('list', { name: 'Audit entries' });
  await expect(cards.getByRole('listitem').first()).toContainText(reference!);
  await expect(table).toHaveCount(0);
  expect(await seriousViolations(page, { include: 'main' })).toEqual([]);
  await page.setViewportSize({ width: 1024, height: 768 });

  // Export CSV: a file of the same filter.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-log-trust-\d+-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await file.path())!, 'utf8');
  expect(csv.startsWith('\ufeff"Entry","Time (UTC)"')).toBe(true);
  expect(csv).toContain(`"${reference}"`);

  // Opening the viewer and exporting are in the log: filter by those actions.
  await form.getByRole('button', { name: 'Clear' }).click();
  await expect(page).not.toHaveURL(/reference=/);
  await form.getByLabel('Action').selectOption({ label: 'Exported the audit log' });
  await form.getByRole('button', { name: 'Apply filters' }).click();
  await expect(table.getByRole('row').nth(1)).toContainText('Priya Shah');
  await expect(table.getByRole('row').nth(1)).toContainText(reference!);
  await form.getByLabel('Action').selectOption({ label: 'Opened the audit log' });
  await form.getByRole('button', { name: 'Apply filters' }).click();
  await expect(table.getByRole('row').filter({ hasText: 'Opened the audit log' }).first()).toBeVisible();
  await screenshotBothSizes(page, (w) => `${SHOTS}/opened-${w}.png`, { focus: results });

  // A filter nothing matches: the empty state.
  await form.getByLabel('From', { exact: true }).fill('2001-01-01');
  await form.getByLabel('To', { exact: true }).fill('2001-01-02');
  await form.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText('No audit entries found')).toBeVisible();
  expect(await seriousViolations(page, { include: 'main' })).toEqual([]);
  await screenshotBothSizes(page, (w) => `${SHOTS}/empty-${w}.png`);
});
