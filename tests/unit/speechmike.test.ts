/// <reference types="w3c-web-hid" />
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buttonsFromSdkMask,
  speechMikeCommands,
  speechMikeModel,
  speechMikeName,
  type SpeechMikeButton,
} from '../../src/domain/speechmike';
import { pedalChanges } from '../../src/domain/foot-pedal';

/*
 * Report bytes below are the ones in Philips' SDK's own tests (GoogleChromeLabs/dictation_support
 * src/speechmike_hid_device_test.ts and speechmike_gamepad_device_test.ts, v1.0.5): a HID-mode button
 * report is command 0x80 (128) with the 16-bit little-endian button mask in bytes 7–8; the answers to
 * the model queries (0x83 IS_SPEECHMIKE_PREMIUM, 0x8B GET_DEVICE_CODE_SMP) carry the model number.
 */

type Sdk = typeof import('dictation_support');
let sdk: Sdk;
beforeAll(async () => {
  // The SDK's UMD wrapper reads `self`, and its command timeout `window.setTimeout`.
  (globalThis as { self?: unknown }).self ??= globalThis;
  (globalThis as { window?: unknown }).window ??= globalThis;
  sdk = await import('dictation_support');
});

/** A SpeechMike behind a HIDDevice: answers the SDK's model queries and sends input reports. */
class FakeSpeechMike extends EventTarget {
  opened = false;
  constructor(
    readonly vendorId: number,
    readonly productId: number,
    readonly collections: { usagePage: number; usage: number }[],
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
    const answer = this.answers[data[0]!];
    if (answer) queueMicrotask(() => void this.send(answer));
  }
  async send(bytes: number[]) {
    const e = Object.assign(new Event('inputreport'), { reportId: 0, device: this, data: new DataView(Uint8Array.from(bytes).buffer) });
    this.dispatchEvent(e);
    await new Promise((r) => setTimeout(r, 0));
  }
}

const HID_MODE = [{ usagePage: 0xffa0, usage: 1 }];
const GAMEPAD_MODE = [{ usagePage: 1, usage: 4 }];
const IS_PREMIUM = { 0x83: [131, 0, 0, 0, 1, 0, 50, 1, 149] };
/** GET_DEVICE_CODE_SMP answers: the model number big-endian in bytes 6–7 (13,172 = 3500). */
const LFH3500 = { ...IS_PREMIUM, 0x8b: [139, 0, 0, 0, 0, 0, 13, 172, 0] };
const LFH3520 = { ...IS_PREMIUM, 0x8b: [139, 0, 0, 0, 0, 0, 13, 192, 0] };
const SMP3700 = { ...IS_PREMIUM, 0x8b: [139, 0, 0, 0, 0, 0, 14, 116, 0] };

async function openHidMike(answers: Record<number, number[]>) {
  const hid = new FakeSpeechMike(0x0911, 0x0c1c, HID_MODE, answers);
  const mike = sdk.SpeechMikeHidDevice.create(hid as unknown as HIDDevice);
  const seen: SpeechMikeButton[][] = [];
  mike.addButtonEventListener((_d, mask) => void seen.push(buttonsFromSdkMask(mask)));
  await mike.init();
  return { hid, mike, seen };
}

describe('SpeechMike devices', () => {
  it('are told apart by collection, as the SDK does: HID mode where shown, else Browser/Gamepad mode', () => {
    expect(speechMikeModel({ vendorId: 0x0911, productId: 0x0c1c, collections: HID_MODE })?.reader).toBe('speechmike_hid');
    expect(speechMikeModel({ vendorId: 0x0911, productId: 0x0c1d, collections: HID_MODE })?.id).toBe('speechmike-air-hid');
    expect(speechMikeModel({ vendorId: 0x0911, productId: 0x0fa0, collections: GAMEPAD_MODE })?.reader).toBe('speechmike_gamepad');
    expect(speechMikeModel({ vendorId: 0x0911, productId: 0x0c1e, collections: [...HID_MODE, ...GAMEPAD_MODE] })?.id).toBe('speechone-hid');
    expect(speechMikeModel({ vendorId: 0x0911, productId: 0x0c1e, collections: GAMEPAD_MODE })?.id).toBe('speechone-browser');
    // The keyboard collection of a SpeechMike in keyboard mode, and foot controls, are not SpeechMikes.
    expect(speechMikeModel({ vendorId: 0x0911, productId: 0x0c1c, collections: [{ usagePage: 1, usage: 6 }] })).toBeUndefined();
    expect(speechMikeModel({ vendorId: 0x0911, productId: 0x1844, collections: GAMEPAD_MODE })).toBeUndefined();
  });

  it('names the model the device reports', () => {
    expect(speechMikeName(3500, 'x')).toBe('Philips SpeechMike Premium LFH3500');
    expect(speechMikeName(3700, 'x')).toBe('Philips SpeechMike Premium Touch SMP3700');
    expect(speechMikeName(4000, 'x')).toBe('Philips SpeechMike Premium Air SMP4000');
    expect(speechMikeName(6001, 'x')).toBe('Philips SpeechOne PSM6000');
    expect(speechMikeName(0, 'Philips SpeechMike (browser mode)')).toBe('Philips SpeechMike (browser mode)');
  });
});

describe('SpeechMike reports through dictation_support (the SDK the player uses)', () => {
  it('push-button SpeechMike Premium LFH3500 in HID mode: each button from its report bytes', async () => {
    const { hid, mike, seen } = await openHidMike(LFH3500);
    expect(mike.getDeviceCode()).toBe(3500);
    const buttons: [number, number, SpeechMikeButton][] = [
      [2, 0, 'f1'],
      [4, 0, 'f2'],
      [8, 0, 'f3'],
      [16, 0, 'f4'],
      [32, 0, 'event'],
      [0, 1, 'record'],
      [0, 2, 'stop'],
      [0, 4, 'play'],
      [0, 8, 'forward'],
      [0, 16, 'rewind'],
      [0, 32, 'eol'],
      [0, 64, 'insert'],
      [0, 128, 'instruction'],
    ];
    for (const [b7, b8, button] of buttons) {
      seen.length = 0;
      await hid.send([128, 0, 0, 0, 0, 0, 0, b7, b8]); // pressed
      await hid.send([128, 0, 0, 0, 0, 0, 0, 0, 0]); // released
      expect(seen, button).toEqual([[button], []]);
    }
    // Two at once (rewind held, then play joins); a report that repeats the same state is no event.
    seen.length = 0;
    await hid.send([128, 0, 0, 0, 0, 0, 0, 0, 16]);
    await hid.send([128, 0, 0, 0, 0, 0, 0, 0, 20]);
    await hid.send([128, 0, 0, 0, 0, 0, 0, 0, 20]);
    expect(seen).toEqual([['rewind'], ['rewind', 'play']]);
    await mike.shutdown();
    expect(hid.opened).toBe(false);
  });

  it('SpeechMike Premium Touch SMP3700 reads the same', async () => {
    const { hid, mike, seen } = await openHidMike(SMP3700);
    expect(speechMikeName(mike.getDeviceCode(), 'x')).toBe('Philips SpeechMike Premium Touch SMP3700');
    await hid.send([128, 0, 0, 0, 0, 0, 0, 0, 4]);
    expect(seen).toEqual([['play']]);
    await mike.shutdown();
  });

  it('Philips-slider LFH3520: the slider position is held; a button pressed meanwhile comes alone', async () => {
    const { hid, mike, seen } = await openHidMike(LFH3520);
    await hid.send([128, 0, 0, 0, 0, 0, 0, 0, 16]); // slider to rewind
    await hid.send([128, 0, 0, 0, 0, 0, 0, 0, 4]); // slider to play
    await hid.send([128, 0, 0, 0, 0, 0, 0, 2, 4]); // F1 pressed, slider still at play
    await hid.send([128, 0, 0, 0, 0, 0, 0, 0, 4]); // F1 released
    await hid.send([128, 0, 0, 0, 0, 0, 0, 0, 2]); // slider to stop
    expect(seen).toEqual([['rewind'], ['play'], ['f1'], [], ['stop']]);
    await mike.shutdown();
  });

  it('Browser/Gamepad mode: buttons in bytes 0–1 of the joystick report', async () => {
    const hid = new FakeSpeechMike(0x0911, 0x0fa0, GAMEPAD_MODE);
    const mike = sdk.SpeechMikeGamepadDevice.create(hid as unknown as HIDDevice);
    const seen: SpeechMikeButton[][] = [];
    mike.addButtonEventListener((_d, mask) => void seen.push(buttonsFromSdkMask(mask)));
    await mike.init();
    await hid.send([1, 0]); // rewind
    await hid.send([2, 0]); // play
    await hid.send([4, 0]); // forward
    await hid.send([0, 4]); // F1 (1<<10)
    await hid.send([0, 64]); // EOL (1<<14)
    await hid.send([0, 0]);
    expect(seen).toEqual([['rewind'], ['play'], ['forward'], ['f1'], ['eol'], []]);
    await mike.shutdown();
  });
});

describe('SpeechMike commands', () => {
  const run = (states: SpeechMikeButton[][]) => {
    let held: SpeechMikeButton[] = [];
    return states.map((next) => {
      const out = speechMikeCommands(pedalChanges(held, next), next);
      held = next;
      return out;
    });
  };

  it('play plays, stop stops, on the press', () => {
    expect(run([['play'], [], ['stop'], []])).toEqual([
      { transport: [{ type: 'play' }], page: [] },
      { transport: [], page: [] },
      { transport: [{ type: 'pause' }], page: [] },
      { transport: [], page: [] },
    ]);
  });

  it('rewind and forward wind while held, then playback goes on as before', () => {
    expect(run([['rewind'], ['rewind', 'forward'], ['forward'], []]).map((c) => c.transport)).toEqual([
      [{ type: 'scan', direction: -1 }],
      [{ type: 'scan', direction: 1 }],
      [{ type: 'scan', direction: 1 }],
      [{ type: 'endScan', then: 'asBefore' }],
    ]);
  });

  it('EOL saves a version; F1–F4 are the page keys P, A, Shift+P and D; the rest do nothing here', () => {
    expect(run([['eol'], ['f1'], ['f2'], ['f3'], ['f4']]).map((c) => c.page)).toEqual([
      ['finalSave'],
      ['findPatient'],
      ['findAppointment'],
      ['preview'],
      ['draftSave'],
    ]);
    expect(run([['record'], ['insert'], ['instruction'], ['event']])).toEqual(
      Array.from({ length: 4 }, () => ({ transport: [], page: [] })),
    );
  });

  it('reads every bit of the SDK mask it knows and no other', () => {
    expect(buttonsFromSdkMask(0)).toEqual([]);
    expect(buttonsFromSdkMask((1 << 21) | (1 << 22))).toEqual([]); // barcode scanner events
    expect(buttonsFromSdkMask(0x7fff)).toHaveLength(13);
  });
});
