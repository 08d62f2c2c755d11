/// <reference types="w3c-web-hid" />
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PEDAL_FILTERS,
  PEDAL_MODELS,
  pedalChanges,
  pedalCommands,
  pedalModel,
  pedalPageActions,
  pedalsFromSdkButtons,
  pedalsInReport,
  type PedalAction,
  type PedalModel,
} from '../../src/domain/foot-pedal';

const model = (vendorId: number, productId: number): PedalModel => {
  const m = pedalModel(vendorId, productId);
  if (!m) throw new Error(`no model ${vendorId}:${productId}`);
  return m;
};

/** Feeds reports in order and returns what each one changed, as a pedal driver sees them. */
function replay(m: PedalModel, reports: number[][]) {
  let held: PedalAction[] = [];
  return reports.map((r) => {
    const next = pedalsInReport(m, Uint8Array.from(r));
    const changes = pedalChanges(held, next);
    held = next;
    return { held: next, ...changes };
  });
}

describe('pedal devices', () => {
  it('the chooser lists each supported pedal by vendor and product id, Philips by its joystick collection', () => {
    expect(PEDAL_FILTERS).toEqual([
      { vendorId: 0x0911, productId: 0x1844, usagePage: 1, usage: 4 },
      { vendorId: 0x0911, productId: 0x091a, usagePage: 1, usage: 4 },
      { vendorId: 0x05f3, productId: 0x00ff },
      { vendorId: 0x07b4, productId: 0x025f },
    ]);
    expect(pedalModel(0x1234, 0x5678)).toBeUndefined();
  });

  it('Infinity IN-USB: byte 0, left 1 rewind, centre 2 play, right 4 forward; presses and releases', () => {
    const steps = replay(model(0x05f3, 0x00ff), [
      [0x02, 0x00], // centre down
      [0x03, 0x00], // left joins
      [0x01, 0x00], // centre up
      [0x00, 0x00], // all up
      [0x04, 0x00], // right
      [0x07, 0x00], // all three
    ]);
    expect(steps.map((s) => s.held)).toEqual([['play'], ['rewind', 'play'], ['rewind'], [], ['forward'], ['rewind', 'play', 'forward']]);
    expect(steps[1]).toMatchObject({ pressed: ['rewind'], released: [] });
    expect(steps[2]).toMatchObject({ pressed: [], released: ['play'] });
    expect(steps[3]).toMatchObject({ pressed: [], released: ['rewind'] });
    expect(steps[5]).toMatchObject({ pressed: ['rewind', 'play'], released: [] });
  });

  it('Olympus RS31H (Olympus mode): byte 2, left 4 rewind, centre 2 play, right 1 forward; other bytes ignored', () => {
    const m = model(0x07b4, 0x025f);
    expect(pedalsInReport(m, Uint8Array.from([0xff, 0xff, 0x04, 0x00]))).toEqual(['rewind']);
    expect(pedalsInReport(m, Uint8Array.from([0, 0, 0x02, 0]))).toEqual(['play']);
    expect(pedalsInReport(m, Uint8Array.from([0, 0, 0x01, 0]))).toEqual(['forward']);
    expect(pedalsInReport(m, Uint8Array.from([0, 0, 0x06, 0]))).toEqual(['rewind', 'play']);
    expect(pedalsInReport(m, Uint8Array.from([0x07, 0x07]))).toEqual([]); // too short: nothing held
  });

  it('Olympus RS31H: the fourth (top) pedal is bit 8 of byte 2, and starts or stops playback in either mode', () => {
    // The bit is inferred (docs/decisions.md, "SpeechMikes and the fourth Olympus pedal"): 1, 2 and 4 are
    // the other three pedals of the same byte.
    const m = model(0x07b4, 0x025f);
    expect(pedalsInReport(m, Uint8Array.from([0, 0, 0x08]))).toEqual(['playToggle']);
    expect(pedalsInReport(m, Uint8Array.from([0, 0, 0x0f]))).toEqual(['rewind', 'play', 'forward', 'playToggle']);
    for (const mode of ['basic', 'advanced'] as const) {
      const press = pedalChanges([], ['playToggle'] as PedalAction[]);
      expect(pedalCommands(mode, press, ['playToggle'])).toEqual([{ type: 'toggle' }]);
      expect(pedalCommands(mode, pedalChanges(['playToggle'] as PedalAction[], []), [])).toEqual([]);
    }
  });

  it('Philips models map rewind 1, play 2, forward 4, end of letter 8 in byte 0', () => {
    for (const id of ['philips-acc2310-2320', 'philips-acc2330'] as const) {
      const m = PEDAL_MODELS.find((p) => p.id === id)!;
      expect(m.reader).toBe('dictation_support');
      expect(pedalsInReport(m, Uint8Array.from([0x0f]))).toEqual(['rewind', 'play', 'forward', 'endOfLetter']);
    }
  });

  it('dictation_support button masks map to the same pedals', () => {
    expect(pedalsFromSdkButtons(0)).toEqual([]);
    expect(pedalsFromSdkButtons(2)).toEqual(['play']);
    expect(pedalsFromSdkButtons(1 | 4)).toEqual(['rewind', 'forward']);
    expect(pedalsFromSdkButtons(1 << 14)).toEqual(['endOfLetter']);
  });
});

describe('Philips reports through dictation_support (the SDK the player uses)', () => {
  type Sdk = typeof import('dictation_support');
  let sdk: Sdk;
  beforeAll(async () => {
    // The SDK's UMD wrapper reads `self`, which Node does not define.
    (globalThis as { self?: unknown }).self ??= globalThis;
    sdk = await import('dictation_support');
  });

  class FakeHid extends EventTarget {
    opened = false;
    collections = [{ usagePage: 1, usage: 4 }];
    constructor(
      readonly vendorId: number,
      readonly productId: number,
    ) {
      super();
    }
    async open() {
      this.opened = true;
    }
    async close() {
      this.opened = false;
    }
    async send(bytes: number[]) {
      const e = Object.assign(new Event('inputreport'), { reportId: 0, device: this, data: new DataView(Uint8Array.from(bytes).buffer) });
      this.dispatchEvent(e);
      await new Promise((r) => setTimeout(r, 0));
    }
  }

  for (const [productId, name] of [
    [0x1844, 'ACC2310/2320'],
    [0x091a, 'ACC2330'],
  ] as const) {
    it(`${name}: report bytes become pedal presses and releases`, async () => {
      const hid = new FakeHid(0x0911, productId);
      const device = sdk.FootControlDevice.create(hid as unknown as HIDDevice);
      const seen: PedalAction[][] = [];
      device.addButtonEventListener((_d, mask) => void seen.push(pedalsFromSdkButtons(mask)));
      await device.init();
      expect(hid.opened).toBe(true);
      await hid.send([0x02]); // play down
      await hid.send([0x03]); // rewind joins
      await hid.send([0x03]); // same state again: no event
      await hid.send([0x01]); // play up
      await hid.send([0x00]); // all up
      await hid.send([0x0c]); // forward + end of letter
      expect(seen).toEqual([['play'], ['rewind', 'play'], ['rewind'], [], ['forward', 'endOfLetter']]);
      // Our own reading of the same bytes agrees with the SDK's.
      expect(pedalsInReport(model(0x0911, productId), Uint8Array.from([0x0c]))).toEqual(['forward', 'endOfLetter']);
      await device.shutdown();
      expect(hid.opened).toBe(false);
    });
  }
});

describe('pedal commands', () => {
  const run = (mode: 'basic' | 'advanced', states: PedalAction[][]) => {
    let held: PedalAction[] = [];
    return states.map((next) => {
      const cmds = pedalCommands(mode, pedalChanges(held, next), next);
      held = next;
      return cmds;
    });
  };

  it('basic: play while the play pedal is held, stop on release', () => {
    expect(run('basic', [['play'], []])).toEqual([[{ type: 'play' }], [{ type: 'pause' }]]);
  });

  it('advanced: each press of the play pedal toggles, releases do nothing', () => {
    expect(run('advanced', [['play'], [], ['play'], []])).toEqual([[{ type: 'toggle' }], [], [{ type: 'toggle' }], []]);
  });

  it('basic: rewind while held, then playing goes on because play is still held', () => {
    expect(run('basic', [['play'], ['play', 'rewind'], ['play']])).toEqual([
      [{ type: 'play' }],
      [{ type: 'scan', direction: -1 }],
      [{ type: 'endScan', then: 'play' }],
    ]);
  });

  it('basic: rewind alone leaves the audio stopped when released', () => {
    expect(run('basic', [['rewind'], []])).toEqual([[{ type: 'scan', direction: -1 }], [{ type: 'endScan', then: 'pause' }]]);
  });

  it('advanced: forward while held, then back to what it was doing', () => {
    expect(run('advanced', [['forward'], []])).toEqual([[{ type: 'scan', direction: 1 }], [{ type: 'endScan', then: 'asBefore' }]]);
  });

  it('switching from rewind to forward keeps scanning, the other way', () => {
    expect(run('basic', [['rewind'], ['rewind', 'forward'], ['forward'], []])).toEqual([
      [{ type: 'scan', direction: -1 }],
      [{ type: 'scan', direction: 1 }],
      [{ type: 'scan', direction: 1 }],
      [{ type: 'endScan', then: 'pause' }],
    ]);
  });

  it('the end-of-letter pedal leaves the audio alone and saves a version (as Ctrl/Cmd+S) when pressed', () => {
    expect(run('basic', [['endOfLetter'], []])).toEqual([[], []]);
    expect(pedalPageActions(pedalChanges([], ['endOfLetter'] as PedalAction[]))).toEqual(['finalSave']);
    expect(pedalPageActions(pedalChanges(['endOfLetter'] as PedalAction[], []))).toEqual([]);
    expect(pedalPageActions(pedalChanges([], ['play'] as PedalAction[]))).toEqual([]);
  });
});
