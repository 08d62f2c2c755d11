/** The player's keys, as data: the key handler, the pedal help and the page's "?" list read these rows. */
export interface AudioShortcut {
  keys: string;
  does: string;
}

export const TYPIST_AUDIO_SHORTCUTS: AudioShortcut[] = [
  { keys: 'F4 or F9', does: 'Play or pause the audio, also while typing in the letter' },
  { keys: 'F7 (hold)', does: 'Rewind while held, also while typing' },
  { keys: 'F8 (hold)', does: 'Fast-forward while held, also while typing' },
  { keys: 'Space', does: 'Play or pause (outside text fields)' },
  { keys: '← / →', does: 'Back or forward 3 seconds (outside text fields)' },
];

/** Where Space and the arrows already mean something: text, buttons, sliders, lists, dialogs. */
const OWN_KEYS =
  'input, textarea, select, button, a[href], summary, [contenteditable]:not([contenteditable="false"]), ' +
  '[role="button"], [role="slider"], [role="tab"], [role="radio"], [role="checkbox"], [role="switch"], [role="option"], ' +
  '[role="menuitem"], [role="listbox"], [role="combobox"], [role="textbox"], [role="grid"], [role="dialog"], [role="alertdialog"]';

export function keysBelongToTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  return (target instanceof HTMLElement && target.isContentEditable) || target.closest(OWN_KEYS) !== null;
}

export type KeyAction = 'toggle' | 'back' | 'forward' | 'scanBack' | 'scanForward';

/**
 * Which player action a key press asks for. F4/F9, F7 and F8 work everywhere on the page, in the letter
 * editor too (Express Scribe's keys, so typing is never disturbed); Space and the arrows (spec §9) only
 * where the focus is not on something that uses them. Ctrl/Cmd+Alt+R (spec: toggle record) is not bound
 * here: this page has nothing to record.
 */
export function keyAction(
  e: Pick<KeyboardEvent, 'code' | 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>,
  target: EventTarget | null,
): KeyAction | null {
  if (e.ctrlKey || e.metaKey || e.altKey || e.shiftKey) return null;
  if (e.key === 'F4' || e.key === 'F9') return 'toggle';
  if (e.key === 'F7') return 'scanBack';
  if (e.key === 'F8') return 'scanForward';
  if (keysBelongToTarget(target)) return null;
  if (e.code === 'Space') return 'toggle';
  if (e.key === 'ArrowLeft') return 'back';
  if (e.key === 'ArrowRight') return 'forward';
  return null;
}
