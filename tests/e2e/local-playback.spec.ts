import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { seriousViolations } from './helpers';
import { openRecordingTab, record } from './recording';

const SHOTS = 'test-results/ux-record';
const PHONE = { width: 390, height: 844 };
const TABLET = { width: 1024, height: 768 };

/**
 * Every entry of the recording tab bar can be brought into view and then shows whole, on one line: the
 * bar scrolls sideways instead of wrapping tab titles and clipping the last tab (issue 23, phone).
 */
async function expectTabsFit(page: Page) {
  const bar = page.getByRole('navigation', { name: 'Recording tabs' });
  // The open tab is in sight without scrolling the bar by hand.
  const open = bar.locator('[aria-current="page"]');
  await expect(open).toBeInViewport({ ratio: 1 });
  const entries = bar.locator('a, button');
  const count = await entries.count();
  expect(count).toBe(10); // Home, four tabs each with its close button, and the new-tab button
  for (let i = 0; i < count; i++) {
    const entry = entries.nth(i);
    await entry.scrollIntoViewIfNeeded();
    const box = (await entry.boundingBox())!;
    const barBox = (await bar.boundingBox())!;
    const name = (await entry.getAttribute('aria-label')) ?? (await entry.textContent());
    // Not clipped by the bar's edges, and its title on one line (a wrapped 'Recording (2)' takes two).
    expect(box.x, name!).toBeGreaterThanOrEqual(barBox.x - 0.5);
    expect(box.x + box.width, name!).toBeLessThanOrEqual(barBox.x + barBox.width + 0.5);
    const lines = await entry.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set(
        Array.from(range.getClientRects())
          .filter((r) => r.width > 0)
          .map((r) => Math.round(r.top)),
      ).size;
    });
    expect(lines, `${name} is on one line`).toBeLessThanOrEqual(1);
  }
}

/**
 * What the recorder shows as a time: each clock in its visible text (not the Insert/Overwrite buttons'
 * labels) and each native audio control, which draws its own clock.
 */
async function timeDisplays(page: Page): Promise<string[]> {
  const recorder = page.getByRole('region', { name: 'Recorder' });
  const text = await recorder.innerText();
  const clocks = text
    .split('\n')
    .filter((line) => !/^(Insert at|Overwrite from)/.test(line.trim()))
    .flatMap((line) => line.match(/\d{2}:\d{2}(?: \/ \d{2}:\d{2})?/g) ?? []);
  const native = await recorder.locator('audio[controls]').count();
  return [...clocks, ...Array<string>(native).fill('native audio controls')];
}

test.describe.configure({ timeout: 90_000 });

/**
 * Issue 9 §2: MediaRecorder's WebM has no duration or cues (Infinity in Chromium until played through;
 * Firefox cannot seek at all). The device plays a decoded WAV instead: a finite length, seekable, and
 * the ±3 s keys move the position.
 */
test('a stopped recording plays from a form that seeks: finite length, currentTime and the arrow keys work; one time display; tabs fit a phone', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await openRecordingTab(page, 'author@wardnote.test', 3, false);
  // Four recording tabs on a phone: the bar scrolls, each tab whole and reachable (issue 23).
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'New recording tab' }).click();
  await expect(page.getByRole('navigation', { name: 'Recording tabs' }).getByRole('link', { name: /^Recording/ })).toHaveCount(4);
  await page.getByRole('navigation', { name: 'Recording tabs' }).getByRole('link', { name: 'Recording (3)' }).click();
  await expect(page.getByRole('heading', { name: 'Recording (3)' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectTabsFit(page);
  await page.screenshot({ path: `${SHOTS}/record-tabs-390.png` });

  // The details form: the letter's fields in one group, the patient's in another (issue 23).
  const letter = page.getByRole('group', { name: 'Letter' });
  await expect(letter.getByLabel('Job type')).toBeVisible();
  await expect(letter.getByLabel('Urgent')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Patient' }).getByLabel('Patient first name')).toBeVisible();

  await record(page, 6);
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByTestId('recorder-state')).toHaveText('Recorded');
  await expect(page.getByLabel('Play back the recording').getByRole('button', { name: 'Play' })).toBeVisible({ timeout: 30_000 });
  const player = page.getByLabel('Play back the recording').getByTestId('player-audio');

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

  // One time display: the recorder's clock, which now reads position / length (issue 23).
  expect(await timeDisplays(page)).toEqual([`00:00 / ${clock}`]);
  await page.screenshot({ path: `${SHOTS}/recorder-390.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize(TABLET);
  const jobType = (await page.getByLabel('Job type').boundingBox())!;
  const firstName = (await page.getByLabel('Patient first name').boundingBox())!;
  expect(firstName.y, 'Patient first name is on its own row, below Job type').toBeGreaterThan(jobType.y + jobType.height);
  await page.screenshot({ path: `${SHOTS}/recorder-1024.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

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
  expect(await timeDisplays(page)).toEqual([`00:04 / ${clock}`]);

  await page.locator('body').press('ArrowLeft');
  await expect(page.getByRole('button', { name: 'Insert at 00:01' })).toBeVisible();
  await page.locator('body').press('ArrowRight');
  await expect(page.getByRole('button', { name: 'Insert at 00:04' })).toBeVisible();
});
