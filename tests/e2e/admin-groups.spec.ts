import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openSignedIn, screenshotBothSizes, seriousViolations } from './helpers';

/**
 * Issue 25 in the browser: a TrustAdmin sees the demo trust's groups, adds one (an empty name refused under
 * the field) with a permission, adds a member found by name, edits it (renamed, another permission), and
 * deletes it after a confirmation. Axe on the page and the dialog; screenshots at tablet and phone sizes.
 */

test.describe.configure({ timeout: 180_000 });

const TRUST_ADMIN = 'trustadmin@wardnote.test';
const SHOTS = 'test-results/admin-groups';
const shots = (page: Page, name: string) => screenshotBothSizes(page, (w) => `${SHOTS}/${name}-${w}.png`);
/** Axe on the page's content (or a dialog): the toasts are the shell's and checked by its own tests. */
const axe = async (page: Page, include = 'main') => expect(await seriousViolations(page, { include, withTargets: true })).toEqual([]);

test('a TrustAdmin adds a group with a permission and a member, edits it, and deletes it', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openSignedIn(page, TRUST_ADMIN, '/groups');
  const groups = page.getByRole('table', { name: 'Groups' });
  const pool = groups.getByRole('row', { name: /Cardiology typing pool/ });
  await expect(pool).toContainText('Whole trust');
  await expect(pool).toContainText('dictation.view');
  await expect(pool).toContainText('2 members');
  await expect(groups.getByRole('row', { name: /Site user administrators/ })).toContainText('Demo General Hospital only');
  await axe(page);
  await shots(page, 'groups');

  // Added: an empty name is refused under the field first.
  await page.getByRole('button', { name: 'Add group' }).click();
  const adding = page.getByRole('dialog', { name: 'Add a group' });
  await adding.getByRole('button', { name: 'Add group' }).click();
  await expect(adding.getByText('Enter the group’s name.')).toBeVisible();
  await expect(adding.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await adding.getByRole('textbox', { name: 'Name' }).fill('Discharge letters team');
  await adding.getByLabel('Description (optional)').fill('Types and checks the discharge summaries.');
  await adding.getByLabel('For', { exact: true }).selectOption({ label: 'Demo General Hospital only' });
  await adding.getByRole('checkbox', { name: /^dictation\.view/ }).check();
  await axe(page, '[role=dialog]');
  await screenshotBothSizes(page, (w) => `${SHOTS}/group-add-${w}.png`, { focus: adding.getByRole('textbox', { name: 'Name' }) });
  await adding.getByRole('button', { name: 'Add group' }).click();
  await expect(page.getByText('Added: Discharge letters team. Now add its members.')).toBeVisible();

  // The dialog goes on to its members: one found by name and added.
  const editing = page.getByRole('dialog', { name: 'Edit Discharge letters team' });
  await expect(editing.getByText('No members yet. Search for people below and add them.')).toBeVisible();
  await editing.getByLabel('Find people to add').fill('reid');
  await editing.getByRole('button', { name: 'Add Daniel Reid' }).click();
  await expect(page.getByText('Daniel Reid is now a member of Discharge letters team.')).toBeVisible();
  await expect(editing.getByRole('list', { name: 'Members' })).toContainText('author@wardnote.test');
  await expect(editing.getByRole('heading', { name: 'Members (1)' })).toBeVisible();
  await axe(page, '[role=dialog]');
  await shots(page, 'group-dialog');

  // Edited: renamed, and a second permission.
  await editing.getByRole('textbox', { name: 'Name' }).fill('Discharge team');
  await editing.getByRole('checkbox', { name: /^qa/ }).check();
  await editing.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved: Discharge team.')).toBeVisible();
  const row = groups.getByRole('row', { name: /Discharge team/ });
  await expect(row).toContainText('Demo General Hospital only');
  await expect(row).toContainText('1 member');
  await expect(row.getByRole('list', { name: 'Permissions of Discharge team' }).getByRole('listitem')).toHaveText(['dictation.view', 'qa']);

  // Searched: nothing else matches.
  await page.getByLabel('Search groups').fill('zzz');
  await expect(page.getByText('No groups found')).toBeVisible();
  await page.getByLabel('Search groups').fill('discharge');
  await expect(groups.getByRole('row')).toHaveCount(2);

  // Deleted after a confirmation.
  await row.getByRole('button', { name: 'Delete Discharge team' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Discharge team?' });
  await expect(confirm).toContainText('Its members lose the permissions it gives them');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted: Discharge team.')).toBeVisible();
  await expect(page.getByText('No groups found')).toBeVisible();
  await page.getByLabel('Search groups').fill('');
  await expect(pool).toBeVisible();
  await axe(page);
});
