import { PEDAL_MODELS, type DevicePageAction } from '../../domain/foot-pedal';
import { SPEECHMIKE_PAGE_ACTIONS, type SpeechMikeButton } from '../../domain/speechmike';
import type { AudioShortcut } from './shortcuts';

/** The devices the player reads, for the help shown where there is no pedal or SpeechMike. */
export const SUPPORTED_DEVICES: string[] = [
  ...PEDAL_MODELS.map((m) => m.name.replace('RS31H foot switch', 'RS31H foot switch (Olympus mode)')),
  'Philips SpeechMike Premium, Premium Touch, Premium Air, SpeechMike III, SpeechMike Ambient and SpeechOne',
];

const PAGE_ACTION_WORDS: Record<DevicePageAction, string> = {
  finalSave: 'Save the letter as a version (as Ctrl/Cmd + S)',
  draftSave: 'Save the letter now (as D)',
  findPatient: 'Find the patient (as P)',
  findAppointment: 'Find the appointment (as A)',
  preview: 'Preview the letter (as Shift + P)',
};

const BUTTON_NAMES: Partial<Record<SpeechMikeButton, string>> = {
  eol: 'EOL button or pedal',
  f1: 'SpeechMike F1',
  f2: 'SpeechMike F2',
  f3: 'SpeechMike F3',
  f4: 'SpeechMike F4',
};

/** What the device buttons do, for the "?" list (the mapping itself is src/domain/speechmike.ts). */
export const DEVICE_BUTTONS: AudioShortcut[] = [
  { keys: 'Play, Stop', does: 'Play or stop the audio (SpeechMike buttons or slider)' },
  { keys: 'Rewind, Forward (hold)', does: 'Wind back or on while held (SpeechMike or pedal)' },
  { keys: 'Play pedal', does: 'Basic mode: plays while held. Advanced mode: each press starts or stops' },
  { keys: 'Olympus top pedal', does: 'Play or pause' },
  ...Object.entries(SPEECHMIKE_PAGE_ACTIONS).map(([button, action]) => ({
    keys: BUTTON_NAMES[button as SpeechMikeButton] ?? button,
    does: PAGE_ACTION_WORDS[action],
  })),
];
