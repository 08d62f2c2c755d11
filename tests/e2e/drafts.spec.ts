import { expect, test } from './fixtures';
import { apiToken, openRecordingTab, outboxItems, record, recordingIds, serverDictation, stopAndDescribe } from './recording';
import { expectPath, seriousViolations } from './helpers';

test.describe.configure({ timeout: 120_000 });

test('a draft is finished later: details changed offline, submitted, and sent once the network is back', async ({
  context,
  page,
  request,
}) => {
  await openRecordingTab(page, 'author@wardnote.test', 3);
  await record(page, 3);
  await stopAndDescribe(page);
  const [clientId] = await recordingIds(page);
  await page.getByRole('button', { name: 'Save as draft (D)' }).click();

  const token = await apiToken(request, 'author@wardnote.test');
  await expect.poll(async () => (await serverDictation(request, token, clientId!))?.status, { timeout: 30_000 }).toBe('DRAFT');
  const { id } = (await serverDictation(request, token, clientId!))!;

  // The sync panel's receipt opens the draft.
  await page.getByTestId('sync-status').click();
  await page.getByTestId('sent-list').getByRole('link', { name: /Draft/ }).click();
  await expectPath(page, `/draftdictation/${id}`);
  await expect(page.getByRole('heading', { name: /^Draft \d{14}$/ })).toBeVisible();
  await expect(page.getByTestId('sent-list')).toHaveCount(0);
  // The server's waveform is drawn once the audio is ready; Space plays it (spec §9 keys).
  await expect(page.getByTestId('waveform')).toBeVisible({ timeout: 30_000 });
  // The shared player: its own buttons and one time display, no native control (issue 23); looked at on a tablet and a phone.
  const player = page.getByLabel('Dictation audio');
  await expect(player.getByRole('button', { name: 'Play' })).toBeVisible();
  await expect(player.getByTestId('player-time')).toHaveText(/^00:00 \/ 00:\d{2}$/);
  await expect(page.locator('audio[controls]')).toHaveCount(0);
  const viewport = page.viewportSize()!;
  for (const size of [
    { width: 1024, height: 768 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `test-results/ux-record/draft-player-${size.width}.png` });
    expect(await seriousViolations(page, { include: '[aria-label="Dictation audio"]' })).toEqual([]);
  }
  await page.setViewportSize(viewport);
  // Focus went back to the sync button when its panel closed: leave it, as a user clicking the page does.
  await page.getByRole('heading', { name: /^Draft / }).click();
  await page.keyboard.press('Space');
  await expect
    .poll(() =>
      page
        .getByLabel('Dictation audio')
        .getByTestId('player-audio')
        .evaluate((a: HTMLAudioElement) => !a.paused),
    )
    .toBe(true);
  await page.keyboard.press('Space');
  await expect(page.getByLabel('Service (required)')).toHaveValue(/\d+/);
  await page.getByLabel('Patient last name').fill('Hopper');
  // A wrong check digit is refused before anything is queued, and the field is brought into view and focused.
  await page.getByLabel('NHS number').fill('943 476 5918');
  await page.getByRole('button', { name: 'Save draft (D)' }).click();
  await expect(page.getByText('This is not a valid NHS number: check the 10 digits.')).toBeVisible();
  await expect(page.getByLabel('NHS number')).toBeFocused();
  expect(await outboxItems(page)).toEqual([]);
  await page.getByLabel('NHS number').fill('943 476 5919');
  await page.getByLabel('Urgent').check();

  await context.setOffline(true);
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await page.keyboard.press('Control+s');
  await expectPath(page, '/AUTHOR_APPROVAL');
  await expect.poll(async () => (await outboxItems(page).catch(() => null))?.map((i) => i.state)).toEqual(['pending']);
  await expect(page.getByTestId('sync-status')).toHaveText('1 to send');
  expect((await serverDictation(request, token, clientId!))!.status).toBe('DRAFT');

  await context.unroute('**/api/**');
  await context.setOffline(false);
  await expect.poll(async () => (await outboxItems(page)).length, { timeout: 30_000 }).toBe(0);
  const res = await request.get(`/api/dictation/${id}`, { headers: { authorization: `Bearer ${token}` } });
  const submitted = (await res.json()).data;
  expect(submitted.status).toBe('READY_FOR_TYPING');
  expect(submitted.urgent).toBe('HIGH');
  expect(submitted.patient).toMatchObject({ patient_last_name: 'Hopper', patient_nhs_id: '9434765919' });

  // No longer a draft: the page shows it and offers no editing.
  await page.goto(`/draftdictation/${id}`);
  await expect(page.getByRole('heading', { name: 'Dictation' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Submit/ })).toHaveCount(0);
});
