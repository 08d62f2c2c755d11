import { useState } from 'react';
import { Footprints } from 'lucide-react';
import { Button } from '../../components/ui/button';
import type { PedalState } from './pedals/use-foot-pedal';
import { PAGE_MESSAGES } from '../../domain/messages';
import { TYPIST_AUDIO_SHORTCUTS } from './shortcuts';
import { SUPPORTED_DEVICES } from './device-help';

export const NO_WEBHID = PAGE_MESSAGES.noWebHid;

/**
 * The foot pedal's (or SpeechMike's) place in the player: "Connect foot pedal or SpeechMike", the device
 * in use, or why there is none, with the keys to use instead and the devices that work here. Shown
 * folded, so the player stays small enough to stay on screen.
 */
export function PedalControl({ state, onConnect }: { state: PedalState; onConnect: () => void }) {
  const [open, setOpen] = useState(false);
  const panelId = 'pedal-help';
  const reason = state.kind === 'unsupported' ? NO_WEBHID : state.kind === 'failed' ? state.message : null;
  const shown = open || state.kind === 'failed';

  const button =
    state.kind === 'none' ? (
      <Button tone="secondary" onPress={onConnect} aria-label={PAGE_MESSAGES.connectDevice} className="px-3">
        <Footprints aria-hidden className="size-4" />
        <span className="hidden sm:inline">{PAGE_MESSAGES.connectDevice}</span>
      </Button>
    ) : state.kind === 'connected' ? (
      <span className="flex min-h-11 items-center gap-1.5 text-sm text-emerald-800 dark:text-emerald-300" data-testid="pedal-status">
        <Footprints aria-hidden className="size-4" />
        <span className="hidden max-w-48 truncate sm:inline lg:max-w-96" title={state.names.join(', ')}>
          {state.names.join(', ')}
        </span>
        <span className="sm:hidden">Pedal on</span>
      </span>
    ) : (
      <Button tone="ghost" onPress={() => setOpen((o) => !o)} aria-expanded={shown} aria-controls={panelId} className="px-3">
        <Footprints aria-hidden className="size-4" />
        <span className="hidden sm:inline">Foot pedals: use keys</span>
        <span className="sr-only sm:hidden">Foot pedals: use keys</span>
      </Button>
    );

  return (
    <>
      {/* Phones have no WebHID and rarely a keyboard: on a narrow screen the row keeps its room for the transport. */}
      <div className="ml-auto max-sm:hidden">
        {button}
        <span role="status" className="sr-only">
          {state.kind === 'connected' ? PAGE_MESSAGES.deviceConnected(state.names.join(', ')) : ''}
        </span>
      </div>
      {reason && shown && (
        <div id={panelId} className="basis-full rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800" data-testid="pedal-help">
          <p className="font-medium">{reason}</p>
          <p className="mt-1">Use the keyboard shortcuts:</p>
          <ul className="mt-1 grid gap-x-4 sm:grid-cols-2">
            {TYPIST_AUDIO_SHORTCUTS.map((s) => (
              <li key={s.keys}>
                <kbd className="font-mono text-xs">{s.keys}</kbd> {s.does}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-slate-600 dark:text-slate-300">
            A pedal set to keyboard mode works in any browser: have its pedals send F7 (rewind), F4 (play or pause) and F8 (forward).
          </p>
          <p className="mt-2">{PAGE_MESSAGES.supportedDevices}</p>
          <ul className="mt-1 list-disc pl-5" data-testid="supported-devices">
            {SUPPORTED_DEVICES.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
