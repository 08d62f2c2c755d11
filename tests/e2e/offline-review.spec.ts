import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectPath, seriousViolations, signIn, screenshotBothSizes } from './helpers';
import { apiToken, waitForWorker } from './recording';

test.describe.configure({ timeout: 240_000 });

const AUTHOR = 'author@wardnote.test';

interface Row {
  id: number;
  reference: string;
  urgent: string;
  audio: { state: string } | null;
  assigned_to: { user_id: number } | null;
}

const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

async function approvalQueue(request: APIRequestContext, token: string, authorId: number): Promise<Row[]> {
  const res = await request.get(`/api/dictation?status=AUTHOR_APPROVAL&author=${authorId}&paginate=30`, auth(token));
  return ((await res.json()) as { data: { data: Row[] } }).data.data;
}

async function serverDictation(request: APIRequestContext, token: string, id: number) {
  const res = await request.get(`/api/dictation/${id}`, auth(token));
  return ((await res.json()) as { data: { status: string; assigned_to: { user_id: number } | null } }).data;
}

async function serverLetterText(request: APIRequestContext, token: string, id: number): Promise<string> {
  const res = await request.get(`/api/dictation/${id}/letter`, auth(token));
  return JSON.stringify(((await res.json()) as { data: { doc: unknown } }).data.doc);
}

const letter = (page: Page) => page.getByRole('textbox', { name: 'Letter' });

async function shoot(page: Page, name: string, focus?: Locator) {
  await screenshotBothSizes(page, (width) => `test-results/offline-review-${name}-${width}.png`, { focus });
}

test('the author reviews a prefetched letter with no signal: the list, the letter and the audio open; the edit and the return reach the server once back online', async ({
  page,
  context,
  request,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  const token = await apiToken(request, AUTHOR);
  const me = (await (await request.get('/api/user', auth(token))).json()) as { data: { id: number } };
  // The demo audio is converted in the background after the first start: wait until the queue's is playable.
  let queue: Row[] = [];
  await expect
    .poll(
      async () => {
        queue = await approvalQueue(request, token, me.data.id);
        return queue.length > 0 && queue.every((r) => !r.audio || r.audio.state === 'ready');
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe(true);
  const target = queue.find((r) => r.audio?.state === 'ready')!;
  expect(target).toBeTruthy();
  const withAudio = queue.filter((r) => r.audio?.state === 'ready').length;

  await signIn(page, AUTHOR);
  await expectPath(page, '/AUTHOR_APPROVAL');
  await waitForWorker(context, page);
  await expect(page.getByText(target.reference)).toBeVisible();

  // The list loaded: the queue is copied to the device. Preferences show it (and pass axe).
  await page.getByRole('link', { name: 'Profile' }).click();
  await expectPath(page, '/preference');
  const section = page.getByTestId('offline-review');
  await expect(section.getByTestId('offline-review-usage')).toContainText(
    `${queue.length} ${queue.length === 1 ? 'letter' : 'letters'} (${withAudio} with audio)`,
    { timeout: 60_000 },
  );
  await expect(section.getByTestId('offline-review-usage')).toContainText(/Today \d{2}:\d{2}/);
  await expect(section.getByLabel('Space for offline review')).toHaveValue(String(200 * 1024 * 1024));
  expect(await seriousViolations(page, { include: '[data-testid="offline-review"]' })).toEqual([]);
  await shoot(page, 'preferences', section);

  // No signal: the app opens from the worker, the list from the device's copy.
  await context.setOffline(true);
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await page.goto('/AUTHOR_APPROVAL');
  await expect(page.getByText(/^offline — last synced \d{2}:\d{2}$/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(target.reference)).toBeVisible();
  await expect(page.getByText('Error fetching your request')).toHaveCount(0);
  await shoot(page, 'list');

  // The letter opens, editable, and the audio plays from the device's copy.
  await page.getByText(target.reference).click();
  await page.getByRole('alertdialog', { name: 'Do you want to be redirected?' }).getByRole('button', { name: 'Yes' }).click();
  await expectPath(page, `/dictation/${target.id}`);
  await expect(letter(page)).toHaveAttribute('contenteditable', 'true', { timeout: 30_000 });
  await expect.poll(() => page.evaluate(() => document.querySelector('audio')?.src ?? '')).toMatch(/^blob:/);
  await page.getByTestId('typist-player').getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(() => page.evaluate(() => document.querySelector('audio')?.currentTime ?? 0), { timeout: 20_000 }).toBeGreaterThan(0.3);
  await page.getByTestId('typist-player').getByRole('button', { name: 'Pause', exact: true }).click();

  await letter(page).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' Checked on the ward offline.');
  await expect(page.getByText('Offline — will send when online', { exact: true })).toBeVisible({ timeout: 30_000 });
  await shoot(page, 'letter');

  // Return to the typist with a reason: queued after the letter's save.
  const direct = page.getByRole('button', { name: 'Return to typist' });
  if (!(await direct.isVisible())) {
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Return to typist' }).click();
  } else await direct.click();
  const dialog = page.getByRole('dialog', { name: 'Return to typist' });
  await dialog.getByLabel(/^Reason/).fill('Please check the dose in paragraph two.');
  await dialog.getByRole('button', { name: 'Return to typist' }).click();
  await expect(page).not.toHaveURL(/\/dictation\//);
  // Still offline: the returned letter has left the author's offline list.
  await expect(page.getByText(/^offline — last synced/)).toBeVisible();
  await expect(page.getByText(target.reference)).toHaveCount(0);

  // Back online: the save, then the return, reach the server in that order.
  await context.unroute('**/api/**');
  await context.setOffline(false);
  await expect.poll(() => serverLetterText(request, token, target.id), { timeout: 60_000 }).toContain('Checked on the ward offline.');
  await expect.poll(async () => (await serverDictation(request, token, target.id)).status, { timeout: 60_000 }).toBe('BEING_TYPED');
  const comments = await request.get(`/api/dictation/${target.id}/comments`, auth(token));
  expect(JSON.stringify(await comments.json())).toContain('Please check the dose in paragraph two.');
  // Online again, the list is the server's: no offline notice.
  await page.reload();
  await expect(page.getByText(/^offline — last synced/)).toHaveCount(0);

  // Leave the demo data as it was: the same typist sends it back for approval.
  const typistId = (await serverDictation(request, token, target.id)).assigned_to?.user_id;
  const manager = await apiToken(request, 'manager@wardnote.test');
  const users = (await (await request.get('/api/users?paginate=100', auth(manager))).json()) as {
    users: { data: { id: number; email: string }[] };
  };
  const typist = await apiToken(request, users.users.data.find((u) => u.id === typistId)!.email);
  const version = ((await (await request.get(`/api/dictation/${target.id}/letter`, auth(typist))).json()) as { data: { version: number } })
    .data.version;
  const back = await request.post(`/api/dictation/${target.id}/transition`, {
    ...auth(typist),
    data: { action: 'send_for_approval', base_version: version },
  });
  expect(back.status()).toBe(200);
});

test('a letter changed on the server while the author edited it offline: back online the two versions are shown side by side, nothing is overwritten', async ({
  page,
  context,
  request,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  const token = await apiToken(request, AUTHOR);
  const me = (await (await request.get('/api/user', auth(token))).json()) as { data: { id: number } };
  const queue = await approvalQueue(request, token, me.data.id);
  const target = queue.at(-1)!;
  expect(target).toBeTruthy();

  await signIn(page, AUTHOR);
  await expectPath(page, '/AUTHOR_APPROVAL');
  await waitForWorker(context, page);
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByTestId('offline-review-usage')).toContainText(`${queue.length} letters`, { timeout: 60_000 });

  await context.setOffline(true);
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await page.goto('/AUTHOR_APPROVAL');
  await page.getByText(target.reference).click();
  await page.getByRole('alertdialog', { name: 'Do you want to be redirected?' }).getByRole('button', { name: 'Yes' }).click();
  await expect(letter(page)).toHaveAttribute('contenteditable', 'true', { timeout: 30_000 });
  await letter(page).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' Edited offline on the ward.');
  await expect(page.getByText('Offline — will send when online', { exact: true })).toBeVisible({ timeout: 30_000 });

  // Meanwhile the letter changes on the server (the author's desktop, say).
  const current = (
    (await (await request.get(`/api/dictation/${target.id}/letter`, auth(token))).json()) as {
      data: { doc: { type: string; content: unknown[] }; version: number };
    }
  ).data;
  const changed = {
    ...current.doc,
    content: [...current.doc.content, { type: 'paragraph', content: [{ type: 'text', text: 'Added at the desk.' }] }],
  };
  const put = await request.put(`/api/dictation/${target.id}/letter`, {
    ...auth(token),
    data: { doc: changed, base_version: current.version, final: false },
  });
  expect(put.status()).toBe(200);

  await context.unroute('**/api/**');
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Two versions of this letter' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Added at the desk.').first()).toBeVisible();
  // Online again: the page no longer says it shows the device's copy.
  await expect(page.getByTestId('offline-copy-notice')).toHaveCount(0);
  const server = await serverLetterText(request, token, target.id);
  expect(server).toContain('Added at the desk.');
  expect(server).not.toContain('Edited offline on the ward.');
  await shoot(page, 'conflict', page.getByRole('heading', { name: 'Two versions of this letter' }));

  // Leave the demo letter as it was.
  const now = ((await (await request.get(`/api/dictation/${target.id}/letter`, auth(token))).json()) as { data: { version: number } }).data;
  await request.put(`/api/dictation/${target.id}/letter`, {
    ...auth(token),
    data: { doc: current.doc, base_version: now.version, final: false },
  });
});
