import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openSignedIn, seriousViolations } from './helpers';
import { apiToken } from './recording';

test.describe.configure({ timeout: 120_000 });

const SECRETARY = 'secretary@wardnote.test';
const SECOND_SECRETARY = 'mark.ellis@wardnote.test';

interface Row {
  id: number;
  audio: { duration_ms: number | null; state: string } | null;
}

/**
 * Ready-for-typing demo dictations whose audio is converted and at least 8 s long (the demo audio is
 * converted in the background after the first start, so this waits for it).
 */
async function dictationsWithAudio(request: APIRequestContext, count: number): Promise<number[]> {
  const token = await apiToken(request, SECRETARY);
  let ids: number[] = [];
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/dictation?status=READY_FOR_TYPING&paginate=30', {
          headers: { Authorization: `Bearer ${token}` },
        });
        const rows = ((await res.json()) as { data: { data: Row[] } }).data.data;
        ids = rows.filter((r) => r.audio?.state === 'ready' && (r.audio.duration_ms ?? 0) >= 8000).map((r) => r.id);
        return ids.length;
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBeGreaterThanOrEqual(count);
  return ids.slice(0, count);
}

/**
 * A Philips ACC2310 foot control (0911:1844) and a SpeechMike Premium LFH3500 in HID mode (0911:0c1c)
 * behind a mocked `navigator.hid`: the chooser grants both (remembered for the origin, like Chrome does),
 * the SpeechMike answers the SDK's model queries as the real one does, and `window.__pedal([bytes])` /
 * `window.__mike([bytes])` send an input report.
 */
async function mockPhilipsDevices(page: Page): Promise<void> {
  await page.addInitScript(() => {
    class FakeHidDevice extends EventTarget {
      opened = false;
      constructor(
        readonly vendorId: number,
        readonly productId: number,
        readonly productName: string,
        readonly collections: object[],
        private readonly answers: Record<number, number[]> = {},
      ) {
        super();
      }
      async open() {
        this.opened = true;
      }
      async close() {
        this.opened = false;
      }
      async sendReport(_reportId: number, data: Uint8Array) {
        const answer = this.answers[new Uint8Array(data)[0]!];
        if (answer) setTimeout(() => this.input(answer), 0);
      }
      input(bytes: number[]) {
        const event = Object.assign(new Event('inputreport'), {
          device: this,
          reportId: 0,
          data: new DataView(Uint8Array.from(bytes).buffer),
        });
        this.dispatchEvent(event);
      }
    }
    const collection = (usagePage: number, usage: number) => ({
      usagePage,
      usage,
      type: 1,
      children: [],
      inputReports: [],
      outputReports: [],
      featureReports: [],
    });
    const pedal = new FakeHidDevice(0x0911, 0x1844, 'Philips Foot Control', [collection(1, 4)]);
    // IS_SPEECHMIKE_PREMIUM (0x83) and GET_DEVICE_CODE_SMP (0x8b, model 3500) as in dictation_support's own tests.
    const mike = new FakeHidDevice(0x0911, 0x0c1c, 'SpeechMike', [collection(0xffa0, 1)], {
      0x83: [131, 0, 0, 0, 1, 0, 50, 1, 149],
      0x8b: [139, 0, 0, 0, 0, 0, 13, 172, 0],
    });
    const granted = () => localStorage.getItem('test.hidGranted') === '1';
    const hid = Object.assign(new EventTarget(), {
      getDevices: async () => (granted() ? [pedal, mike] : []),
      requestDevice: async (options: { filters: object[] }) => {
        (window as unknown as { __hidFilters: object[] }).__hidFilters = options.filters;
        localStorage.setItem('test.hidGranted', '1');
        return [pedal, mike];
      },
    });
    Object.defineProperty(Navigator.prototype, 'hid', { configurable: true, get: () => hid });
    Object.assign(window, {
      __pedal: (bytes: number[]) => pedal.input(bytes),
      __mike: (bytes: number[]) => mike.input(bytes),
      __pedalOpened: () => pedal.opened && mike.opened,
    });
  });
}

const pedal = (page: Page, bytes: number[]) =>
  page.evaluate((b) => (window as unknown as { __pedal: (x: number[]) => void }).__pedal(b), bytes);
/** A SpeechMike HID-mode button report: command 0x80, the button mask in bytes 7 and 8. */
const mike = (page: Page, byte7: number, byte8: number) =>
  page.evaluate((b) => (window as unknown as { __mike: (x: number[]) => void }).__mike(b), [128, 0, 0, 0, 0, 0, 0, byte7, byte8]);
const media = (page: Page) =>
  page.getByTestId('typist-audio').evaluate((a: HTMLAudioElement) => ({
    paused: a.paused,
    time: a.currentTime,
    rate: a.playbackRate,
    preservesPitch: a.preservesPitch,
  }));

async function openDictation(page: Page, email: string, id: number): Promise<void> {
  await openSignedIn(page, email, `/dictation/${id}`);
  await expect(page.getByTestId('typist-player')).toBeVisible();
}

test('a Philips foot control plays the audio while held, rewinds while held, and reconnects on the next visit; a SpeechMike plays, stops and finds the patient', async ({
  page,
  request,
}) => {
  const [id] = await dictationsWithAudio(request, 3);
  await mockPhilipsDevices(page);
  await openDictation(page, SECRETARY, id!);

  await page.getByRole('button', { name: 'Connect foot pedal or SpeechMike' }).click();
  await expect(page.getByTestId('pedal-status')).toContainText('Philips ACC2310/2320 foot control');
  const filters = await page.evaluate(() => (window as unknown as { __hidFilters: object[] }).__hidFilters);
  expect(filters).toContainEqual({ vendorId: 0x0911, productId: 0x1844, usagePage: 1, usage: 4 });
  expect(filters).toContainEqual({ vendorId: 0x05f3, productId: 0x00ff });
  expect(filters).toContainEqual({ vendorId: 0x0911, productId: 0x0c1c, usagePage: 0xffa0, usage: 1 });
  await expect(page.getByTestId('pedal-status')).toContainText('Philips SpeechMike Premium LFH3500');
  expect(await page.evaluate(() => (window as unknown as { __pedalOpened: () => boolean }).__pedalOpened())).toBe(true);

  // Basic mode (the default): the play pedal (bit 2) plays while held.
  await pedal(page, [0x02]);
  await expect.poll(async () => (await media(page)).paused).toBe(false);
  await expect.poll(async () => (await media(page)).time, { timeout: 15_000 }).toBeGreaterThan(4);

  // Rewind (bit 1) joins: the position goes back while it is held, without sound.
  const before = (await media(page)).time;
  await pedal(page, [0x03]);
  await expect.poll(async () => (await media(page)).paused).toBe(true);
  await expect.poll(async () => (await media(page)).time).toBeLessThan(before - 1.5);

  // Rewind released, play still held: playing goes on from there.
  await pedal(page, [0x02]);
  await expect.poll(async () => (await media(page)).paused).toBe(false);

  // Play released: it stops, and the position is announced once.
  await pedal(page, [0x00]);
  await expect.poll(async () => (await media(page)).paused).toBe(true);
  await expect(page.getByText(/^Paused at \d+:\d\d of \d+:\d\d$/)).toBeAttached();
  await expect(page.getByTestId('player-position')).toHaveText(/^\d+:\d\d of \d+:\d\d$/);

  // Next visit: the pedal the browser remembers is opened without asking.
  await page.reload();
  await expect(page.getByTestId('pedal-status')).toContainText('Philips ACC2310/2320 foot control');
  await expect(page.getByRole('button', { name: 'Connect foot pedal or SpeechMike' })).toHaveCount(0);
  await pedal(page, [0x02]);
  await expect.poll(async () => (await media(page)).paused).toBe(false);
  await pedal(page, [0x00]);
  await expect.poll(async () => (await media(page)).paused).toBe(true);

  // The SpeechMike, reconnected too: PLAY (byte 8 bit 2) plays, STOP (byte 8 bit 1) stops, F1 (byte 7 bit 1) is P.
  await expect(page.getByTestId('pedal-status')).toContainText('Philips SpeechMike Premium LFH3500');
  await mike(page, 0, 0x04);
  await mike(page, 0, 0);
  await expect.poll(async () => (await media(page)).paused).toBe(false);
  await mike(page, 0, 0x02);
  await mike(page, 0, 0);
  await expect.poll(async () => (await media(page)).paused).toBe(true);
  await mike(page, 0x02, 0);
  await mike(page, 0, 0);
  await expect(page.getByRole('dialog', { name: 'Find patient' })).toBeVisible();
});

test('speed 1.5x plays at 1.5 with the pitch kept; F4 plays and pauses from inside the letter editor without typing into it', async ({
  page,
  request,
}) => {
  const [, id] = await dictationsWithAudio(request, 3);
  await openDictation(page, SECRETARY, id!);

  await page.getByLabel('Playback speed').selectOption('1.5');
  expect(await media(page)).toMatchObject({ rate: 1.5, preservesPitch: true });

  // On a loaded machine typing can outlast a short dictation at 1.5x: looping keeps it from ending.
  await page.getByTestId('typist-audio').evaluate((a: HTMLAudioElement) => (a.loop = true));
  const editor = page.getByRole('textbox', { name: 'Letter' });
  await expect(editor).toBeEditable();
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('Dear Dr');
  await page.keyboard.press('F4');
  await expect.poll(async () => (await media(page)).paused).toBe(false);
  expect((await media(page)).rate).toBe(1.5);
  // Space and the arrows belong to the text here: a space is typed, the caret moves, the audio plays on.
  await page.keyboard.type(' Smith');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.type('X');
  await expect(editor).toContainText('Dear Dr SmitXh');
  expect((await media(page)).paused).toBe(false);
  await page.keyboard.press('F4');
  await expect.poll(async () => (await media(page)).paused).toBe(true);
  await expect(editor).toContainText('Dear Dr SmitXh');

  // Outside text, Space plays and pauses (spec §9).
  await page.getByTestId('player-position').click();
  await page.keyboard.press('Space');
  await expect.poll(async () => (await media(page)).paused).toBe(false);
  await page.keyboard.press('Space');
  await expect.poll(async () => (await media(page)).paused).toBe(true);

  // The speed is kept on this device for the next dictation.
  await page.reload();
  await expect(page.getByLabel('Playback speed')).toHaveValue('1.5');
});

test('without WebHID the player says so and shows the keys; the player passes axe', async ({ page, request }) => {
  const [, , id] = await dictationsWithAudio(request, 3);
  await page.addInitScript(() => {
    delete (Navigator.prototype as { hid?: unknown }).hid;
  });
  await openDictation(page, SECRETARY, id!);
  await expect(page.getByRole('button', { name: 'Connect foot pedal or SpeechMike' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Foot pedals: use keys' }).click();
  const help = page.getByTestId('pedal-help');
  await expect(help).toContainText('Foot pedals and SpeechMikes need Chrome or Edge on a computer');
  await expect(help.getByTestId('supported-devices')).toContainText('Philips SpeechMike Premium');
  await expect(help).toContainText('F4 or F9');
  await expect(help).toContainText('keyboard mode');

  expect(await seriousViolations(page, { include: '[data-testid="typist-player"]', withTargets: true })).toEqual([]);
});

test('preferences: advanced pedal mode and auto-rewind are saved; advanced mode toggles on each press', async ({ page, request }) => {
  const [id] = await dictationsWithAudio(request, 4).then((ids) => ids.slice(3));
  await mockPhilipsDevices(page);
  await openSignedIn(page, SECOND_SECRETARY, '/preference');
  await expect(page.getByRole('radio', { name: /Basic/ })).toBeChecked();
  await expect(page.getByLabel('Auto-rewind when playback resumes')).toHaveValue('2');
  await page.getByRole('radio', { name: /Advanced/ }).check();
  await page.getByLabel('Auto-rewind when playback resumes').selectOption('5');
  await page.getByRole('button', { name: 'Save playback preferences' }).click();
  await expect(page.getByText('Playback preferences saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('radio', { name: /Advanced/ })).toBeChecked();
  await expect(page.getByLabel('Auto-rewind when playback resumes')).toHaveValue('5');

  await page.goto(`/dictation/${id}`);
  await expect(page.getByTestId('typist-player')).toBeVisible();
  await page.getByRole('button', { name: 'Connect foot pedal or SpeechMike' }).click();
  await expect(page.getByTestId('pedal-status')).toBeVisible();
  // Advanced: a press and release starts; the next press and release stops.
  await pedal(page, [0x02]);
  await pedal(page, [0x00]);
  await expect.poll(async () => (await media(page)).time, { timeout: 15_000 }).toBeGreaterThan(5.5);
  expect((await media(page)).paused).toBe(false);
  await pedal(page, [0x02]);
  await pedal(page, [0x00]);
  await expect.poll(async () => (await media(page)).paused).toBe(true);
  const stoppedAt = (await media(page)).time;
  // Resuming goes back the 5 seconds chosen: where it starts again is noted as it starts.
  await page.getByTestId('typist-audio').evaluate((a: HTMLAudioElement) => {
    a.addEventListener('play', () => (a.dataset.startedAt = String(a.currentTime)), { once: true });
  });
  await pedal(page, [0x02]);
  await pedal(page, [0x00]);
  await expect.poll(async () => (await media(page)).paused).toBe(false);
  const startedAt = Number(await page.getByTestId('typist-audio').getAttribute('data-started-at'));
  expect(startedAt).toBeCloseTo(stoppedAt - 5, 1);
});
