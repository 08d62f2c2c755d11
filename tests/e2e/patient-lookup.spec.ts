import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openSignedIn, seriousViolations } from './helpers';
import { apiToken } from './recording';

/**
 * Patient and appointment lookup on the dictation page (issue 11): P opens the patient finder, A the
 * appointment finder, against the embedded index's demo patients.
 */
const SECRETARY = 'secretary@wardnote.test';
const SHOTS = process.env.SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/**
 * A demo dictation waiting for typing (not confidential), and its patient as recorded. Only the demo's own
 * (NHS numbers of the 999 test range, all in the demo index): other tests submit dictations of their own.
 */
async function readyDictation(request: APIRequestContext, skip: number) {
  const token = await apiToken(request, SECRETARY);
  const res = await request.get('/api/dictation?status=READY_FOR_TYPING&paginate=30', { headers: { Authorization: `Bearer ${token}` } });
  const rows = ((await res.json()) as { data: { data: { id: number; is_confidential: boolean; patient: Record<string, string> }[] } }).data
    .data;
  return rows.filter((r) => !r.is_confidential && r.patient.patient_nhs_id?.startsWith('999'))[skip]!;
}

/**
 * Whether the page's keyboard focus is on this element. Unlike toBeFocused it does not also need the
 * browser window to have focus, which another page of the same browser can take during a full run.
 */
const isActiveElement = (l: Locator) => l.evaluate((el) => el === document.activeElement);

/** Single-letter shortcuts act only when the focus is not in a text field. */
async function pressOnPage(page: Page, key: string) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press(key);
}

test('a secretary finds a patient by surname and date of birth (P), then their appointment (A), by keyboard', async ({ page, request }) => {
  const d = await readyDictation(request, 0);
  await openSignedIn(page, SECRETARY, `/dictation/${d.id}`);
  // Opening ready work claims it; the finders are for whoever is typing it.
  await expect(page.getByText(/^Being Typed ·/)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Letter' })).toBeVisible();

  await pressOnPage(page, 'p');
  const finder = page.getByRole('dialog', { name: 'Find patient' });
  await expect(finder).toBeVisible();
  expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);

  // Nobody: the spec's empty state.
  await finder.getByRole('tab', { name: 'Surname and date of birth' }).click();
  await finder.getByRole('textbox', { name: 'Surname', exact: true }).fill('Nobody');
  await finder.getByLabel('Date of birth', { exact: true }).fill('1999-01-01');
  await finder.getByRole('button', { name: 'Search' }).click();
  await expect(finder.getByText('Patient: No patient details')).toBeVisible();

  // Two people share this surname and birthday: both are listed, arrow keys and Enter choose.
  await finder.getByRole('textbox', { name: 'Surname', exact: true }).fill('smith');
  await finder.getByLabel('Date of birth', { exact: true }).fill('1941-03-14');
  await finder.getByRole('textbox', { name: 'Surname', exact: true }).press('Enter');
  const results = finder.getByRole('listbox', { name: 'Patients found' });
  await expect(results.getByRole('option')).toHaveCount(2);
  await expect(results.getByRole('option').first()).toContainText('SMITH, Dennis');
  await expect(results.getByRole('option').first()).toContainText('Born 14-Mar-1941');
  await expect(results.getByRole('option').first()).toContainText(/GP: .+ \(A99\d{3}\)/);
  expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
  await shot(page, 'patient-finder-results');
  await expect.poll(() => isActiveElement(results.getByRole('option').first())).toBe(true);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(finder).toBeHidden();
  await expect(page.getByRole('tabpanel', { name: 'Details' })).toContainText('SMITH, Dorothy');
  const token = await apiToken(request, SECRETARY);
  const onServer = async () =>
    (
      (await (await request.get(`/api/dictation/${d.id}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
        data: { patient: Record<string, string>; appointment: Record<string, string> | null };
      }
    ).data;
  await expect.poll(async () => (await onServer()).patient.patient_first_name, { timeout: 30_000 }).toBe('Dorothy');

  await pressOnPage(page, 'a');
  const appointments = page.getByRole('dialog', { name: 'Find appointment' });
  await expect(appointments).toBeVisible();
  const list = appointments.getByRole('listbox', { name: 'Appointments' });
  await expect(list.getByRole('option').first()).toBeVisible();
  await expect(list.getByRole('option').first()).toContainText(/\d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}/);
  await expect(list.getByRole('option').first()).toContainText(/Checkup|Emergency|Followup|Routine|Walkin/);
  expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
  await shot(page, 'appointment-finder');
  await expect.poll(() => isActiveElement(list.getByRole('option').first())).toBe(true);
  await page.keyboard.press('Enter');
  await expect(appointments).toBeHidden();
  await expect.poll(async () => (await onServer()).appointment?.patient_last_name, { timeout: 30_000 }).toBe('SMITH');
  expect((await onServer()).appointment).toMatchObject({ patient_first_name: 'Dorothy', patient_id: expect.any(String) });
});

test('an NHS number with a wrong check digit is refused on the field; offline, the finder says the details can be typed by hand', async ({
  page,
  request,
  context,
}) => {
  const d = await readyDictation(request, 1);
  await openSignedIn(page, SECRETARY, `/dictation/${d.id}`);
  // Opening ready work claims it; the finders are for whoever is typing it.
  await expect(page.getByText(/^Being Typed ·/)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Letter' })).toBeVisible();

  await pressOnPage(page, 'p');
  const finder = page.getByRole('dialog', { name: 'Find patient' });
  const nhs = d.patient.patient_nhs_id!;
  await finder.getByRole('textbox', { name: 'NHS number' }).fill(nhs.slice(0, 9) + String((Number(nhs[9]) + 1) % 10));
  await finder.getByRole('button', { name: 'Search' }).click();
  await expect(finder.getByText('This is not a valid NHS number: check the 10 digits.')).toBeVisible();

  await finder.getByRole('textbox', { name: 'NHS number' }).fill(nhs);
  await finder.getByRole('button', { name: 'Search' }).click();
  await expect(finder.getByRole('option')).toHaveCount(1);
  await expect(finder.getByRole('option')).toContainText(`MRN ${d.patient.patient_mrn_id}`);
  await page.keyboard.press('Escape');
  await expect(finder).toBeHidden();

  await context.setOffline(true);
  await pressOnPage(page, 'p');
  await expect(finder).toBeVisible();
  await expect(finder.getByText('Finding a patient needs a connection. You can type the details by hand.')).toBeVisible();
  await expect(finder.getByRole('button', { name: 'Search' })).toBeDisabled();
  await shot(page, 'patient-finder-offline');
  await context.setOffline(false);
});
