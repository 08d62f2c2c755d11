import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { startAppServer, type AppServer } from './app-server';
import { expect, test as base } from './fixtures';
import { expectPath, openSignedIn, screenshotBothSizes, seriousViolations, signIn } from './helpers';
import { WORKER_PORT_BASE } from './ports';
import { apiToken } from './recording';

/**
 * Issue 25 in the browser: a TrustAdmin finds users by search and filters, invites a secretary (the
 * invitation reaches the in-test mail server; she opens its link in a fresh browser, chooses her password,
 * signs in and lands on her home), changes a user's roles, unlocks a locked account, resets a PIN,
 * deactivates an author with work in progress by naming an heir, and imports a CSV file with one bad row.
 * A SiteAdmin sees only their own site's users. Axe on every page and dialog; screenshots at both sizes.
 */

interface Mail {
  to: string;
  subject: string;
  text: string;
}
const inbox: Mail[] = [];

/** This spec's own server (its own worker): its mail goes to an SMTP server started here. */
const test = base.extend<object, { appServer: AppServer }>({
  appServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
    async ({}, use, workerInfo) => {
      const smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['AUTH', 'STARTTLS'],
        logger: false,
        onData(stream, _session, cb) {
          void simpleParser(stream).then(
            (m) => {
              inbox.push({ to: m.to && !Array.isArray(m.to) ? m.to.text : '', subject: m.subject ?? '', text: m.text ?? '' });
              cb();
            },
            (err: Error) => cb(err),
          );
        },
      });
      await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
      const { port } = smtp.server.address() as AddressInfo;
      const server = await startAppServer(WORKER_PORT_BASE + workerInfo.workerIndex, 120_000, { SMTP_URL: `smtp://127.0.0.1:${port}` });
      await use(server);
      await server.stop();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

test.describe.configure({ timeout: 240_000 });

const TRUST_ADMIN = 'trustadmin@wardnote.test';
const SITE_ADMIN = 'siteadmin@wardnote.test';
const SHOTS = 'test-results/admin-users';
const shots = (page: Page, name: string) => screenshotBothSizes(page, (w) => `${SHOTS}/${name}-${w}.png`);
/** Axe on the page's content (or a dialog): the toasts are the shell's and checked by its own tests. */
const axe = async (page: Page, include = 'main') => expect(await seriousViolations(page, { include, withTargets: true })).toEqual([]);

const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });

test('a TrustAdmin finds users, invites a secretary who sets her password and signs in, and edits her roles', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openSignedIn(page, TRUST_ADMIN, '/users');
  await expect(usersTable(page).getByRole('row', { name: /Jenny Walsh/ })).toBeVisible();
  await axe(page);
  await shots(page, 'list');

  // Search and filters: by name, then by role and site; nothing found says the spec's words.
  await page.getByLabel('Search users').fill('wal');
  await expect(usersTable(page).getByRole('row')).toHaveCount(2);
  await expect(
    usersTable(page).getByRole('row', { name: /Jenny Walsh.*secretary@wardnote\.test.*Demo General Hospital.*Secretary/ }),
  ).toBeVisible();
  await page.getByLabel('Search users').fill('');
  await page.getByLabel('Role').selectOption('Author');
  await page.getByLabel('Site', { exact: true }).selectOption({ label: 'Demo Community Hospital' });
  await expect(usersTable(page).getByRole('row')).toHaveCount(2);
  await expect(usersTable(page).getByRole('row', { name: /Hannah Price/ })).toBeVisible();
  await page.getByLabel('Search users').fill('zzz');
  await expect(page.getByText('No User Access Found')).toBeVisible();
  await page.getByLabel('Search users').fill('');
  await page.getByLabel('Role').selectOption('');
  await page.getByLabel('Site', { exact: true }).selectOption('');

  // The invitation: an empty form is refused under its fields, the focus on the first.
  await page.getByRole('button', { name: 'Invite user' }).click();
  const form = page.getByRole('form', { name: 'Invite a user' });
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(form.getByText('Enter the first name.')).toBeVisible();
  await expect(form.getByText('Choose at least one role.')).toBeVisible();
  await expect(form.getByLabel('First name')).toBeFocused();
  // A TrustAdmin cannot make a SuperAdmin: offered disabled, with the reason.
  await expect(form.getByRole('checkbox', { name: /Super administrator/ })).toBeDisabled();
  await expect(form.getByText('You cannot give or take away the role SuperAdmin: only a higher administrator can.')).toBeVisible();
  await form.getByLabel('First name').fill('Nora');
  await form.getByLabel('Last name').fill('Quinn');
  await form.getByLabel('E-mail').fill('Nora.Quinn@wardnote.test');
  await form.getByLabel('Site', { exact: true }).selectOption({ label: 'Demo General Hospital' });
  await form.getByRole('checkbox', { name: 'Secretary' }).check();
  await axe(page);
  await shots(page, 'invite-form');
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(/^Invitation sent to nora\.quinn@wardnote\.test\./)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Nora Quinn', level: 1 })).toBeVisible();
  await expect(page.getByText('Invited', { exact: true })).toBeVisible();
  await axe(page);
  await shots(page, 'edit-invited');

  // Sent again: a second e-mail, whose link replaces the first.
  const toNora = () => inbox.filter((m) => m.to.includes('nora.quinn@wardnote.test'));
  await expect.poll(() => toNora().length, { timeout: 20_000 }).toBe(1);
  await page.getByRole('button', { name: 'Resend invitation' }).click();
  const resend = page.getByRole('alertdialog', { name: 'Send Nora Quinn a new invitation?' });
  await axe(page, '[role=alertdialog]');
  await resend.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(/^A new invitation was sent to nora\.quinn@wardnote\.test/)).toBeVisible();

  // The e-mail carries her set-password link; she opens it in a browser of her own.
  await expect.poll(() => toNora().length, { timeout: 20_000 }).toBe(2);
  const mail = toNora().at(-1)!;
  expect(mail.subject).toBe('You have been invited to Wardnote');
  const link = /https?:\/\/\S+\/password\/reset\/\S+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  const nora = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const her = await nora.newPage();
  await her.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(her.getByRole('heading', { name: /Welcome to Wardnote|Choose a new password/ })).toBeVisible();
  await expect(await seriousViolations(her)).toEqual([]);
  await her.screenshot({ path: `${SHOTS}/set-password-390.png` });
  await her.getByLabel('New password', { exact: true }).fill('Nora-chose-this-1');
  await her.getByLabel('Repeat the new password').fill('Nora-chose-this-1');
  await her.getByRole('button', { name: /Set password|Save new password/ }).click();
  await her.getByRole('link', { name: 'Go to sign in' }).click();
  await signIn(her, 'nora.quinn@wardnote.test', 'Nora-chose-this-1');
  await expectPath(her, '/READY_FOR_TYPING');
  await nora.close();

  // Accepted: no longer invited. Her roles change: Manager too.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Nora Quinn', level: 1 })).toBeVisible();
  await expect(page.getByText('Invited', { exact: true })).toHaveCount(0);
  const edit = page.getByRole('form', { name: 'Edit Nora Quinn' });
  await edit.getByRole('checkbox', { name: 'Manager' }).check();
  // Unsaved: leaving asks first; staying keeps the change.
  await edit.getByRole('button', { name: 'Cancel' }).click();
  const leave = page.getByRole('alertdialog', { name: 'Are you sure you want to leave this page?' });
  await expect(leave.getByText('Any unsaved changes may be lost.')).toBeVisible();
  await leave.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit.getByRole('checkbox', { name: 'Manager' })).toBeChecked();
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved: Nora Quinn.')).toBeVisible();
  await page.goto('/users');
  await page.getByLabel('Search users').fill('quinn');
  await expect(usersTable(page).getByRole('row', { name: /Nora Quinn.*Manager, Secretary/ })).toBeVisible();
});

test('a TrustAdmin unlocks a locked account, resets a PIN, and deactivates an author by naming an heir', async ({ page, request }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  // Mia Hart is locked out: five wrong passwords.
  for (let i = 0; i < 6; i++) await request.post('/api/login', { data: { email: 'trainee@wardnote.test', password: 'wrong-password' } });
  await openSignedIn(page, TRUST_ADMIN, '/users');
  await page.getByLabel('Locked').selectOption('locked');
  const mia = usersTable(page).getByRole('row', { name: /Mia Hart/ });
  await expect(mia).toContainText('Locked');
  await mia.getByRole('link', { name: 'Mia Hart' }).click();
  await page.getByRole('button', { name: 'Unlock' }).click();
  const unlock = page.getByRole('alertdialog', { name: 'Unlock Mia Hart’s account?' });
  await expect(unlock).toBeVisible();
  await axe(page, '[role=alertdialog]');
  await shots(page, 'unlock-dialog');
  await unlock.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByText(/Mia Hart can sign in again/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unlock' })).toHaveCount(0);
  expect((await request.post('/api/login', { data: { email: 'trainee@wardnote.test', password: 'Wardnote-demo-1' } })).status()).toBe(200);

  // Hannah Price's PIN is cleared.
  await page.goto('/users');
  await page.getByLabel('Search users').fill('price');
  await usersTable(page).getByRole('link', { name: 'Hannah Price' }).click();
  await page.getByRole('button', { name: 'Reset PIN' }).click();
  const pin = page.getByRole('alertdialog', { name: 'Reset Hannah Price’s PIN?' });
  await axe(page, '[role=alertdialog]');
  await pin.getByRole('button', { name: 'Reset PIN' }).click();
  await expect(page.getByText(/Hannah Price’s PIN is cleared/)).toBeVisible();
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await page
    .getByRole('alertdialog', { name: 'Sign Hannah Price out everywhere?' })
    .getByRole('button', { name: 'Sign out everywhere' })
    .click();
  await expect(page.getByText('Hannah Price is signed out on every device.')).toBeVisible();

  // Daniel Reid has dictations in progress: deactivating him asks who takes over.
  await page.goto('/users');
  await page.getByLabel('Search users').fill('reid');
  await usersTable(page).getByRole('link', { name: 'Daniel Reid' }).click();
  await page.getByRole('button', { name: 'Deactivate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deactivate Daniel Reid?' });
  await expect(dialog.getByText(/Daniel Reid still has \d+ dictations? they author/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Deactivate' }).click();
  await expect(
    dialog.getByText('Choose an active author of the same trust, other than the user being deactivated, to take over their work.'),
  ).toBeVisible();
  await expect(dialog.getByLabel('Author who takes over')).toBeFocused();
  await axe(page, '[role=dialog]');
  await shots(page, 'deactivate-dialog');
  await dialog.getByLabel('Author who takes over').selectOption({ label: 'Amira Haddad (scribe@wardnote.test)' });
  await dialog.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText(/Daniel Reid is deactivated; Amira Haddad has taken over their work/)).toBeVisible();
  await expect(page.getByText('Deactivated', { exact: true })).toBeVisible();
  await axe(page);
  // And back: reactivated, he can sign in again.
  await page.getByRole('button', { name: 'Reactivate' }).click();
  await page.getByRole('alertdialog', { name: 'Reactivate Daniel Reid?' }).getByRole('button', { name: 'Reactivate' }).click();
  await expect(page.getByText('Daniel Reid is active again and can sign in.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Deactivate' })).toBeVisible();
});

test('a TrustAdmin imports users from a CSV file: the bad row is shown in words, skipped and listed', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openSignedIn(page, TRUST_ADMIN, '/users');
  await page.getByRole('button', { name: 'Import from CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import users from CSV' });
  const csv = [
    'first_name,last_name,email,site,roles',
    'Ravi,Patel,ravi.patel@wardnote.test,Demo General Hospital,Author',
    'Zoe,Adams,zoe.adams@wardnote.test,Demo General Hospital,Typist',
    'Sofia,Lopez,sofia.lopez@wardnote.test,Demo Community Hospital,Secretary;Manager',
  ].join('\n');
  await dialog.getByLabel('Choose a CSV file').setInputFiles({ name: 'new-staff.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const preview = dialog.getByRole('table', { name: 'Preview of the import' });
  await expect(preview.getByRole('row', { name: /Ravi Patel.*Ready/ })).toBeVisible();
  await expect(preview.getByRole('row', { name: /Zoe Adams/ })).toContainText('“Typist” is not a role.');
  await expect(dialog.getByRole('button', { name: 'Import 2 users' })).toBeEnabled();
  await axe(page, '[role=dialog]');
  await shots(page, 'import-preview');
  await dialog.getByRole('button', { name: 'Import 2 users' }).click();
  await expect(dialog.getByText(/^2 users imported/).first()).toBeVisible();
  await expect(dialog.getByText('1 row with errors was skipped:')).toBeVisible();
  await expect(dialog.getByRole('table', { name: 'Rows skipped' }).getByRole('row', { name: /Zoe Adams/ })).toBeVisible();
  await axe(page, '[role=dialog]');
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await page.getByLabel('Search users').fill('lopez');
  await expect(usersTable(page).getByRole('row', { name: /Sofia Lopez.*Demo Community Hospital.*Invited/ })).toBeVisible();
});

test('a SiteAdmin sees only their own site’s users', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openSignedIn(page, SITE_ADMIN, '/users');
  await expect(usersTable(page).getByRole('row', { name: /Jenny Walsh/ })).toBeVisible();
  await expect(page.getByLabel('Site', { exact: true }).getByRole('option')).toHaveText(['Demo General Hospital']);
  await expect(usersTable(page)).not.toContainText('Demo Community Hospital');
  await page.getByLabel('Search users').fill('price');
  await expect(page.getByText('No User Access Found')).toBeVisible();
  await axe(page);
  await shots(page, 'list-site-admin');
});

/**
 * The whole of issue 25 in one journey: a TrustAdmin sets up what a new service needs — a department, a job
 * type with a field of its own and a letter template, a secretary invited by e-mail and a group she belongs
 * to — and the secretary, from the invitation in her mailbox, chooses her password, signs in, starts a letter
 * of that job type and finds it begun from the template.
 */
test('a TrustAdmin sets up a department, a job type with a field and a template, a group and an invited secretary, who types a letter from the template', async ({
  page,
  browser,
  request,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openSignedIn(page, TRUST_ADMIN, '/departments');
  await page.getByRole('button', { name: 'Add department' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a department' });
  await dialog.getByLabel('Name').fill('Hand Surgery');
  await dialog.getByLabel('Code').fill('hnd');
  await dialog.getByRole('button', { name: 'Add department' }).click();
  await expect(page.getByText('Added: Hand Surgery.')).toBeVisible();

  // The job type: sent to the patient, a choice of which hand, and the letter's headings.
  const me = await request.get('/api/user', { headers: { Authorization: `Bearer ${await apiToken(request, TRUST_ADMIN)}` } });
  const trustId = ((await me.json()) as { data: { site: { trust_id: number } } }).data.site.trust_id;
  await page.goto(`/job-types/create/${trustId}`);
  const form = page.getByRole('form', { name: 'New job type' });
  await form.getByLabel('Name').fill('Hand Clinic Letter');
  await form.getByLabel('Department').selectOption({ label: 'Hand Surgery (HND)' });
  await form.getByRole('group', { name: 'Sent to' }).getByLabel('Patient').check();
  await form.getByRole('button', { name: 'Add field' }).click();
  await form.getByLabel('Field 1: label').fill('Which hand');
  await form.getByLabel('Kind').selectOption({ label: 'Choice from a list' });
  await form.getByLabel('Options').fill('Left\nRight\nBoth');
  await form.getByLabel('Required').check();
  await form.getByRole('textbox', { name: 'Heading 1' }).fill('Findings');
  await form.getByRole('textbox', { name: 'Heading 2' }).fill('Hand therapy plan');
  await form.getByRole('button', { name: 'Add job type' }).click();
  await expect(page.getByText('Added: Hand Clinic Letter.')).toBeVisible();

  // The secretary, invited.
  await page.goto('/users');
  await page.getByRole('button', { name: 'Invite user' }).click();
  const invite = page.getByRole('form', { name: 'Invite a user' });
  await invite.getByLabel('First name').fill('Olive');
  await invite.getByLabel('Last name').fill('Stone');
  await invite.getByLabel('E-mail').fill('olive.stone@wardnote.test');
  await invite.getByLabel('Site', { exact: true }).selectOption({ label: 'Demo General Hospital' });
  await invite.getByRole('checkbox', { name: 'Secretary' }).check();
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(/^Invitation sent to olive\.stone@wardnote\.test\./)).toBeVisible();

  // Her group: the hand clinic's typists.
  await page.goto('/groups');
  await page.getByRole('button', { name: 'Add group' }).click();
  const adding = page.getByRole('dialog', { name: 'Add a group' });
  await adding.getByRole('textbox', { name: 'Name' }).fill('Hand clinic typists');
  await adding.getByRole('checkbox', { name: /^dictation\.view/ }).check();
  await adding.getByRole('button', { name: 'Add group' }).click();
  const editing = page.getByRole('dialog', { name: 'Edit Hand clinic typists' });
  await editing.getByLabel('Find people to add').fill('stone');
  await editing.getByRole('button', { name: 'Add Olive Stone' }).click();
  await expect(page.getByText('Olive Stone is now a member of Hand clinic typists.')).toBeVisible();

  // Olive opens the invitation, chooses her password and signs in.
  const toOlive = () => inbox.filter((m) => m.to.includes('olive.stone@wardnote.test'));
  await expect.poll(() => toOlive().length, { timeout: 20_000 }).toBe(1);
  const link = /https?:\/\/\S+\/password\/reset\/\S+/.exec(toOlive()[0]!.text)?.[0];
  expect(link).toBeTruthy();
  const olive = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const her = await olive.newPage();
  await her.goto(new URL(link!).pathname + new URL(link!).search);
  await her.getByLabel('New password', { exact: true }).fill('Olive-types-letters-1');
  await her.getByLabel('Repeat the new password').fill('Olive-types-letters-1');
  await her.getByRole('button', { name: /Set password|Save new password/ }).click();
  await her.getByRole('link', { name: 'Go to sign in' }).click();
  await signIn(her, 'olive.stone@wardnote.test', 'Olive-types-letters-1');
  await expectPath(her, '/READY_FOR_TYPING');

  // A letter of the new job type: its own field is a list, and the letter starts from the template.
  await her.goto('/manualletter');
  await her.getByLabel(/^Author/).selectOption({ label: 'Daniel Reid' });
  await her.getByLabel('Service (required)').selectOption({ label: 'Hand Surgery (HND)' });
  await her.getByLabel('Job type').selectOption({ label: 'Hand Clinic Letter' });
  await her.getByRole('button', { name: 'Start the letter' }).click();
  await expect(her.getByText('Fill in Which hand.')).toBeVisible();
  await her.getByLabel('Which hand (required)').selectOption('Right');
  await her.getByRole('button', { name: 'Start the letter' }).click();
  await expect(her).toHaveURL(/\/dictation\/\d+$/);
  const letter = her.getByRole('textbox', { name: 'Letter' });
  await expect(letter.getByRole('heading', { name: 'Findings' })).toBeVisible();
  await expect(letter.getByRole('heading', { name: 'Hand therapy plan' })).toBeVisible();
  await letter.getByRole('heading', { name: 'Findings' }).click();
  await her.keyboard.press('End');
  await her.keyboard.press('Enter');
  await her.keyboard.type('Trigger finger of the right ring finger.');
  await expect(letter).toContainText('Trigger finger of the right ring finger.');
  await screenshotBothSizes(her, (w) => `${SHOTS}/journey-letter-${w}.png`);
  await olive.close();
});
