/// <reference types="w3c-web-hid" />
import {
  PEDAL_FILTERS,
  pedalModel,
  pedalsFromSdkButtons,
  pedalsInReport,
  type HidFilter,
  type PedalAction,
  type PedalModel,
} from '../../../domain/foot-pedal';
import {
  buttonsFromSdkMask,
  SPEECHMIKE_MODELS,
  speechMikeModel,
  speechMikeName,
  type SpeechMikeButton,
  type SpeechMikeModel,
} from '../../../domain/speechmike';

export type DeviceModel = PedalModel | SpeechMikeModel;

/** The chooser lists every pedal and SpeechMike we can read, by the collection we read. */
const DEVICE_FILTERS: readonly HidFilter[] = [
  ...PEDAL_FILTERS,
  ...SPEECHMIKE_MODELS.map(({ vendorId, productId, usagePage, usage }) => ({ vendorId, productId, usagePage, usage })),
];

/** WebHID, where the browser has it (desktop Chrome and Edge; not Safari, Firefox or mobile browsers). */
export function webHid(): HID | null {
  return typeof navigator === 'undefined' ? null : ((navigator as { hid?: HID }).hid ?? null);
}

export function modelOf(device: HIDDevice): DeviceModel | undefined {
  return pedalModel(device.vendorId, device.productId) ?? speechMikeModel(device);
}

/** The browser's chooser, listing only devices we can read. Needs a click or key press. */
export async function chooseDevices(hid: HID): Promise<HIDDevice[]> {
  const devices = await hid.requestDevice({ filters: DEVICE_FILTERS.map((f) => ({ ...f })) });
  return devices.filter((d) => modelOf(d));
}

/** Devices this site was allowed before (by the typist or by policy): no prompt on later visits. */
export async function grantedDevices(hid: HID): Promise<HIDDevice[]> {
  return (await hid.getDevices()).filter((d) => modelOf(d));
}

export interface OpenDevice {
  /** The model's name, or the exact one a SpeechMike gives once asked. */
  name: string;
  /** Lets the device go. */
  release(): Promise<void>;
}

/**
 * Opens a pedal and calls `onHeld` with the pedals held down after each change. Philips foot controls
 * are read by Philips' dictation_support (loaded only when one is present); the others by our parser.
 */
export async function listenToPedal(device: HIDDevice, model: PedalModel, onHeld: (held: PedalAction[]) => void): Promise<OpenDevice> {
  if (model.reader === 'dictation_support') {
    const { FootControlDevice } = await import('dictation_support');
    const control = FootControlDevice.create(device);
    control.addButtonEventListener((_device, mask) => onHeld(pedalsFromSdkButtons(mask)));
    await control.init();
    return { name: model.name, release: () => control.shutdown(true).catch(() => undefined) };
  }
  let last = '';
  const onReport = (e: HIDInputReportEvent) => {
    const held = pedalsInReport(model, new Uint8Array(e.data.buffer, e.data.byteOffset, e.data.byteLength));
    if (held.join() === last) return;
    last = held.join();
    onHeld(held);
  };
  device.addEventListener('inputreport', onReport);
  if (!device.opened) await device.open();
  return {
    name: model.name,
    release: async () => {
      device.removeEventListener('inputreport', onReport);
      if (device.opened) await device.close().catch(() => undefined);
    },
  };
}

/**
 * Opens a SpeechMike with Philips' dictation_support and calls `onHeld` with the buttons held down (and
 * the slider's position) after each change. In HID mode the SDK first asks the device which model it is.
 */
export async function listenToSpeechMike(
  device: HIDDevice,
  model: SpeechMikeModel,
  onHeld: (held: SpeechMikeButton[]) => void,
): Promise<OpenDevice> {
  const sdk = await import('dictation_support');
  const mike = model.reader === 'speechmike_hid' ? sdk.SpeechMikeHidDevice.create(device) : sdk.SpeechMikeGamepadDevice.create(device);
  mike.addButtonEventListener((_device, mask) => onHeld(buttonsFromSdkMask(mask)));
  try {
    await mike.init();
  } catch (err) {
    await mike.shutdown().catch(() => undefined);
    throw err;
  }
  const code = mike instanceof sdk.SpeechMikeHidDevice ? mike.getDeviceCode() : 0;
  return { name: speechMikeName(code, model.name), release: () => mike.shutdown().catch(() => undefined) };
}
