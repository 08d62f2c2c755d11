import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openSignedIn, screenshotBothSizes, seriousViolations } from './helpers';

/**
 * Issue 25 in the browser: a SuperAdmin creates a trust with its first site; a TrustAdmin edits their trust,
 * previews the letterhead on a sample letter, sets an engine key and sees only "set" (then clears it), and
 * edits a site of their trust. Axe on each page and dialog; screenshots at tablet and phone sizes.
 */

test.describe.configure({ timeout: 180_000 });

const SUPER_ADMIN = 'superadmin@wardnote.test';
const TRUST_ADMIN = 'trustadmin@wardnote.test';
const SHOTS = 'test-results/admin-trusts';
const shots = (page: Page, name: string) => screenshotBothSizes(page, (w) => `${SHOTS}/${name}-${w}.png`);
async function wholeShots(page: Page, name: string) {
  for (const [width, height] of [
    [1024, 768],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SHOTS}/${name}-whole-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1024, height: 768 });
}
const axe = async (page: Page, include = 'main') => expect(await seriousViolations(page, { include, withTargets: true })).toEqual([]);

test('a SuperAdmin creates a trust with its first site', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openSignedIn(page, SUPER_ADMIN, '/trusts');
  const table = page.getByRole('table', { name: 'Trusts' });
  await expect(table.getByRole('row', { name: /Demo NHS Foundation Trust\s+RX9/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Other NHS Trust\s+RX8/ })).toBeVisible();
  await axe(page);
  await shots(page, 'trusts');

  await page.getByRole('button', { name: 'New trust' }).click();
  const dialog = page.getByRole('dialog', { name: 'New trust' });
  // Empty: refused under its fields, nothing sent.
  await dialog.getByRole('button', { name: 'Create trust' }).click();
  await expect(dialog.getByText('Enter the trust’s name.')).toBeVisible();
  await expect(dialog.getByText('Enter the site’s name.')).toBeVisible();
  await expect(dialog.getByLabel('Name', { exact: true })).toBeFocused();
  await dialog.getByLabel('Name', { exact: true }).fill('Northfield NHS Trust');
  await dialog.getByLabel('ODS code (optional)').fill('rx9');
  await dialog.getByLabel('Site name').fill('Northfield General Hospital');
  await dialog.getByLabel('Address (optional)').fill('1 North Road, Northfield, NF1 1AA');
  await dialog.getByRole('button', { name: 'Create trust' }).click();
  // The ODS code is the demo trust's: refused under the field, in words.
  await expect(dialog.getByText('Another trust already has the ODS code RX9.')).toBeVisible();
  await expect(dialog.getByLabel('ODS code (optional)')).toBeFocused();
  await axe(page, '[role=dialog]');
  await shots(page, 'trust-create-dialog');
  await dialog.getByLabel('ODS code (optional)').fill('rnf');
  await dialog.getByRole('button', { name: 'Create trust' }).click();

  await expect(page.getByText('Trust Northfield NHS Trust created.')).toBeVisible();
  await expect(page).toHaveURL(/\/trusts\/update\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Northfield NHS Trust', level: 1 })).toBeVisible();
  await expect(page.getByLabel('ODS code')).toHaveValue('RNF');
  // A new trust's engines are not set.
  const engines = page.getByRole('form', { name: 'AI scribe engines' });
  await expect(engines.getByText('not set')).toHaveCount(2);

  await page.goto('/trusts');
  await page.getByLabel('Search trusts').fill('northfield');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row', { name: /Northfield NHS Trust\s+RNF\s+Europe\/London\s+1/ })).toBeVisible();
});

test('a TrustAdmin edits their trust, previews the letterhead, sets an engine key and edits a site', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  // A TrustAdmin lands on the trusts list and sees their own trust only.
  await openSignedIn(page, TRUST_ADMIN, '/trusts');
  await expect(page.getByRole('button', { name: 'New trust' })).toHaveCount(0);
  const table = page.getByRole('table', { name: 'Trusts' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('link', { name: 'Edit Demo NHS Foundation Trust' }).click();

  await expect(page.getByRole('heading', { name: 'Demo NHS Foundation Trust', level: 1 })).toBeVisible();
  const details = page.getByRole('form', { name: 'Identity and targets' });
  // A retention out of range is refused under its field; a good one saves.
  await details.getByLabel('Keep transcripts for (days)').fill('0');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(details.getByText(/Keep it for a whole number of days from 1 to 36500/)).toBeVisible();
  await expect(details.getByLabel('Keep transcripts for (days)')).toBeFocused();
  await details.getByLabel('Keep transcripts for (days)').fill('730');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('The trust’s details are saved.')).toBeVisible();
  await axe(page);
  await wholeShots(page, 'trust-edit');

  // The letterhead on a sample letter: a real PDF drawn in the page.
  const letterhead = page.getByRole('form', { name: 'Letterhead' });
  await expect(letterhead.getByRole('img', { name: 'The trust’s logo' })).toBeVisible();
  await letterhead.getByLabel('Footer').fill('Registered office: Hospital Road, Demoton');
  await letterhead.getByRole('button', { name: 'Preview on a letter' }).click();
  const preview = page.getByRole('dialog', { name: 'Letterhead preview' });
  await expect(preview.locator('canvas').first()).toBeVisible({ timeout: 30_000 });
  await expect(preview.getByText('Registered office: Hospital Road, Demoton')).toBeVisible();
  await axe(page, '[role=dialog]');
  await shots(page, 'letterhead-preview');
  await preview.getByRole('button', { name: 'Close' }).click();
  // Previewing saved nothing: leaving asks first, staying keeps the change; then it is put back.
  await page.getByRole('link', { name: 'All trusts' }).click();
  const leave = page.getByRole('alertdialog', { name: 'Are you sure you want to leave this page?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Cancel' }).click();
  await expect(letterhead.getByLabel('Footer')).toHaveValue('Registered office: Hospital Road, Demoton');
  await letterhead.getByLabel('Footer').fill('');

  // An engine key: sent once, then shown only as "set"; a private address is refused in words.
  const engines = page.getByRole('form', { name: 'AI scribe engines' });
  const transcription = engines.getByRole('group', { name: 'Transcription engine' });
  await transcription.getByLabel('Address').fill('https://10.0.0.5/v1');
  await transcription.getByLabel('Model').fill('whisper-large');
  await transcription.getByLabel('API key').fill('sk-e2e-secret-value');
  await engines.getByRole('button', { name: 'Save engines' }).click();
  await expect(
    transcription.getByText('This address is on a private or local network: only the server’s configuration may allow that.'),
  ).toBeVisible();
  await transcription.getByLabel('Address').fill('https://asr.example.nhs.uk/v1');
  await engines.getByRole('button', { name: 'Save engines' }).click();
  await expect(page.getByText('The engine settings are saved.')).toBeVisible();
  await expect(transcription.getByText('set', { exact: true })).toBeVisible();
  await expect(transcription.getByLabel('Replace the API key')).toHaveValue('');
  await expect(page.locator('body')).not.toContainText('sk-e2e-secret-value');
  await axe(page);
  await wholeShots(page, 'trust-edit-engines');
  // The demo keeps no engine: the key is cleared again.
  await transcription.getByLabel('Clear the API key').check();
  await engines.getByRole('button', { name: 'Save engines' }).click();
  await expect(transcription.getByText('not set', { exact: true })).toBeVisible();

  // A site of the trust, edited in a dialog on the trust configuration.
  await page.getByRole('link', { name: 'Sites, lists and letters out' }).click();
  const sites = page.getByRole('region', { name: 'Sites' });
  await expect(sites.getByText('Orchard Lane, Lower Notebury, DM7 3CH')).toBeVisible();
  await axe(page);
  await wholeShots(page, 'trust-config-sites');
  await sites.getByRole('button', { name: 'Edit Demo Community Hospital' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Demo Community Hospital' });
  await dialog.getByLabel('Support link').fill('support.demo-nhs.test');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The support link is a web address starting with https://.')).toBeVisible();
  await dialog.getByLabel('Support link').fill('https://support.demo-nhs.test/community');
  await dialog.getByLabel('PIN lasts (minutes)').fill('240');
  await axe(page, '[role=dialog]');
  await shots(page, 'site-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Demo Community Hospital is saved.')).toBeVisible();
  await expect(sites.getByText(/PIN on, lasts 240 min/)).toBeVisible();
  await expect(sites.getByText(/Support: https:\/\/support\.demo-nhs\.test\/community/)).toBeVisible();
});

test('a SiteAdmin lands on their trust’s configuration and edits only their own site', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openSignedIn(page, 'siteadmin@wardnote.test', '/');
  await expect(page).toHaveURL(/\/trust\/config\/\d+$/);
  const site = page.getByRole('region', { name: 'Your site' });
  await expect(site.getByRole('listitem')).toHaveCount(1);
  await expect(site.getByRole('listitem')).toContainText('Demo General Hospital');
  await expect(page.getByRole('button', { name: 'Add site' })).toHaveCount(0);
  await expect(site.getByRole('button', { name: /^Deactivate/ })).toHaveCount(0);
  await site.getByRole('button', { name: 'Edit Demo General Hospital' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Demo General Hospital' });
  await dialog.getByLabel('Address').fill('Hospital Road, Demoton, DM1 1AA (main entrance)');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Demo General Hospital is saved.')).toBeVisible();
  await expect(site.getByText('Hospital Road, Demoton, DM1 1AA (main entrance)')).toBeVisible();
  await axe(page);
  await shots(page, 'site-admin');
});
