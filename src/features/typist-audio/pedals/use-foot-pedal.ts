/// <reference types="w3c-web-hid" />
import { useCallback, useEffect, useRef, useState } from 'react';
import { pedalChanges, pedalCommands, type FootpedalMode, type PedalAction, type TransportCommand } from '../../../domain/foot-pedal';
import { pedalLeadership } from './pedal-leader';
import { choosePedals, grantedPedals, listenToPedal, modelOf, webHid } from './webhid';

export type PedalState =
  { kind: 'unsupported' } | { kind: 'none' } | { kind: 'connected'; names: string[] } | { kind: 'failed'; message: string };

export const PEDAL_OPEN_FAILED =
  'The foot pedal could not be opened. Close other dictation software that may be using it, unplug it and plug it in again.';

/**
 * Foot pedals for the player: reconnects the pedals this site was allowed before (and any plugged in
 * later), offers the chooser for a new one, and turns pedal presses into player commands in the tab
 * that leads (pedal-leader.ts).
 */
export function useFootPedal(mode: FootpedalMode, run: (command: TransportCommand) => void) {
  const hid = webHid();
  const [state, setState] = useState<PedalState>(hid ? { kind: 'none' } : { kind: 'unsupported' });
  const attachRef = useRef<(device: HIDDevice) => Promise<void>>(async () => undefined);
  const modeRef = useRef(mode);
  const runRef = useRef(run);
  useEffect(() => {
    modeRef.current = mode;
    runRef.current = run;
  });

  useEffect(() => {
    if (!hid) return;
    const leadership = pedalLeadership();
    const open = new Map<HIDDevice, (() => Promise<void>) | null>();
    let disposed = false;
    const publish = () => {
      const names = [...open.keys()].map((d) => modelOf(d)?.name ?? d.productName);
      setState(names.length ? { kind: 'connected', names: [...new Set(names)] } : { kind: 'none' });
    };

    const attach = async (device: HIDDevice) => {
      const model = modelOf(device);
      if (!model || open.has(device) || disposed) return;
      open.set(device, null);
      let held: PedalAction[] = [];
      try {
        const release = await listenToPedal(device, model, (next) => {
          const changes = pedalChanges(held, next);
          held = next;
          if (!leadership.isLeader()) return;
          for (const command of pedalCommands(modeRef.current, changes, next)) runRef.current(command);
        });
        if (disposed) return void release();
        open.set(device, release);
        publish();
      } catch {
        open.delete(device);
        setState({ kind: 'failed', message: PEDAL_OPEN_FAILED });
      }
    };
    attachRef.current = attach;

    const onConnect = (e: HIDConnectionEvent) => void attach(e.device);
    const onDisconnect = (e: HIDConnectionEvent) => {
      const release = open.get(e.device);
      if (open.delete(e.device)) {
        void release?.();
        publish();
      }
    };
    hid.addEventListener('connect', onConnect);
    hid.addEventListener('disconnect', onDisconnect);
    void grantedPedals(hid)
      .then((devices) => Promise.all(devices.map(attach)))
      .catch(() => undefined);

    return () => {
      disposed = true;
      hid.removeEventListener('connect', onConnect);
      hid.removeEventListener('disconnect', onDisconnect);
      for (const release of open.values()) void release?.();
      open.clear();
      leadership.dispose();
    };
  }, [hid]);

  /** "Connect foot pedal": the browser's chooser, then the chosen pedal is read at once. */
  const connect = useCallback(async () => {
    if (!hid) return;
    try {
      const devices = await choosePedals(hid);
      await Promise.all(devices.map((d) => attachRef.current(d)));
    } catch {
      setState({ kind: 'failed', message: PEDAL_OPEN_FAILED });
    }
  }, [hid]);

  return { state, connect };
}
