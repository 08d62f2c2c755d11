import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiToken, dispatchSync, openRecordingTab, outboxItems, record, recordingIds, serverDictation, stopAndDescribe } from './recording';
import { expectPath, seriousViolations, signIn } from './helpers';

test.describe.configure({ timeout: 120_000 });

test('1. recorded offline, submitted, page closed: the worker sends it when the network is back', async ({
  context,
  page,
  baseURL,
  request,
}) => {
  await openRecordingTab(page);
  await record(page, 20);
  await stopAndDescribe(page);
  const clock = (await page.getByTestId('elapsed').textContent())!;
  const clockMs = (Number(clock.split(':')[0]) * 60 + Number(clock.split(':')[1])) * 1000;
  const [clientId] = await recordingIds(page);

  await context.setOffline(true);
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: /Submit/ }).click();
  await expectPath(page, '/AUTHOR_APPROVAL');
  await expect.poll(async () => (await outboxItems(page)).length).toBe(1);
  await page.close();

  await context.unroute('**/api/**');
  await context.setOffline(false);
  await dispatchSync(context, new URL(baseURL!).origin);

  const token = await apiToken(request, 'author@wardnote.test');
  await expect.poll(async () => (await serverDictation(request, token, clientId!))?.audio.state, { timeout: 60_000 }).toBe('ready');
  const d = (await serverDictation(request, token, clientId!))!;
  expect(d.status).toBe('READY_FOR_TYPING');
  expect(d.audio.duration_ms).toBeGreaterThan(19_000);
  // Against the app's own clock, not the 20 s waited: on a loaded machine the Stop press comes late.
  expect(Math.abs(d.audio.duration_ms! - clockMs)).toBeLessThan(1_500);
});

test('2. the page dies mid-recording: on return the recording is offered, at most one slice missing', async ({ context, page }) => {
  await openRecordingTab(page, 'author@wardnote.test', 2);
  await record(page, 7);
  const recordedBeforeCrash = await page.getByTestId('elapsed').textContent();
  const cdp = await context.newCDPSession(page);
  const crashed = page.waitForEvent('crash');
  void cdp.send('Page.crash').catch(() => {});
  await crashed;

  const again = await context.newPage();
  await again.goto('/record/2');
  await expect(again.getByText('This recording was interrupted')).toBeVisible();
  await expect(again.getByTestId('recorder-state')).toHaveText('Recorded');
  const shown = (await again.getByTestId('elapsed').textContent())!;
  const seconds = (t: string) => Number(t.split(':')[0]) * 60 + Number(t.split(':')[1]);
  // Slices are 2 s: what was recorded before the crash, less at most one slice (and the rounding of the clock).
  expect(seconds(shown)).toBeGreaterThanOrEqual(seconds(recordedBeforeCrash!) - 3);
  await expect(again.getByLabel('Play back the recording')).toBeVisible();
});

test('5. a 401 during the drain pauses the outbox; after signing in again it is sent', async ({ page, request }) => {
  await openRecordingTab(page, 'author@wardnote.test', 4);
  await record(page, 3);
  await stopAndDescribe(page);
  const [clientId] = await recordingIds(page);

  // The session ends on the server (signed out elsewhere) before the upload starts.
  const token = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const req = indexedDB.open('wardnote-keys');
        req.onsuccess = () => {
          const get = req.result.transaction('keyval').objectStore('keyval').get('access_token');
          get.onsuccess = () => resolve(get.result as string);
        };
      }),
  );
  expect((await request.post('/api/logout', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);

  await page.getByRole('button', { name: /Submit/ }).click();
  // Whichever hears the 401 first — the drain (which pauses the outbox) or the work queue shown after
  // Submit — the app signs out to /login and the recording stays on the device, unsent.
  // (The wipe ends with a fresh load of /login, so the page may still be navigating: poll.)
  await expectPath(page, '/login');
  await expect
    .poll(async () => (await outboxItems(page).catch(() => null))?.map((i) => i.state))
    .toEqual([expect.stringMatching(/^(paused|pending)$/)]);
  await signIn(page, 'author@wardnote.test');
  await expectPath(page, '/AUTHOR_APPROVAL');
  await expect.poll(async () => (await outboxItems(page)).length, { timeout: 30_000 }).toBe(0);
  const fresh = await apiToken(request, 'author@wardnote.test');
  expect(await serverDictation(request, fresh, clientId!)).not.toBeNull();
});

/**
 * Tests that count or cut individual requests need one known sender: with the worker blocked the
 * page's own drain sends (as in browsers without Background Sync), through the same outbox code, and
 * page.route sees every request (Playwright's routing of worker requests is experimental).
 */
test.describe('with the page sending', () => {
  test.use({ serviceWorkers: 'block' });

  test('3. the server fails the first two finalise calls: nothing is lost and one dictation exists', async ({ page, request }) => {
    let finaliseCalls = 0;
    await page.route('**/api/dictation', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      finaliseCalls++;
      if (finaliseCalls <= 2)
        return route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'boom', code: 'server_error' }),
        });
      return route.continue();
    });
    await openRecordingTab(page, 'author@wardnote.test', 3, false);
    await record(page, 4);
    await stopAndDescribe(page);
    const [clientId] = await recordingIds(page);
    await page.getByRole('button', { name: /Submit/ }).click();
    await expect.poll(async () => (await outboxItems(page)).length, { timeout: 60_000 }).toBe(0);
    expect(finaliseCalls).toBeGreaterThanOrEqual(3);
    const token = await apiToken(request, 'author@wardnote.test');
    const d = await serverDictation(request, token, clientId!);
    expect(d).not.toBeNull();
    await expect(page.getByTestId('sync-status')).toHaveText(/All sent/);
  });

  test('4. an upload cut off half-way resumes from the acknowledged offset', async ({ page }) => {
    const { writeTone } = await import('../api/audio-fixtures');
    const file = writeTone('.tmp/e2e-long.wav', { seconds: 100, frequency: 200, rate: 48000, codec: ['-c:a', 'pcm_s16le'] });

    const offsets: number[] = [];
    let aborted = false;
    await page.route('**/api/uploads/**', async (route) => {
      const req = route.request();
      if (req.method() === 'PATCH') {
        const offset = Number(req.headers()['upload-offset']);
        offsets.push(offset);
        if (offset > 0 && !aborted) {
          aborted = true;
          return route.abort('connectionreset');
        }
      }
      return route.continue();
    });
    await page.setViewportSize({ width: 1024, height: 768 });
    await signIn(page, 'secretary@wardnote.test');
    await expectPath(page, '/READY_FOR_TYPING');
    await page.goto('/uploaddictation');
    await page
      .getByLabel(/Dictation files/)
      .setInputFiles({ name: 'LONG.WAV', mimeType: 'audio/wav', buffer: (await import('node:fs')).readFileSync(file) });
    await page.getByLabel('Author').selectOption({ label: 'Daniel Reid' });
    await page.getByLabel('Service (required)').selectOption({ label: 'Respiratory (RES)' });
    await page.getByLabel('Patient last name').fill('Hopper');
    await page.getByRole('button', { name: /Upload/ }).click();
    // The progress is brought into view at once (it was below the fold of a 1024x768 tablet: issue 23).
    const progress = page.getByRole('region', { name: 'Upload progress' });
    await expect(progress).toBeInViewport({ ratio: 1 });
    // ... and not under the sticky header: its top corner is its own.
    expect(
      await progress.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return el.contains(document.elementFromPoint(box.left + 8, box.top + 4));
      }),
    ).toBe(true);
    await expect(page.getByText('Received by the server.')).toBeVisible({ timeout: 90_000 });
    // It says the last one was sent, and the form is empty for the next one (issue 23).
    await expect(progress.getByRole('heading', { name: 'Last upload sent' })).toBeVisible();
    await expect(progress).toContainText('LONG.WAV');
    await expect(page.getByLabel('Author')).toHaveValue('');
    await expect(page.getByLabel('Service (required)')).toHaveValue('');
    await expect(page.getByLabel('Patient last name')).toHaveValue('');
    await page.screenshot({ path: 'test-results/ux-record/upload-sent-1024.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/ux-record/upload-sent-390.png', fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    // The first PATCH sent 4 MB; the cut-off second one was retried from the server's offset, not from 0.
    expect(aborted, `PATCH offsets seen: ${JSON.stringify(offsets)}`).toBe(true);
    const chunk = 4 * 1024 * 1024;
    expect(offsets[0]).toBe(0);
    expect(offsets.filter((o) => o === 0)).toHaveLength(1);
    expect(offsets).toContain(chunk);
    expect(offsets.filter((o) => o === chunk).length).toBe(2);
    // Confirmed by the server with the same byte count, so the device let go of its copy.
    expect(await recordingIds(page)).toEqual([]);
    expect(await outboxItems(page)).toEqual([]);
  });
});

/**
 * Seeks the playback to `seconds` and waits for the edit button to follow. The player may still swap in
 * the final blob of the recording just after Stop, which starts it again from 0: then seek again.
 */
async function seekTo(page: Page, seconds: number, buttonName: string) {
  await expect(async () => {
    await page
      .getByLabel('Play back the recording')
      .getByTestId('player-audio')
      .evaluate(
        (a: HTMLAudioElement, to) =>
          new Promise((r) => {
            a.addEventListener('seeked', r, { once: true });
            a.currentTime = to;
          }),
        seconds,
      );
    await expect(page.getByRole('button', { name: buttonName })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

test('6. a take inserted part-way lengthens the recording; one that overwrites from a point replaces audio', async ({ page, request }) => {
  await openRecordingTab(page, 'author@wardnote.test', 1, false);
  await record(page, 6);
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByTestId('recorder-state')).toHaveText('Recorded');
  const seconds = async () => {
    const t = (await page.getByTestId('elapsed').textContent())!;
    return Number(t.split(':')[0]) * 60 + Number(t.split(':')[1]);
  };
  const before = await seconds();

  // Seek to 2 s, then insert a 3 s take there. The take lasts from the Insert click to the Stop click: on a
  // busy machine that is more than the 3 s waited, and the recording grows by what was really taken, no more.
  await seekTo(page, 2, 'Insert at 00:02');
  const takeStarted = Date.now();
  await page.getByRole('button', { name: 'Insert at 00:02' }).click();
  await expect(page.getByTestId('recorder-state')).toHaveText('Recording a take to insert at 00:02');
  await page.waitForTimeout(3000);
  await page.getByRole('button', { name: 'Stop' }).click();
  const takeSeconds = Math.ceil((Date.now() - takeStarted) / 1000);
  await expect(page.getByText('The take was inserted.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('recorder-state')).toHaveText('Recorded');
  const afterInsert = await seconds();
  expect(afterInsert).toBeGreaterThanOrEqual(before + 2);
  expect(afterInsert).toBeLessThanOrEqual(before + Math.max(4, takeSeconds + 1));

  // Overwrite from 1 s with a 2 s take: the length stays the same.
  await seekTo(page, 1, 'Overwrite from 00:01');
  await page.getByRole('button', { name: 'Overwrite from 00:01' }).click();
  await page.waitForTimeout(2000);
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByText('The take replaced the recording from that point.')).toBeVisible({ timeout: 20_000 });
  expect(Math.abs((await seconds()) - afterInsert)).toBeLessThanOrEqual(1);

  // The edited recording is sent as WAV and the server measures the same length.
  await page.getByLabel('Service (required)').selectOption({ label: 'Cardiology (CAR)' });
  const [clientId] = await recordingIds(page);
  await page.getByRole('button', { name: /Submit/ }).click();
  const token = await apiToken(request, 'author@wardnote.test');
  await expect.poll(async () => (await serverDictation(request, token, clientId!))?.audio.state, { timeout: 60_000 }).toBe('ready');
  const d = (await serverDictation(request, token, clientId!))!;
  expect(Math.abs(d.audio.duration_ms! / 1000 - afterInsert)).toBeLessThan(1.5);
});
