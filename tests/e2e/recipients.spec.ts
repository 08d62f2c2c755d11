import { expect, test } from './fixtures';
import { openSignedIn, seriousViolations } from './helpers';
import { sendOneForApproval } from './letters-for-approval';
import { apiToken } from './recording';

test.describe.configure({ timeout: 240_000 });

const AUTHOR = 'author@wardnote.test';
const SECRETARY = 'secretary@wardnote.test';
const SHOTS = process.env.SHOTS_DIR ?? 'test-results';

test('the author is stopped before approval by a recipient nothing reaches, edits the recipients, approves, and the Delivery tab shows them', async ({
  page,
  request,
}) => {
  // A manual letter for Arthur PENROSE, whom the demo's patient index does not know: no address, no e-mail.
  const secretary = await apiToken(request, SECRETARY);
  const letter = await sendOneForApproval(request, secretary);

  await page.setViewportSize({ width: 1024, height: 768 });
  await openSignedIn(page, AUTHOR, `/dictation/${letter.id}`);

  // Approve is refused before anything is sent, naming the recipient, and the Recipients tab opens.
  await page.getByRole('button', { name: 'Approve (Q)' }).click();
  await expect(page.getByText(/^Not approved yet\. The letter cannot reach the patient Arthur Penrose/)).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Recipients' })).toHaveAttribute('aria-selected', 'true');
  const editor = page.getByRole('form', { name: 'Recipients' });
  const patient = editor.getByRole('listitem', { name: 'Patient: Arthur Penrose' });
  await expect(patient.getByText('neither an e-mail nor a postal address is known')).toBeVisible();
  expect(await seriousViolations(page, { include: 'aside' })).toEqual([]);

  // The patient gets an e-mail address; a consultant is copied in by e-mail.
  await patient.getByLabel('E-mail address').fill('arthur.penrose@example.org');
  await expect(patient.getByText('Channel: E-mail')).toBeVisible();
  await editor.getByLabel('Add a recipient to Copy to').selectOption({ label: 'New: clinician' });
  const added = editor.getByRole('region', { name: 'Copy to' }).getByRole('listitem').last();
  await added.getByLabel('Name').fill('Dr Priya Shah');
  await added.getByLabel('Clinician code (e.g. GMC number)').fill('GMC7654321');
  await added.getByLabel('E-mail address').fill('priya.shah@trust.example');
  // Unsaved changes are not approved past.
  await page.getByRole('button', { name: 'Approve (Q)' }).click();
  await expect(page.getByText('You have changed the recipients: save them or undo the changes before approving.')).toBeVisible();
  expect(await seriousViolations(page, { include: 'aside' })).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/recipients-editor-1024.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await editor.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/recipients-editor-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1024, height: 768 });

  await editor.getByRole('button', { name: 'Save recipients' }).click();
  await expect(page.getByText('Recipients saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Approve (Q)' }).click();
  await expect(page).not.toHaveURL(/\/dictation\//);

  // Approved (through the outbox, after the saved recipients): the Delivery tab lists the edited recipients.
  const author = await apiToken(request, AUTHOR);
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dictation/${letter.id}`, { headers: { Authorization: `Bearer ${author}` } });
      return ((await res.json()) as { data: { status: string } }).data.status;
    })
    .toMatch(/MANUAL_DISTRIBUTION|SENT/);
  await page.goto(`/dictation/${letter.id}`);
  await page.getByRole('tab', { name: 'Delivery' }).click();
  const log = page.getByRole('list', { name: 'Deliveries' });
  await expect(log.getByRole('listitem').filter({ hasText: 'Arthur Penrose' }).getByText('E-mail').first()).toBeVisible();
  await expect(log.getByRole('listitem').filter({ hasText: 'Dr Priya Shah' }).getByText('E-mail').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/recipients-delivery-1024.png` });

  // After approval the recipients are read-only.
  await page.getByRole('tab', { name: 'Recipients' }).click();
  await expect(page.getByRole('region', { name: 'Copy to' }).getByText('Dr Priya Shah')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save recipients' })).toHaveCount(0);
  await expect(page.getByLabel('Add a recipient to Copy to')).toHaveCount(0);
});
