/**
 * Transcription foot pedals over WebHID (issue 11): which devices we know, how their input reports map
 * to pedals, and what a pedal press asks the player to do. Pure: the WebHID code lives in
 * src/features/typist-audio/pedals.
 */

export const PEDAL_ACTIONS = ['rewind', 'play', 'forward', 'endOfLetter', 'playToggle'] as const;
export type PedalAction = (typeof PEDAL_ACTIONS)[number];

export const FOOTPEDAL_MODES = ['basic', 'advanced'] as const;
export type FootpedalMode = (typeof FOOTPEDAL_MODES)[number];
/** Spec §9: "Default footpedal mode basic". */
export const DEFAULT_FOOTPEDAL_MODE: FootpedalMode = 'basic';

/**
 * What a pedal or a SpeechMike button may ask of the dictation page beyond the audio: the page's own
 * keys (page-shortcuts.ts) Ctrl/Cmd+S, D, P, A and Shift+P.
 */
export type DevicePageAction = 'finalSave' | 'draftSave' | 'findPatient' | 'findAppointment' | 'preview';

export interface PedalModel {
  kind: 'pedal';
  id: 'philips-acc2310-2320' | 'philips-acc2330' | 'infinity-in-usb' | 'olympus-rs31h';
  name: string;
  vendorId: number;
  productId: number;
  /** The HID collection to ask for, where the device has several. */
  usagePage?: number;
  usage?: number;
  /** Who reads the reports: Philips' own SDK (dictation_support), or `pedalsInReport` below. */
  reader: 'dictation_support' | 'own';
  /** Which byte of the input report (report id excluded, as WebHID gives it) holds the pedals. */
  byte: number;
  /** Each pedal's bit in that byte. */
  bits: Partial<Record<PedalAction, number>>;
}

/**
 * The devices we accept. Sources: Philips' dictation_support (FootControlDevice: byte 0, rewind 1,
 * play 2, forward 4, end of letter 8; filters usage page 1, usage 4); Infinity IN-USB-1/2 (VEC): byte 0,
 * left 1, centre 2, right 4 (public Linux/Go/Python drivers for 05f3:00ff); Olympus RS31H in Olympus
 * mode: byte 2, left 4, centre 2, right 1 (two independent public readers agree); its fourth (small
 * top) pedal is taken as the next bit, 8, of the same byte: no public reader we found documents it (see
 * docs/decisions.md, "SpeechMikes and the fourth Olympus pedal"), so it starts or stops playback, the
 * one action that does no harm if the guess is wrong.
 */
export const PEDAL_MODELS: readonly PedalModel[] = [
  {
    kind: 'pedal',
    id: 'philips-acc2310-2320',
    name: 'Philips ACC2310/2320 foot control',
    vendorId: 0x0911,
    productId: 0x1844,
    usagePage: 1,
    usage: 4,
    reader: 'dictation_support',
    byte: 0,
    bits: { rewind: 1, play: 2, forward: 4, endOfLetter: 8 },
  },
  {
    kind: 'pedal',
    id: 'philips-acc2330',
    name: 'Philips ACC2330 foot control',
    vendorId: 0x0911,
    productId: 0x091a,
    usagePage: 1,
    usage: 4,
    reader: 'dictation_support',
    byte: 0,
    bits: { rewind: 1, play: 2, forward: 4, endOfLetter: 8 },
  },
  {
    kind: 'pedal',
    id: 'infinity-in-usb',
    name: 'Infinity IN-USB foot pedal',
    vendorId: 0x05f3,
    productId: 0x00ff,
    reader: 'own',
    byte: 0,
    bits: { rewind: 1, play: 2, forward: 4 },
  },
  {
    kind: 'pedal',
    id: 'olympus-rs31h',
    name: 'Olympus RS31H foot switch',
    vendorId: 0x07b4,
    productId: 0x025f,
    reader: 'own',
    byte: 2,
    bits: { rewind: 4, play: 2, forward: 1, playToggle: 8 },
  },
];

export interface HidFilter {
  vendorId: number;
  productId: number;
  usagePage?: number;
  usage?: number;
}

/** The filters for `navigator.hid.requestDevice`: one chooser lists every pedal we can read. */
export const PEDAL_FILTERS: readonly HidFilter[] = PEDAL_MODELS.map(({ vendorId, productId, usagePage, usage }) =>
  usagePage === undefined ? { vendorId, productId } : { vendorId, productId, usagePage, usage },
);

export function pedalModel(vendorId: number, productId: number): PedalModel | undefined {
  return PEDAL_MODELS.find((m) => m.vendorId === vendorId && m.productId === productId);
}

/** The pedals held down in one input report. A report too short to hold the pedal byte holds none. */
export function pedalsInReport(model: PedalModel, report: Uint8Array): PedalAction[] {
  const byte = report[model.byte] ?? 0;
  return PEDAL_ACTIONS.filter((a) => {
    const bit = model.bits[a];
    return bit !== undefined && (byte & bit) !== 0;
  });
}

/** dictation_support's ButtonEvent bits (REWIND 1<<0, PLAY 1<<1, FORWARD 1<<2, EOL_PRIO 1<<14). */
const SDK_BUTTONS: readonly [PedalAction, number][] = [
  ['rewind', 1 << 0],
  ['play', 1 << 1],
  ['forward', 1 << 2],
  ['endOfLetter', 1 << 14],
];

/** The pedals held down, from the button mask dictation_support reports. */
export function pedalsFromSdkButtons(mask: number): PedalAction[] {
  return SDK_BUTTONS.filter(([, bit]) => (mask & bit) !== 0).map(([a]) => a);
}

export interface PedalChanges<T extends string = PedalAction> {
  pressed: T[];
  released: T[];
}

export function pedalChanges<T extends string>(before: readonly T[], after: readonly T[]): PedalChanges<T> {
  return { pressed: after.filter((a) => !before.includes(a)), released: before.filter((a) => !after.includes(a)) };
}

/** What the player is asked to do. A scan moves the position while a pedal is held, without sound. */
export type TransportCommand =
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'toggle' }
  | { type: 'scan'; direction: -1 | 1 }
  | { type: 'endScan'; then: 'play' | 'pause' | 'asBefore' };

/**
 * The player commands for one change of the pedals. Basic mode (spec default): the play pedal plays
 * while held and stops when released. Advanced: each press of the play pedal starts or stops. Rewind
 * and forward move the position while held; on release playback goes on if the play pedal is still held
 * (basic) or if it was playing before (advanced). The fourth Olympus pedal starts or stops in either
 * mode. The end-of-letter pedal acts on the page instead (`pedalPageActions`).
 */
export function pedalCommands(mode: FootpedalMode, changes: PedalChanges, held: readonly PedalAction[]): TransportCommand[] {
  const out: TransportCommand[] = [];
  const scanning = (a: PedalAction) => a === 'rewind' || a === 'forward';
  for (const a of changes.released) {
    if (a === 'play' && mode === 'basic') out.push({ type: 'pause' });
    if (scanning(a)) {
      const other = held.find(scanning);
      if (other) out.push({ type: 'scan', direction: other === 'rewind' ? -1 : 1 });
      else out.push({ type: 'endScan', then: mode === 'advanced' ? 'asBefore' : held.includes('play') ? 'play' : 'pause' });
    }
  }
  for (const a of changes.pressed) {
    if (a === 'play') out.push({ type: mode === 'basic' ? 'play' : 'toggle' });
    if (a === 'playToggle') out.push({ type: 'toggle' });
    if (a === 'rewind') out.push({ type: 'scan', direction: -1 });
    if (a === 'forward') out.push({ type: 'scan', direction: 1 });
  }
  return out;
}

/** The end-of-letter pedal (Philips ACC2330) saves a version, as Ctrl/Cmd+S and a SpeechMike's EOL do. */
export function pedalPageActions(changes: PedalChanges): DevicePageAction[] {
  return changes.pressed.includes('endOfLetter') ? ['finalSave'] : [];
}
