/// <reference types="w3c-web-hid" />
import {
  PEDAL_FILTERS,
  pedalModel,
  pedalsFromSdkButtons,
  pedalsInReport,
  type PedalAction,
  type PedalModel,
} from '../../../domain/foot-pedal';

/** WebHID, where the browser has it (desktop Chrome and Edge; not Safari, Firefox or mobile browsers). */
export function webHid(): HID | null {
  return typeof navigator === 'undefined' ? null : ((navigator as { hid?: HID }).hid ?? null);
}

export function modelOf(device: HIDDevice): PedalModel | undefined {
  return pedalModel(device.vendorId, device.productId);
}

/** The browser's chooser, listing only pedals we can read. Needs a click or key press. */
export async function choosePedals(hid: HID): Promise<HIDDevice[]> {
  const devices = await hid.requestDevice({ filters: PEDAL_FILTERS.map((f) => ({ ...f })) });
  return devices.filter((d) => modelOf(d));
}

/** Pedals this site was allowed before (by the typist or by policy): no prompt on later visits. */
export async function grantedPedals(hid: HID): Promise<HIDDevice[]> {
  return (await hid.getDevices()).filter((d) => modelOf(d));
}

/**
 * Opens a pedal and calls `onHeld` with the pedals held down after each change. Philips foot controls
 * are read by Philips' dictation_support (loaded only when one is present); the others by our parser.
 * Returns what lets the device go.
 */
export async function listenToPedal(
  device: HIDDevice,
  model: PedalModel,
  onHeld: (held: PedalAction[]) => void,
): Promise<() => Promise<void>> {
  if (model.reader === 'dictation_support') {
    const { FootControlDevice } = await import('dictation_support');
    const control = FootControlDevice.create(device);
    control.addButtonEventListener((_device, mask) => onHeld(pedalsFromSdkButtons(mask)));
    await control.init();
    return () => control.shutdown(true).catch(() => undefined);
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
  return async () => {
    device.removeEventListener('inputreport', onReport);
    if (device.opened) await device.close().catch(() => undefined);
  };
}
