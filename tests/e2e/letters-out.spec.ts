import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { openSignedIn, seriousViolations } from './helpers';
import { apiToken } from './recording';

test.describe.configure({ timeout: 240_000 });

const MANAGER = 'manager@wardnote.test';
const SECRETARY = 'secretary@wardnote.test';
const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

interface Item {
  id: number;
  dictation_id: number;
  reference: string;
  channel: string;
  status: string;
  reason: string | null;
  recipient: { type: string; name: string };
}

const get = async <T>(request: APIRequestContext, token: string, path: string): Promise<T> => {
  const res = await request.get(path, auth(token));
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: T }).data;
};

/** A demo SENT letter whose GP copy was printed because MESH is not set up, and that also went by e-mail. */
async function sentWithGpPrinted(request: APIRequestContext, token: string): Promise<{ id: number; reference: string }> {
  const page = await get<{ data: { id: number; reference: string }[] }>(request, token, '/api/dictation?status=SENT&page=1&paginate=30');
  for (const d of page.data) {
    const log = await get<Item[]>(request, token, `/api/dictation/${d.id}/deliveries`);
    if (log.some((x) => x.recipient.type === 'gp' && x.channel === 'print' && x.status === 'posted')) return d;
  }
  throw new Error('the demo has no SENT letter with a printed GP copy');
}

test('a manager reads a letter’s delivery log and resends the failed e-mail; it is delivered', async ({ page, request }) => {
  const token = await apiToken(request, MANAGER);
  const sent = await sentWithGpPrinted(request, token);
  const failed = (await get<Item[]>(request, token, '/api/deliveries/failed?per_page=100')).find((f) => f.reason?.includes('550 5.1.1'));
  expect(failed, 'the demo’s refused e-mail').toBeDefined();

  await page.setViewportSize({ width: 1024, height: 768 });
  // A SENT letter: every copy has gone; the GP's was printed and the log says why.
  await openSignedIn(page, MANAGER, `/dictation/${sent.id}`);
  await page.getByRole('tab', { name: 'Delivery' }).click();
  const log = page.getByRole('list', { name: 'Deliveries' });
  await expect(log.getByText('Posted', { exact: true }).first()).toBeVisible();
  await expect(log.getByText(/no MESH mailbox is configured/).first()).toBeVisible();
  await expect(log.getByText('Channel')).not.toHaveCount(0);
  await expect(log.getByRole('button', { name: /Resend/ })).toHaveCount(0);
  expect(await seriousViolations(page, { include: 'aside' })).toEqual([]);
  await page.screenshot({ path: 'test-results/letters-out-log-1024.png' });

  // The letter with the refused e-mail: the reason in words, and Resend with a choice of channel.
  await page.goto(`/dictation/${failed!.dictation_id}`);
  await page.getByRole('tab', { name: 'Delivery' }).click();
  const card = page.getByRole('listitem').filter({ hasText: 'The mail server refused the e-mail address (550 5.1.1).' });
  await expect(card.getByText('Failed', { exact: true })).toBeVisible();
  await expect(card.getByLabel('Send again by')).toHaveValue('email');
  expect(await seriousViolations(page, { include: 'aside' })).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/letters-out-log-390.png' });
  await page.setViewportSize({ width: 1024, height: 768 });

  // Sent again by e-mail: without a mail server it goes to the local mailbox, and shows delivered.
  await card.getByRole('button', { name: /^Resend/ }).click();
  await expect(page.getByText(/sent again \(E-mail\)/)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Failed, sent again' })).toBeVisible();
  await expect(
    page
      .getByRole('list', { name: 'Deliveries' })
      .getByRole('listitem')
      .filter({ hasText: failed!.recipient.name })
      .filter({ hasText: 'Delivered' }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('list', { name: 'Deliveries' }).getByText('Message ID')).toBeVisible();
  await page.screenshot({ path: 'test-results/letters-out-resent-1024.png' });
  expect((await get<Item[]>(request, token, '/api/deliveries/failed?per_page=100')).map((f) => f.id)).not.toContain(failed!.id);
});

test('a secretary prints the selected letters as one PDF, marks them posted, and the letter is Sent', async ({ page, request }) => {
  const token = await apiToken(request, SECRETARY);
  const queue = await get<Item[]>(request, token, '/api/print-queue?per_page=100');
  expect(queue.length).toBeGreaterThan(0);
  // A letter whose only outstanding copies are printed ones: posting them completes it.
  let target: Item[] = [];
  for (const dictationId of new Set(queue.map((q) => q.dictation_id))) {
    const log = await get<Item[]>(request, token, `/api/dictation/${dictationId}/deliveries`);
    const open = log.filter((x) => !['delivered', 'posted'].includes(x.status) && !(x as { superseded?: boolean }).superseded);
    if (open.every((x) => x.status === 'printing')) {
      target = queue.filter((q) => q.dictation_id === dictationId);
      break;
    }
  }
  expect(target.length).toBeGreaterThan(0);
  const reference = target[0]!.reference;

  await page.setViewportSize({ width: 1024, height: 768 });
  await openSignedIn(page, SECRETARY, '/MANUAL_DISTRIBUTION');
  const panel = page.getByRole('region', { name: 'Letters out' });
  await expect(panel.getByRole('tab', { name: `To print (${queue.length})` })).toBeVisible();
  const letter = panel.getByRole('listitem').filter({ hasText: reference }).first();
  await expect(letter).toBeVisible();
  // Each card names whose letter it is (issue 23): the patient and their NHS number.
  const { patient } = await get<{ patient: { patient_first_name: string; patient_last_name: string; patient_nhs_id: string } }>(
    request,
    token,
    `/api/dictation/${target[0]!.dictation_id}`,
  );
  await expect(letter).toContainText(`${patient.patient_last_name.toUpperCase()}, ${patient.patient_first_name}`);
  const nhs = patient.patient_nhs_id.replace(/\D/g, '');
  await expect(letter).toContainText(`NHS number ${nhs.slice(0, 3)} ${nhs.slice(3, 6)} ${nhs.slice(6)}`);
  // Why GP copies are printed (no MESH mailbox) is said once, not on every GP copy.
  const reasons = queue.map((q) => q.reason).filter((r): r is string => !!r);
  const shared = reasons.find((r) => reasons.filter((x) => x === r).length > 1);
  expect(shared, 'the demo queue has several GP copies printed for the same reason').toBeTruthy();
  await expect(panel.getByText(shared!, { exact: true })).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/letters-out-queue-1024.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/letters-out-queue-390.png' });
  await page.setViewportSize({ width: 1024, height: 768 });

  // The failures list, on its own tab.
  await panel.getByRole('tab', { name: /^Failed/ }).click();
  await expect(panel.getByRole('list', { name: 'Failed deliveries' }).or(panel.getByText(/No failed deliveries/))).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/letters-out-failed-1024.png' });
  await panel.getByRole('tab', { name: /^To print/ }).click();

  for (const c of target) await letter.getByRole('checkbox', { name: new RegExp(c.recipient.name) }).check();
  const printed = page.waitForEvent('download');
  await panel.getByRole('button', { name: `Print selected (${target.length})` }).click();
  const pdf = await readFile((await (await printed).path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await panel.getByRole('button', { name: 'Mark as posted' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Mark as posted' });
  await expect(confirm).toBeVisible();
  expect(await seriousViolations(page, { include: '[role="alertdialog"]' })).toEqual([]);
  await confirm.getByRole('button', { name: 'Mark as posted' }).click();
  await expect(page.getByText(target.length === 1 ? 'Marked as posted.' : `${target.length} letters marked as posted.`)).toBeVisible();
  await expect(panel.getByText(reference)).toHaveCount(0);

  // Every copy has gone: the letter is in Sent.
  await page.getByRole('link', { name: /^Sent/ }).click();
  await expect(page.getByText(reference).first()).toBeVisible();

  // Offline, the print queue says so in words instead of failing.
  await page.context().setOffline(true);
  await page.getByRole('link', { name: /^Manual Distribution/ }).click();
  await expect(
    page.getByRole('region', { name: 'Letters out' }).getByText(/^You are offline\. Deliveries and the print queue/),
  ).toBeVisible();
  await page.context().setOffline(false);
});
