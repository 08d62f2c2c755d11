/// <reference types="w3c-web-hid" />
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  pedalChanges,
  pedalCommands,
  pedalPageActions,
  type DevicePageAction,
  type FootpedalMode,
  type PedalAction,
  type TransportCommand,
} from '../../../domain/foot-pedal';
import { speechMikeCommands, type SpeechMikeButton } from '../../../domain/speechmike';
import { pedalLeadership } from './pedal-leader';
import { chooseDevices, grantedDevices, listenToPedal, listenToSpeechMike, modelOf, webHid, type OpenDevice } from './webhid';

export type PedalState =
  { kind: 'unsupported' } | { kind: 'none' } | { kind: 'connected'; names: string[] } | { kind: 'failed'; message: string };

export const PEDAL_OPEN_FAILED =
  'The foot pedal or SpeechMike could not be opened. Close other dictation software that may be using it, unplug it and plug it in again.';

/**
 * Foot pedals and SpeechMikes for the player: reconnects the devices this site was allowed before (and
 * any plugged in later), offers the chooser for a new one, and turns presses into player commands and
 * page actions in the tab that leads (pedal-leader.ts).
 */
export function useFootPedal(
  mode: FootpedalMode,
  run: (command: TransportCommand) => void,
  onPageAction: (action: DevicePageAction) => void = () => undefined,
) {
  const hid = webHid();
  const [state, setState] = useState<PedalState>(hid ? { kind: 'none' } : { kind: 'unsupported' });
  const attachRef = useRef<(device: HIDDevice) => Promise<void>>(async () => undefined);
  const modeRef = useRef(mode);
  const runRef = useRef(run);
  const pageRef = useRef(onPageAction);
  useEffect(() => {
    modeRef.current = mode;
    runRef.current = run;
    pageRef.current = onPageAction;
  });

  useEffect(() => {
    if (!hid) return;
    const leadership = pedalLeadership();
    const open = new Map<HIDDevice, OpenDevice | null>();
    let disposed = false;
    const publish = () => {
      const names = [...open.values()].flatMap((d) => (d ? [d.name] : []));
      setState(names.length ? { kind: 'connected', names: [...new Set(names)] } : { kind: 'none' });
    };
    const act = (transport: TransportCommand[], page: DevicePageAction[]) => {
      if (!leadership.isLeader()) return;
      for (const command of transport) runRef.current(command);
      for (const action of page) pageRef.current(action);
    };

    const attach = async (device: HIDDevice) => {
      const model = modelOf(device);
      if (!model || open.has(device) || disposed) return;
      open.set(device, null);
      try {
        let opened: OpenDevice;
        if (model.kind === 'speechmike') {
          let held: SpeechMikeButton[] = [];
          opened = await listenToSpeechMike(device, model, (next) => {
            const changes = pedalChanges(held, next);
            held = next;
            const { transport, page } = speechMikeCommands(changes, next);
            act(transport, page);
          });
        } else {
          let held: PedalAction[] = [];
          opened = await listenToPedal(device, model, (next) => {
            const changes = pedalChanges(held, next);
            held = next;
            act(pedalCommands(modeRef.current, changes, next), pedalPageActions(changes));
          });
        }
        if (disposed) return void opened.release();
        open.set(device, opened);
        publish();
      } catch {
        open.delete(device);
        setState({ kind: 'failed', message: PEDAL_OPEN_FAILED });
      }
    };
    attachRef.current = attach;

    const onConnect = (e: HIDConnectionEvent) => void attach(e.device);
    const onDisconnect = (e: HIDConnectionEvent) => {
      const opened = open.get(e.device);
      if (open.delete(e.device)) {
        void opened?.release();
        publish();
      }
    };
    hid.addEventListener('connect', onConnect);
    hid.addEventListener('disconnect', onDisconnect);
    void grantedDevices(hid)
      .then((devices) => Promise.all(devices.map(attach)))
      .catch(() => undefined);

    return () => {
      disposed = true;
      hid.removeEventListener('connect', onConnect);
      hid.removeEventListener('disconnect', onDisconnect);
      for (const opened of open.values()) void opened?.release();
      open.clear();
      leadership.dispose();
    };
  }, [hid]);

  /** "Connect foot pedal or SpeechMike": the browser's chooser, then the chosen device is read at once. */
  const connect = useCallback(async () => {
    if (!hid) return;
    try {
      const devices = await chooseDevices(hid);
      await Promise.all(devices.map((d) => attachRef.current(d)));
    } catch {
      setState({ kind: 'failed', message: PEDAL_OPEN_FAILED });
    }
  }, [hid]);

  return { state, connect };
}
