import { expect, test } from '@playwright/test';
import { openRecordingTab, record } from './recording';

test.describe.configure({ timeout: 90_000 });

/**
 * Issue 9 §2: MediaRecorder's WebM has no duration or cues (Infinity in Chromium until played through;
 * Firefox cannot seek at all). The device plays a decoded WAV instead: a finite length, seekable, and
 * the ±3 s keys move the position.
 */
test('a stopped recording plays from a form that seeks: finite length, currentTime and the arrow keys work', async ({ page }) => {
  await openRecordingTab(page, 'author@wardnote.test', 3, false);
  await record(page, 6);
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByTestId('recorder-state')).toHaveText('Recorded');
  const player = page.getByLabel('Play back the recording');

  const media = () =>
    player.evaluate((a: HTMLAudioElement) => ({
      duration: a.duration,
      seekableEnd: a.seekable.length ? a.seekable.end(a.seekable.length - 1) : 0,
      type: a.src.startsWith('blob:') ? 'blob' : a.src,
    }));
  await expect.poll(async () => (await media()).duration).toBeGreaterThan(5);
  const { duration, seekableEnd } = await media();
  const clock = (await page.getByTestId('elapsed').textContent())!;
  const clockSeconds = Number(clock.split(':')[0]) * 60 + Number(clock.split(':')[1]);
  expect(Number.isFinite(duration)).toBe(true);
  expect(Math.abs(duration - clockSeconds)).toBeLessThan(1.5);
  expect(seekableEnd).toBeGreaterThan(5);

  await player.evaluate(
    (a: HTMLAudioElement) =>
      new Promise((r) => {
        a.addEventListener('seeked', r, { once: true });
        a.currentTime = 4;
      }),
  );
  await expect(page.getByRole('button', { name: 'Insert at 00:04' })).toBeVisible();
  // The clock's length is shown beside the position.
  await expect(page.getByTestId('playback-position')).toHaveText(`00:04 / ${clock}`);

  await page.locator('body').press('ArrowLeft');
  await expect(page.getByRole('button', { name: 'Insert at 00:01' })).toBeVisible();
  await page.locator('body').press('ArrowRight');
  await expect(page.getByRole('button', { name: 'Insert at 00:04' })).toBeVisible();
});
