import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openSignedIn, screenshotBothSizes, seriousViolations } from './helpers';
import { apiToken } from './recording';

/**
 * Issue 25 in the browser: a TrustAdmin adds a department (an empty form and a code in use are refused under
 * their fields), then a job type of it with a choice field and a letter template, edits it, is warned before
 * leaving with unsaved changes, and sees both listed. Axe on each page; screenshots at tablet and phone sizes.
 */

test.describe.configure({ timeout: 180_000 });

const TRUST_ADMIN = 'trustadmin@wardnote.test';
const SHOTS = 'test-results/admin-structure';
const shots = (page: Page, name: string) => screenshotBothSizes(page, (w) => `${SHOTS}/${name}-${w}.png`);
/** A long form whole, at both sizes, for a person to look at. */
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
/** Axe on the page's content (or a dialog): the toasts are the shell's and checked by its own tests. */
const axe = async (page: Page, include = 'main') => expect(await seriousViolations(page, { include, withTargets: true })).toEqual([]);

test('a TrustAdmin adds a department and a job type with a custom field and a template, edits it, and sees them listed', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, TRUST_ADMIN);
  const me = await request.get('/api/user', { headers: { Authorization: `Bearer ${token}` } });
  const trustId = ((await me.json()) as { data: { site: { trust_id: number } } }).data.site.trust_id;
  await page.setViewportSize({ width: 1024, height: 768 });

  // Departments: the list, an empty form refused under its fields, a code in use refused, then added.
  await openSignedIn(page, TRUST_ADMIN, '/departments');
  const departments = page.getByRole('table', { name: 'Departments' });
  await expect(departments.getByRole('row', { name: /Cardiology/ })).toBeVisible();
  await axe(page);
  await shots(page, 'departments');

  await page.getByRole('button', { name: 'Add department' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a department' });
  await dialog.getByRole('button', { name: 'Add department' }).click();
  await expect(dialog.getByText('Enter the department’s name.')).toBeVisible();
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await dialog.getByLabel('Name').fill('Dermatology');
  await dialog.getByLabel('Code').fill('car');
  await dialog.getByRole('button', { name: 'Add department' }).click();
  await expect(dialog.getByText('The code CAR is already used by another department of this trust. Choose another code.')).toBeVisible();
  await expect(dialog.getByLabel('Code')).toBeFocused();
  await axe(page, '[role=dialog]');
  await shots(page, 'department-dialog');
  await dialog.getByLabel('Code').fill('der');
  await dialog.getByRole('button', { name: 'Add department' }).click();
  await expect(page.getByText('Added: Dermatology.')).toBeVisible();
  await expect(departments.getByRole('row', { name: /Dermatology\s+DER/ })).toBeVisible();

  await page.getByLabel('Search departments').fill('zzz');
  await expect(page.getByText('No departments found')).toBeVisible();
  await page.getByLabel('Search departments').fill('');

  // A job type of Dermatology: a choice field and a template with a heading added and moved.
  await page.goto(`/job-types/create/${trustId}`);
  const form = page.getByRole('form', { name: 'New job type' });
  await form.getByLabel('Name').fill('Skin Lesion Letter');
  await form.getByLabel('Department').selectOption({ label: 'Dermatology (DER)' });
  const sentTo = form.getByRole('group', { name: 'Sent to' });
  await sentTo.getByLabel('Patient').check();
  // A party is either sent the letter or copied: ticking it here took it off the copies.
  await expect(form.getByRole('group', { name: 'Copied to' }).getByLabel('Patient')).not.toBeChecked();
  await form.getByRole('group', { name: 'Copied to' }).getByLabel('Clinician').check();

  await form.getByRole('button', { name: 'Add field' }).click();
  await expect(form.getByLabel('Field 1: label')).toBeFocused();
  await page.keyboard.type('Lesion site');
  await form.getByLabel('Kind').selectOption({ label: 'Choice from a list' });
  await form.getByRole('button', { name: 'Add job type' }).click();
  // A choice needs its options: said under them, and the focus goes there.
  await expect(form.getByText('Give a choice field at least two options, one per line.')).toBeVisible();
  await expect(form.getByLabel('Options')).toBeFocused();
  await form.getByLabel('Options').fill('Face\nTrunk\nLimb');
  await form.getByLabel('Required').check();

  await form.getByRole('button', { name: 'Add heading' }).click();
  // The new heading takes the focus, ready to type.
  await expect(form.getByRole('textbox', { name: 'Heading 3' })).toBeFocused();
  await page.keyboard.type('Histology');
  await form.getByRole('button', { name: 'Move Histology up' }).click();
  await expect(form.getByRole('textbox', { name: 'Heading 2' })).toHaveValue('Histology');
  await form.getByLabel('A sample of letters').check();
  await form.getByLabel('Share of letters sampled (%)').fill('15');
  await axe(page);
  await wholeShots(page, 'job-type-create');
  await form.getByRole('button', { name: 'Add job type' }).click();

  // Saved: the edit page of the new job type, under its department.
  await expect(page.getByText('Added: Skin Lesion Letter.')).toBeVisible();
  await expect(page).toHaveURL(/\/job-types\/update\/\d+\/\d+$/);
  const edit = page.getByRole('form', { name: 'Edit Skin Lesion Letter' });
  await expect(edit.getByLabel('Field 1: label')).toHaveValue('Lesion site');
  await expect(edit.getByRole('textbox', { name: 'Heading 2' })).toHaveValue('Histology');

  // Edited: renamed, a field added; a save leaves nothing unsaved.
  await edit.getByLabel('Name').fill('Skin Lesion Clinic Letter');
  await edit.getByRole('button', { name: 'Add field' }).click();
  await edit.getByLabel('Field 2: label').fill('Date first noticed');
  await edit.getByLabel('Kind').nth(1).selectOption({ label: 'Date' });
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved: Skin Lesion Clinic Letter.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Edit Skin Lesion Clinic Letter' })).toBeVisible();
  await axe(page);
  await wholeShots(page, 'job-type-edit');

  // Unsaved changes: leaving asks first; staying keeps them.
  await page
    .getByRole('form', { name: /^Edit / })
    .getByLabel('Name')
    .fill('Skin Letter (draft)');
  await page.getByRole('button', { name: 'Cancel' }).click();
  const leave = page.getByRole('alertdialog', { name: 'Are you sure you want to leave this page?' });
  await expect(leave).toBeVisible();
  await expect(leave.getByText('Any unsaved changes may be lost.')).toBeVisible();
  await leave.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('form', { name: /^Edit / }).getByLabel('Name')).toHaveValue('Skin Letter (draft)');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('alertdialog', { name: 'Are you sure you want to leave this page?' }).getByRole('button', { name: 'Leave' }).click();

  // Listed under its department, with its recipients, its two fields and three headings.
  await expect(page).toHaveURL(new RegExp(`/job-types/list/${trustId}$`));
  const types = page.getByRole('table', { name: 'Job types' });
  await expect(types.getByRole('columnheader', { name: 'Dermatology (DER)' })).toBeVisible();
  const row = types.getByRole('row', { name: /Skin Lesion Clinic Letter/ });
  await expect(row).toContainText('Patient, GP');
  await expect(row).toContainText('Clinician');
  await expect(row).toContainText('15% sample');
  await expect(row.getByRole('cell')).toHaveText([
    'Skin Lesion Clinic Letter',
    'Patient, GP',
    'Clinician',
    '2',
    '3',
    '15% sample',
    'Active',
  ]);
  await axe(page);
  await shots(page, 'job-types-list');

  // The department now lists its job type, and cannot be deleted while it has one.
  await page.goto('/departments');
  const derm = page.getByRole('table', { name: 'Departments' }).getByRole('row', { name: /Dermatology/ });
  await expect(derm).toContainText('1 job type');
  await derm.getByRole('button', { name: 'Delete Dermatology' }).click();
  await page.getByRole('alertdialog', { name: 'Delete Dermatology?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(/Dermatology cannot be deleted: 1 job type refers to it\. Deactivate it instead/)).toBeVisible();
  await expect(derm).toBeVisible();
  await derm.getByRole('button', { name: 'Deactivate Dermatology' }).click();
  await page.getByRole('alertdialog', { name: 'Deactivate Dermatology?' }).getByRole('button', { name: 'Deactivate' }).click();
  await expect(derm).toContainText('Inactive');
  await expect(derm.getByRole('button', { name: 'Reactivate Dermatology' })).toBeVisible();
  await axe(page);
});
