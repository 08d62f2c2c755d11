/**
 * Philips SpeechMike hand-held dictation microphones over WebHID (issue 11): which devices we ask for,
 * what their buttons are called, and what a button asks the typist's page to do. Pure: the WebHID code
 * lives in src/features/typist-audio/pedals, and the reports are read by Philips' own SDK,
 * `dictation_support` 1.0.5 (GoogleChromeLabs/dictation_support; src/ file names cited below).
 *
 * Report layout, from that SDK (speechmike_hid_device.ts, speechmike_gamepad_device.ts):
 * - HID mode (vendor collection, usage page 0xFFA0, usage 1; the default of SpeechMike Premium, Premium
 *   Air, Premium Touch, SpeechMike III and SpeechOne): each input report starts with a command byte;
 *   0x80 is a button report whose bytes 7–8 hold a 16-bit little-endian button mask: F1 1<<1, F2 1<<2,
 *   F3 1<<3, F4 1<<4, event (command) key 1<<5, record 1<<8, stop 1<<9, play 1<<10, fast-forward 1<<11,
 *   rewind 1<<12, EOL/priority 1<<13, insert/overwrite 1<<14, instruction 1<<15 (1<<0 and 1<<7 are the
 *   barcode scanner). On slider models (Philips slider LFH3220/3520/SMP3720: forward, play, stop,
 *   rewind; INT slider LFH3210/3310/3510/3610/SMP3710/3810/4010: record, play, stop, rewind) the slider
 *   position is a bit of the same mask, held for as long as the slider stays there. The SDK asks the
 *   device for its model code first (commands 0x83, 0x87/0x8B/0x96, 0x91).
 * - Browser/Gamepad mode (product 0x0FA0; SpeechOne/Ambient 0x0C1E; collection usage page 1, usage 4):
 *   bytes 0–1 of the report, little-endian: rewind 1<<0, play 1<<1, forward 1<<2, insert 1<<4, record
 *   1<<5, event key 1<<6, instruction 1<<9, F1–F4 1<<10–1<<13, EOL 1<<14.
 * The SDK turns both into one `ButtonEvent` mask (dictation_device_base.ts), read by `buttonsFromSdkMask`.
 */
import type { DevicePageAction, PedalChanges, TransportCommand } from './foot-pedal';

export const PHILIPS_VENDOR_ID = 0x0911;
/** The SpeechMike HID-mode collection (vendor defined). */
const VENDOR_PAGE = 0xffa0;

export interface SpeechMikeModel {
  kind: 'speechmike';
  id: 'speechmike-hid' | 'speechmike-air-hid' | 'speechone-hid' | 'speechmike-browser' | 'speechone-browser';
  name: string;
  vendorId: number;
  productId: number;
  usagePage: number;
  usage: number;
  /** Which of the SDK's readers: the HID-mode protocol, or the Browser/Gamepad-mode joystick report. */
  reader: 'speechmike_hid' | 'speechmike_gamepad';
}

/** dictation_support's DEVICE_FILTERS (dictation_device_manager.ts), PowerMic (Nuance) left out. */
export const SPEECHMIKE_MODELS: readonly SpeechMikeModel[] = [
  {
    kind: 'speechmike',
    id: 'speechmike-hid',
    name: 'Philips SpeechMike',
    vendorId: PHILIPS_VENDOR_ID,
    productId: 0x0c1c,
    usagePage: VENDOR_PAGE,
    usage: 1,
    reader: 'speechmike_hid',
  },
  {
    kind: 'speechmike',
    id: 'speechmike-air-hid',
    name: 'Philips SpeechMike Premium Air',
    vendorId: PHILIPS_VENDOR_ID,
    productId: 0x0c1d,
    usagePage: VENDOR_PAGE,
    usage: 1,
    reader: 'speechmike_hid',
  },
  {
    kind: 'speechmike',
    id: 'speechone-hid',
    name: 'Philips SpeechOne or SpeechMike Ambient',
    vendorId: PHILIPS_VENDOR_ID,
    productId: 0x0c1e,
    usagePage: VENDOR_PAGE,
    usage: 1,
    reader: 'speechmike_hid',
  },
  {
    kind: 'speechmike',
    id: 'speechmike-browser',
    name: 'Philips SpeechMike (browser mode)',
    vendorId: PHILIPS_VENDOR_ID,
    productId: 0x0fa0,
    usagePage: 1,
    usage: 4,
    reader: 'speechmike_gamepad',
  },
  {
    kind: 'speechmike',
    id: 'speechone-browser',
    name: 'Philips SpeechOne or SpeechMike Ambient (browser mode)',
    vendorId: PHILIPS_VENDOR_ID,
    productId: 0x0c1e,
    usagePage: 1,
    usage: 4,
    reader: 'speechmike_gamepad',
  },
];

interface DeviceInfo {
  vendorId: number;
  productId: number;
  collections?: readonly { usagePage?: number; usage?: number }[];
}

/**
 * The model for a granted device, told apart by its collections as the SDK's manager does: where the
 * browser shows the HID-mode collection, that one (it carries the buttons in HID mode); else the
 * joystick collection of Browser/Gamepad mode.
 */
export function speechMikeModel(device: DeviceInfo): SpeechMikeModel | undefined {
  const has = (m: SpeechMikeModel) => (device.collections ?? []).some((c) => c.usagePage === m.usagePage && c.usage === m.usage);
  const candidates = SPEECHMIKE_MODELS.filter((m) => m.vendorId === device.vendorId && m.productId === device.productId && has(m));
  return candidates.find((m) => m.reader === 'speechmike_hid') ?? candidates[0];
}

export const SPEECHMIKE_BUTTONS = [
  'rewind',
  'play',
  'forward',
  'stop',
  'record',
  'eol',
  'insert',
  'instruction',
  'event',
  'f1',
  'f2',
  'f3',
  'f4',
] as const;
export type SpeechMikeButton = (typeof SPEECHMIKE_BUTTONS)[number];

/** dictation_support's ButtonEvent bits (dictation_device_base.ts). */
const SDK_BITS: Readonly<Record<SpeechMikeButton, number>> = {
  rewind: 1 << 0,
  play: 1 << 1,
  forward: 1 << 2,
  insert: 1 << 4,
  record: 1 << 5,
  event: 1 << 6,
  stop: 1 << 8,
  instruction: 1 << 9,
  f1: 1 << 10,
  f2: 1 << 11,
  f3: 1 << 12,
  f4: 1 << 13,
  eol: 1 << 14,
};

/** The buttons held down (or the slider position), from the mask the SDK reports. */
export function buttonsFromSdkMask(mask: number): SpeechMikeButton[] {
  return SPEECHMIKE_BUTTONS.filter((b) => (mask & SDK_BITS[b]) !== 0);
}

/**
 * What each button does on the typist's page. The transport buttons do what they say (rewind and
 * forward while held, as a slider left in that position); EOL saves a version as Ctrl/Cmd+S does, and
 * F1–F4 are the page's single-letter keys P, A, Shift+P and D. Record, insert/overwrite, instruction
 * and the event key have nothing to do on a page that plays a finished dictation.
 */
export const SPEECHMIKE_PAGE_ACTIONS: Readonly<Partial<Record<SpeechMikeButton, DevicePageAction>>> = {
  eol: 'finalSave',
  f1: 'findPatient',
  f2: 'findAppointment',
  f3: 'preview',
  f4: 'draftSave',
};

export interface DeviceCommands {
  transport: TransportCommand[];
  page: DevicePageAction[];
}

/**
 * The commands for one change of the buttons. Play and stop act when pressed (a slider moved to that
 * position); rewind and forward move the position while held, and playback then goes on if it was
 * playing before, as with Philips' own transcription software.
 */
export function speechMikeCommands(changes: PedalChanges<SpeechMikeButton>, held: readonly SpeechMikeButton[]): DeviceCommands {
  const transport: TransportCommand[] = [];
  const page: DevicePageAction[] = [];
  const scanning = (b: SpeechMikeButton) => b === 'rewind' || b === 'forward';
  for (const b of changes.released) {
    if (!scanning(b)) continue;
    const other = held.find(scanning);
    transport.push(other ? { type: 'scan', direction: other === 'rewind' ? -1 : 1 } : { type: 'endScan', then: 'asBefore' });
  }
  for (const b of changes.pressed) {
    if (b === 'play') transport.push({ type: 'play' });
    else if (b === 'stop') transport.push({ type: 'pause' });
    else if (b === 'rewind') transport.push({ type: 'scan', direction: -1 });
    else if (b === 'forward') transport.push({ type: 'scan', direction: 1 });
    const action = SPEECHMIKE_PAGE_ACTIONS[b];
    if (action) page.push(action);
  }
  return { transport, page };
}

/**
 * A name for the model code the SDK reads from the device (its DeviceType numbers are the model
 * numbers: 3500 is the LFH3500, 6001 the SpeechOne PSM6000).
 */
export function speechMikeName(code: number, fallback: string): string {
  if (code >= 3200 && code < 3500) return `Philips SpeechMike LFH${code}`;
  if (code >= 3500 && code < 3700) return `Philips SpeechMike Premium LFH${code}`;
  if (code >= 3700 && code < 4000) return `Philips SpeechMike Premium Touch SMP${code}`;
  if (code >= 4000 && code < 4100) return `Philips SpeechMike Premium Air SMP${code}`;
  if (code === 5000) return 'Philips SpeechMike Ambient PSM5000';
  if (code === 6001) return 'Philips SpeechOne PSM6000';
  return fallback;
}
