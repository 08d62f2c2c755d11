import type { APIRequestContext, Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { MeshClient } from '../../server/adapters/mesh/mesh-client';
import { openSignedIn, seriousViolations } from './helpers';
import { sendOneForApproval } from './letters-for-approval';
import { MESH_SHARED_KEY, MESH_URL, MESH_WORKFLOW, PRACTICE } from './mesh-mailboxes';
import { MESH_APP_PORT } from './ports';
import { apiToken } from './recording';

/**
 * Letters out with a GP copy sent electronically (issue 13), on the browser tests' MESH server
 * (tests/e2e/mesh-app-server.ts: the app with MESH_* pointing at the in-test MESH server). The trust admin
 * saves the trust's ODS code, so GP copies go over MESH; the author approves a letter to the patient by
 * post, copied to the GP practice over MESH and to a consultant by e-mail; the practice collects the
 * letter through the MESH API as its own system does, and the Delivery tab follows.
 */
test.use({ baseURL: `http://localhost:${MESH_APP_PORT}`, serviceWorkers: 'block' });
test.describe.configure({ timeout: 180_000 });

const AUTHOR = 'author@wardnote.test';
const SECRETARY = 'secretary@wardnote.test';
const TRUST_ADMIN = 'trustadmin@wardnote.test';
const SHOTS = process.env.SHOTS_DIR ?? 'test-results';
const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

const data = async <T>(request: APIRequestContext, token: string, path: string, init?: { method: 'PUT'; body: unknown }): Promise<T> => {
  const res = init ? await request.put(path, { ...auth(token), data: init.body }) : await request.get(path, auth(token));
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: T }).data;
};

type Entry = { recipient: Record<string, string>; email: string; address_lines: string[]; channel: string | null; from_index: boolean };

const GP_OVER_MESH: Entry = {
  recipient: { type: 'gp', id: PRACTICE.odsCode, name: PRACTICE.name, patient_id: '9434765919' },
  email: '',
  address_lines: PRACTICE.address,
  channel: 'gp_electronic',
  from_index: false,
};
const CONSULTANT_BY_EMAIL: Entry = {
  recipient: { type: 'clinician', id: 'GMC7654321', name: 'Dr Priya Shah' },
  email: 'priya.shah@trust.example',
  address_lines: [],
  channel: 'email',
  from_index: false,
};

/**
 * The app behind the MESH server boots alongside the other servers (playwright.config.ts): wait until it
 * is up. Then the trust admin saves the trust's own ODS code, which is what makes MESH usable for its GP
 * copies (distribution settings); saving it again changes nothing.
 */
async function trustSendsOverMesh(request: APIRequestContext): Promise<void> {
  await expect
    .poll(async () => (await request.get('/api/health').catch(() => null))?.status() ?? 0, { timeout: 120_000, intervals: [500] })
    .toBe(200);
  const admin = await apiToken(request, TRUST_ADMIN);
  const trustId = (await data<{ site: { trust_id: number } }>(request, admin, '/api/user')).site.trust_id;
  const settings = await data<{ email_subject_tag: string; stuck_letter_hours: number | null }>(
    request,
    admin,
    `/api/trusts/${trustId}/distribution`,
  );
  await data(request, admin, `/api/trusts/${trustId}/distribution`, {
    method: 'PUT',
    body: { email_subject_tag: settings.email_subject_tag, ods_code: 'RXX01', stuck_letter_hours: settings.stuck_letter_hours },
  });
}

/** A letter for Arthur PENROSE waiting for the author's approval: to the patient by post, copied to `cc`. */
async function letterFor(request: APIRequestContext, cc: Entry[]): Promise<{ id: number; reference: string }> {
  const letter = await sendOneForApproval(request, await apiToken(request, SECRETARY));
  const author = await apiToken(request, AUTHOR);
  const lists = await data<{ to: Entry[] }>(request, author, `/api/dictation/${letter.id}/recipients`);
  const patient = lists.to.find((e) => e.recipient.type === 'patient')!;
  await data(request, author, `/api/dictation/${letter.id}/recipients`, {
    method: 'PUT',
    body: {
      to: [{ ...patient, email: '', address_lines: ['4 Mill Lane', 'Demoton', 'DM2 7QT'], channel: 'print', from_index: false }],
      cc,
    },
  });
  return letter;
}

/** The value shown next to a label in a delivery card. */
const shown = (card: Locator, label: string) =>
  card.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

test('a GP copy goes over MESH: sent with its message id, then acknowledged once the practice collects it', async ({ page, request }) => {
  await trustSendsOverMesh(request);
  // A letter for Arthur PENROSE: to the patient by post, copied to his GP practice over MESH and to a consultant by e-mail.
  const letter = await letterFor(request, [GP_OVER_MESH, CONSULTANT_BY_EMAIL]);
  const secretary = await apiToken(request, SECRETARY);
  const author = await apiToken(request, AUTHOR);

  // The author approves it in the browser.
  await page.setViewportSize({ width: 1024, height: 768 });
  await openSignedIn(page, AUTHOR, `/dictation/${letter.id}`);
  await page.getByRole('button', { name: 'Approve (Q)' }).click();
  await expect(page).not.toHaveURL(/\/dictation\//);
  await expect
    .poll(async () => (await data<{ status: string }>(request, author, `/api/dictation/${letter.id}`)).status)
    .toBe('MANUAL_DISTRIBUTION');

  // The Delivery tab: the GP copy sent over MESH with its message id, the e-mail delivered, the patient's copy to print.
  await page.goto(`/dictation/${letter.id}`);
  await page.getByRole('tab', { name: 'Delivery' }).click();
  const log = page.getByRole('list', { name: 'Deliveries' });
  const gp = log.getByRole('listitem').filter({ hasText: PRACTICE.name });
  const consultant = log.getByRole('listitem').filter({ hasText: 'Dr Priya Shah' });
  const post = log.getByRole('listitem').filter({ hasText: 'Arthur Penrose' });
  await expect(gp.getByText('Sent over MESH — waiting for the practice')).toBeVisible({ timeout: 30_000 });
  await expect(shown(gp, 'Channel')).toHaveText('GP electronic (MESH)');
  await expect(shown(gp, 'MESH message ID')).toHaveText(/^\w+$/);
  await expect(consultant.getByText('Delivered', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(shown(consultant, 'Channel')).toHaveText('E-mail');
  await expect(post.getByText('Waiting to be printed and posted')).toBeVisible();
  const messageId = (await shown(gp, 'MESH message ID').textContent())!.trim();
  expect(await seriousViolations(page, { include: 'aside' })).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/mesh-delivery-sent-1024.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await gp.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/mesh-delivery-sent-390.png` });
  await page.setViewportSize({ width: 1024, height: 768 });

  // The patient's copy is in the print queue.
  const queue = await data<{ dictation_id: number; recipient: { name: string } }[]>(request, secretary, '/api/print-queue?per_page=100');
  expect(queue.filter((q) => q.dictation_id === letter.id).map((q) => q.recipient.name)).toEqual(['Arthur Penrose']);

  // The practice's system collects it through the MESH API as the practice's mailbox: inbox, download, acknowledge.
  const practice = new MeshClient({
    url: MESH_URL,
    mailboxId: PRACTICE.mailbox,
    password: PRACTICE.password,
    sharedKey: MESH_SHARED_KEY,
    workflowId: MESH_WORKFLOW,
    timeoutMs: 10_000,
  });
  try {
    expect(await practice.listInbox()).toContain(messageId);
    const received = await practice.download(messageId);
    expect(received).toMatchObject({ messageType: 'DATA', mex: { workflowid: MESH_WORKFLOW, from: 'X26HC006' } });
    const bundle = JSON.parse(received.body.toString('utf8')) as {
      resourceType: string;
      type: string;
      entry: { resource: { resourceType: string } }[];
    };
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'document' });
    expect(bundle.entry.map((e) => e.resource.resourceType)).toContain('Binary');
    await practice.acknowledge(messageId);
    expect(await practice.listInbox()).not.toContain(messageId);
  } finally {
    practice.close();
  }

  // Tracking sees the acknowledgement: the open Delivery tab follows without a reload.
  await expect(gp.getByText('Acknowledged by the practice')).toBeVisible({ timeout: 45_000 });
  await expect(shown(gp, 'Acknowledged')).not.toBeEmpty();
  await expect(shown(gp, 'Sent')).not.toBeEmpty();
  await expect(post.getByText('Waiting to be printed and posted')).toBeVisible();
  expect(await seriousViolations(page, { include: 'aside' })).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/mesh-delivery-acknowledged-1024.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await gp.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/mesh-delivery-acknowledged-390.png` });
  // The letter waits for its printed copy only.
  expect((await data<{ status: string }>(request, author, `/api/dictation/${letter.id}`)).status).toBe('MANUAL_DISTRIBUTION');
});

test('MESH gives up on a GP copy the practice never collected: the typist sees why and sends it over MESH again', async ({
  page,
  request,
}) => {
  await trustSendsOverMesh(request);
  const letter = await letterFor(request, [GP_OVER_MESH]);
  const author = await apiToken(request, AUTHOR);
  const approved = await request.post(`/api/dictation/${letter.id}/transition`, { ...auth(author), data: { action: 'approve' } });
  expect(approved.status(), await approved.text()).toBe(200);

  await page.setViewportSize({ width: 1024, height: 768 });
  await openSignedIn(page, SECRETARY, `/dictation/${letter.id}`);
  await page.getByRole('tab', { name: 'Delivery' }).click();
  const log = page.getByRole('list', { name: 'Deliveries' });
  const first = log.getByRole('listitem').filter({ hasText: PRACTICE.name }).first();
  await expect(first.getByText('Sent over MESH — waiting for the practice')).toBeVisible({ timeout: 30_000 });
  const messageId = (await shown(first, 'MESH message ID').textContent())!.trim();

  // Five days pass and the practice has not collected it: MESH withdraws it and puts an error report in our inbox.
  const expired = await request.post(`${MESH_URL}/_control/expire/${encodeURIComponent(messageId)}`);
  expect(expired.status(), await expired.text()).toBe(200);

  // The open tab follows: failed, MESH's reason in words, and a resend.
  const reason = 'The GP practice did not collect the letter from MESH within five days, so MESH withdrew it. (MESH code 14)';
  await expect(first.getByText('Failed', { exact: true })).toBeVisible({ timeout: 45_000 });
  await expect(first.getByText(reason)).toBeVisible();
  await expect(first.getByLabel('Send again by')).toHaveValue('gp_electronic');
  expect(await seriousViolations(page, { include: 'aside' })).toEqual([]);
  await first.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/mesh-delivery-failed-1024.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await first.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/mesh-delivery-failed-390.png` });
  await page.setViewportSize({ width: 1024, height: 768 });

  // Sent again over MESH: a new message, waiting for the practice; the failed one stays in the log.
  await first.getByRole('button', { name: `Resend to ${PRACTICE.name}` }).click();
  await expect(page.getByText(/sent again \(GP electronic \(MESH\)\)/)).toBeVisible();
  await expect(first.getByText('Failed, sent again')).toBeVisible();
  const again = log.getByRole('listitem').filter({ hasText: PRACTICE.name }).last();
  await expect(again.getByText('Sent over MESH — waiting for the practice')).toBeVisible({ timeout: 30_000 });
  await expect(shown(again, 'MESH message ID')).not.toHaveText(messageId);
});
