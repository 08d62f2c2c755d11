import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openSignedIn, screenshotBothSizes, seriousViolations } from './helpers';
import { apiToken } from './recording';

/**
 * Issue 25 in the browser, settings that inherit: a TrustAdmin locks the number of speakers on the trust's
 * configuration page; an Author's preferences page then shows it locked, with who locked it, and cannot
 * change it (the demo's inherited site value and the trust's locked speech recognition show too). Axe on
 * both pages; screenshots at 1024x768 and 390x844.
 */

test.describe.configure({ timeout: 180_000 });

const TRUST_ADMIN = 'trustadmin@wardnote.test';
const AUTHOR = 'author@wardnote.test';
const SHOTS = 'test-results/settings';
const shots = (page: Page, name: string, focus?: ReturnType<Page['getByTestId']>) =>
  screenshotBothSizes(page, (w) => `${SHOTS}/${name}-${w}.png`, { focus });
const axe = async (page: Page, include = 'main') => expect(await seriousViolations(page, { include, withTargets: true })).toEqual([]);

test('a locked setting cannot be changed by a user', async ({ page, browser, request, baseURL }) => {
  const adminToken = await apiToken(request, TRUST_ADMIN);
  const me = await request.get('/api/user', { headers: { Authorization: `Bearer ${adminToken}` } });
  const trustId = ((await me.json()) as { data: { site: { trust_id: number } } }).data.site.trust_id;
  await page.setViewportSize({ width: 1024, height: 768 });

  // Before the lock, the Author inherits the site's three speakers and may change them.
  const authorContext = await browser.newContext({ baseURL, viewport: { width: 1024, height: 768 } });
  const author = await authorContext.newPage();
  await openSignedIn(author, AUTHOR, '/preference');
  const speakers = author.getByLabel('Number of speakers in a consultation');
  await expect(speakers).toHaveValue('3');
  await expect(speakers).toBeEnabled();
  await expect(author.getByTestId('setting-number_of_speakers-source')).toHaveText('Inherited from Demo General Hospital');
  // The demo trust locked speech recognition off.
  await expect(author.getByRole('checkbox', { name: 'Use speech recognition for new recording tabs' })).toBeDisabled();
  await expect(author.getByTestId('setting-speech_recognition-source')).toContainText('Locked by Demo NHS Foundation Trust');

  // The TrustAdmin locks four speakers for the whole trust.
  await openSignedIn(page, TRUST_ADMIN, `/trust/config/${trustId}`);
  const section = page.getByRole('region', { name: 'Settings that inherit' });
  await expect(section).toBeVisible();
  const row = section.getByTestId('setting-number_of_speakers');
  await expect(row).toContainText('2 (default)');
  await row.getByLabel('Number of speakers', { exact: true }).fill('9');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(row.getByText('Enter a single digit from 1 to 8.')).toBeVisible();
  await row.getByLabel('Number of speakers', { exact: true }).fill('4');
  await row.getByRole('checkbox', { name: 'Lock number of speakers' }).check();
  await expect(page.getByText('Number of speakers is locked for every level below.')).toBeVisible();
  await expect(row).toContainText('4 (set here)');
  await expect(row.getByRole('checkbox', { name: 'Lock number of speakers' })).toBeChecked();
  await axe(page);
  await shots(page, 'trust-settings', row);

  // The Author's page, reloaded: locked, with its source, and the control cannot be changed.
  await author.reload();
  await expect(speakers).toHaveValue('4');
  await expect(speakers).toBeDisabled();
  const note = author.getByTestId('setting-number_of_speakers-source');
  await expect(note).toContainText('Locked by Demo NHS Foundation Trust');
  await expect(note).toContainText('cannot be changed here');
  // A save that still sends another value (an old tab, a crafted call) is refused in words naming who locked it.
  const authorToken = await apiToken(request, AUTHOR);
  const profile = (await (await request.get('/api/user', { headers: { Authorization: `Bearer ${authorToken}` } })).json()) as {
    data: { id: number };
  };
  const refused = await request.post(`/api/preference/${profile.data.id}`, {
    headers: { Authorization: `Bearer ${authorToken}` },
    data: { profile: { scribe_assist: { number_of_speakers: 6 } } },
  });
  expect(refused.status()).toBe(422);
  expect(((await refused.json()) as { message: string }).message).toBe(
    'Number of speakers is locked by Demo NHS Foundation Trust, so it cannot be changed here. Ask them to unlock it.',
  );
  await author.reload();
  await expect(speakers).toHaveValue('4');
  await axe(author);
  await shots(author, 'preferences-locked', author.getByTestId('setting-number_of_speakers-source') as ReturnType<Page['getByTestId']>);
  await author.setViewportSize({ width: 1024, height: 768 });
  await author.screenshot({ path: `${SHOTS}/preferences-whole-1024.png`, fullPage: true });
  await author.setViewportSize({ width: 390, height: 844 });
  await author.screenshot({ path: `${SHOTS}/preferences-whole-390.png`, fullPage: true });
  await authorContext.close();

  // Put the trust back as the demo has it, for the specs after this one on the same server.
  const cleared = await request.delete(`/api/settings/trust/${trustId}/number_of_speakers`, {
    headers: { Authorization: `Bearer ${adminToken}` },
  });
  expect(cleared.status()).toBe(200);
});
