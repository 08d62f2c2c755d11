import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectPath, openSignedIn, seriousViolations, screenshotBothSizes } from './helpers';
import { apiToken } from './recording';

/**
 * Issue 23, patient safety: a manual letter for "Manual Lettertest" with NHS number 999 001 2598
 * (HUGHES, John's in the demo index) went to John Hughes. Every details form now shows the typed patient
 * beside the index's and stops until the user uses the record or corrects the number; the record page
 * has the date of birth and the patient finder, which starts from the NHS number already typed.
 */
const SECRETARY = 'secretary@wardnote.test';
const AUTHOR = 'author@wardnote.test';
const SHOTS = 'test-results/ux-patient';

async function shots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await screenshotBothSizes(page, (w) => `${SHOTS}/${name}-${w}.png`);
}

async function indexPatient(request: APIRequestContext, nhs: string) {
  const token = await apiToken(request, SECRETARY);
  const res = await request.get(`/api/patients?nhs_number=${nhs}`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: { patient_first_name: string; patient_last_name: string; patient_birthdate: string }[] }).data[0]!;
}

test('a manual letter whose NHS number is another patient’s shows both side by side and is not started until settled', async ({
  page,
  request,
}) => {
  const hughes = await indexPatient(request, '9990012598');
  expect(hughes).toMatchObject({ patient_first_name: 'John', patient_last_name: 'HUGHES' });
  await page.setViewportSize({ width: 1024, height: 768 });
  await openSignedIn(page, SECRETARY, '/manualletter');
  await page.getByLabel('Author').selectOption({ index: 1 });
  await page.getByLabel('Service (required)').selectOption({ label: 'Cardiology (CAR)' });
  await page.getByLabel('Job type').selectOption({ label: 'Clinic Letter' });
  await page.getByLabel('Patient first name').fill('Manual');
  await page.getByLabel('Patient last name').fill('Lettertest');
  await page.getByLabel('NHS number').fill('999 001 2598');

  // Job type belongs with the letter's fields, not on the row of the patient's first name.
  const jobTypeBox = (await page.getByLabel('Job type').boundingBox())!;
  const firstNameBox = (await page.getByLabel('Patient first name').boundingBox())!;
  expect(Math.abs(jobTypeBox.y - firstNameBox.y)).toBeGreaterThan(20);

  await page.getByRole('button', { name: 'Start the letter' }).click();
  const check = page.getByRole('dialog', { name: 'This number belongs to another patient' });
  await expect(check).toBeVisible();
  await expect(check.getByRole('alert')).toContainText(
    `NHS number 999 001 2598 belongs to HUGHES, John, born ${hughes.patient_birthdate.slice(8)}-`,
  );
  await expect(check.getByRole('alert')).toContainText('you entered Manual Lettertest.');
  const table = check.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'You entered' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: /Patient index \(HUGHES, John\)/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Last name.*Differs.*Lettertest.*HUGHES/ })).toBeVisible();
  expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
  await shots(page, 'identity-check');

  // "Correct the number": nothing is started, the number is there to put right.
  await check.getByRole('button', { name: 'Correct the number' }).click();
  await expect(check).toBeHidden();
  await expectPath(page, '/manualletter');
  await expect(page.getByLabel('NHS number')).toBeFocused();

  // "Use the record": the letter is started for John Hughes, as the index has him.
  await page.getByRole('button', { name: 'Start the letter' }).click();
  await expect(check).toBeVisible();
  await check.getByRole('button', { name: 'Use the record' }).click();
  await expectPath(page, /\/dictation\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  const token = await apiToken(request, SECRETARY);
  const made = (await (await request.get(`/api/dictation/${id}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
    data: { patient: Record<string, string> };
  };
  expect(made.data.patient).toMatchObject({
    patient_first_name: 'John',
    patient_last_name: 'HUGHES',
    patient_nhs_id: '9990012598',
    patient_birthdate: hughes.patient_birthdate,
  });
});

test('the record page has the date of birth and the patient finder, which starts from the NHS number typed', async ({ page, request }) => {
  const hughes = await indexPatient(request, '9990012598');
  await page.setViewportSize({ width: 1024, height: 768 });
  await openSignedIn(page, AUTHOR, '/record/1');
  await expect(page.getByLabel('Date of birth')).toBeVisible();
  const jobTypeBox = (await page.getByLabel('Job type').boundingBox())!;
  const firstNameBox = (await page.getByLabel('Patient first name').boundingBox())!;
  expect(Math.abs(jobTypeBox.y - firstNameBox.y)).toBeGreaterThan(20);
  await page.getByLabel('NHS number').fill('999 001 2598');
  expect(await seriousViolations(page, { include: 'main' })).toEqual([]);
  await shots(page, 'record-details');

  await page.getByRole('button', { name: 'Find patient' }).click();
  const finder = page.getByRole('dialog', { name: 'Find patient' });
  await expect(finder).toBeVisible();
  await expect(finder.getByRole('textbox', { name: 'NHS number' })).toHaveValue('999 001 2598');
  await finder.getByRole('button', { name: 'Search' }).click();
  await finder.getByRole('option', { name: /HUGHES, John/ }).click();
  await expect(finder).toBeHidden();
  await expect(page.getByLabel('Patient first name')).toHaveValue('John');
  await expect(page.getByLabel('Patient last name')).toHaveValue('HUGHES');
  await expect(page.getByLabel('Date of birth')).toHaveValue(hughes.patient_birthdate);
});

test('Find patient (P) on the dictation page starts from the dictation’s NHS number', async ({ page, request }) => {
  const token = await apiToken(request, SECRETARY);
  const res = await request.get('/api/dictation?status=READY_FOR_TYPING&paginate=30', { headers: { Authorization: `Bearer ${token}` } });
  const rows = ((await res.json()) as { data: { data: { id: number; is_confidential: boolean; patient: Record<string, string> }[] } }).data
    .data;
  const d = rows.filter((r) => !r.is_confidential && r.patient.patient_nhs_id?.startsWith('999'))[5]!;
  await openSignedIn(page, SECRETARY, `/dictation/${d.id}`);
  await expect(page.getByRole('textbox', { name: 'Letter' })).toBeVisible();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('p');
  const finder = page.getByRole('dialog', { name: 'Find patient' });
  await expect(finder).toBeVisible();
  const nhs = d.patient.patient_nhs_id!;
  await expect(finder.getByRole('textbox', { name: 'NHS number' })).toHaveValue(`${nhs.slice(0, 3)} ${nhs.slice(3, 6)} ${nhs.slice(6)}`);
});
