import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectPath, openSignedIn, seriousViolations, signIn } from './helpers';
import { apiToken } from './recording';

/**
 * Issue 13's administration in the browser: a TrustAdmin sets the trust's distribution settings on its
 * configuration page (a bad ODS code is refused in words; saved values come back after a reload), and a
 * Manager opens the full list of stuck letters and goes from one to its Delivery tab.
 */

test.describe.configure({ timeout: 120_000 });

const TRUST_ADMIN = 'trustadmin@wardnote.test';
const MANAGER = 'manager@wardnote.test';
const SHOTS = 'test-results/distribution-settings';
const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

const shoot = async (page: Page, name: string) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: `${SHOTS}/${name}-1024.png`, fullPage: true });
};

test('a TrustAdmin saves the trust’s distribution settings; a bad ODS code is refused; a reload shows what was saved', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, TRUST_ADMIN);
  const trustId = ((await (await request.get('/api/user', auth(token))).json()) as { data: { site: { trust_id: number } } }).data.site
    .trust_id;
  const path = `/api/trusts/${trustId}/distribution`;
  const original = ((await (await request.get(path, auth(token))).json()) as { data: Record<string, unknown> }).data;
  try {
    await page.setViewportSize({ width: 1024, height: 768 });
    await signIn(page, TRUST_ADMIN);
    await expectPath(page, '/trusts');
    await page.getByRole('link', { name: 'Configuration of Demo NHS Foundation Trust' }).click();
    await expectPath(page, `/trust/config/${trustId}`);
    const section = page.getByRole('region', { name: 'Letters out' });
    await expect(section.getByTestId('mesh-status')).toContainText('MESH is not configured: GP copies go to the print queue.');
    await expect(section.getByLabel('E-mail subject tag')).toHaveValue('[secure]');
    expect(await seriousViolations(page, { include: 'main' })).toEqual([]);

    const ods = section.getByLabel('Trust ODS code');
    const hours = section.getByLabel('Stuck-letter limit (hours)');
    await ods.fill('R-1');
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(section.getByText('The ODS code is 3 to 10 letters and digits, such as RXX or RTH01.')).toBeVisible();
    await expect(ods).toHaveAttribute('aria-invalid', 'true');
    expect(await seriousViolations(page, { include: 'main' })).toEqual([]);
    await shoot(page, 'trust-config-error');

    await ods.fill('rxx');
    await hours.fill('24');
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Distribution settings saved.')).toBeVisible();
    await expect(ods).toHaveValue('RXX');

    await page.reload();
    await expect(section.getByLabel('Trust ODS code')).toHaveValue('RXX');
    await expect(section.getByLabel('Stuck-letter limit (hours)')).toHaveValue('24');
    await expect(section.getByLabel('E-mail subject tag')).toHaveValue('[secure]');
    await shoot(page, 'trust-config-saved');
  } finally {
    const res = await request.put(path, {
      ...auth(token),
      data: {
        email_subject_tag: original.email_subject_tag,
        ods_code: original.ods_code,
        stuck_letter_hours: original.stuck_letter_hours,
      },
    });
    expect(res.status()).toBe(200);
  }
});

test('a Manager opens the full list of stuck letters and goes from one to its Delivery tab', async ({ page, request }) => {
  const token = await apiToken(request, MANAGER);
  const stuck = (
    (await (await request.get('/api/stuck-letters?per_page=1', auth(token))).json()) as {
      data: { total: number; data: { dictation_id: number; reference: string }[] };
    }
  ).data;
  expect(stuck.total, 'the demo has stuck letters').toBeGreaterThan(0);
  const first = stuck.data[0]!;

  await page.setViewportSize({ width: 1024, height: 768 });
  await openSignedIn(page, MANAGER, '/MANUAL_DISTRIBUTION');
  const notice = page.getByTestId('stuck-letters');
  await notice.getByRole('button', { name: stuck.total === 1 ? 'Show it' : `Show all ${stuck.total}` }).click();
  const list = notice.getByRole('list', { name: 'Letters waiting too long' });
  const item = list.getByRole('listitem').filter({ hasText: first.reference }).first();
  await expect(item).toContainText('Not yet delivered');
  // Hours under 48, then days (formatHours, issue 23): the demo's stuck letters wait days.
  await expect(item).toContainText(/waiting \d+ (hours|days)/);
  await expect(item).toContainText(/approved \d{2}-\w{3}-\d{4} \d{2}:\d{2}/);
  expect(await seriousViolations(page, { include: '[data-testid="stuck-letters"]' })).toEqual([]);
  await shoot(page, 'stuck-letters');

  await item.getByRole('link', { name: `Delivery of ${first.reference}` }).click();
  await expect(page).toHaveURL(new RegExp(`/dictation/${first.dictation_id}\\?panel=delivery$`));
  await expect(page.getByRole('tab', { name: 'Delivery' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('list', { name: 'Deliveries' })).toBeVisible();
});
