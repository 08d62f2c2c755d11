/** The dictation page's own keys (spec §9), as data: the key handler and the "?" list read the same rows. */
export interface Shortcut {
  keys: string;
  does: string;
}

export const PAGE_SHORTCUTS: Shortcut[] = [
  { keys: 'Ctrl/Cmd + S', does: 'Save the letter as a version (final save)' },
  { keys: 'D', does: 'Save the letter now (draft, no version)' },
  { keys: 'P', does: 'Find the patient' },
  { keys: 'A', does: 'Find the appointment for the patient' },
  { keys: 'Shift + P', does: 'Preview the letter' },
  { keys: '/', does: 'Go to the custom fields' },
  { keys: 'Q', does: 'Approve the letter (when it waits for your approval)' },
  { keys: 'Alt + W', does: 'Close the dictation and go back to the list' },
  { keys: '?', does: 'Show this list' },
];

export interface PageKeyActions {
  finalSave(): void;
  draftSave(): void;
  findPatient(): void;
  findAppointment(): void;
  preview(): void;
  customField(): void;
  close(): void;
  help(): void;
  approve(): void;
}

/** Single-letter keys act only outside text (spec §9): the editor is a contenteditable, so check that too. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.isContentEditable;
}

/** Which action a key press asks for, or null. Pure, so it is unit-tested without a page. */
export function actionForKey(
  e: Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>,
  typing: boolean,
): keyof PageKeyActions | null {
  const mod = e.ctrlKey || e.metaKey;
  if (mod && !e.altKey && !e.shiftKey && e.code === 'KeyS') return 'finalSave';
  if (e.altKey && !mod && e.code === 'KeyW') return 'close';
  if (typing || mod || e.altKey) return null;
  if (e.key === '?') return 'help';
  if (e.key === '/') return 'customField';
  if (e.code === 'KeyP') return e.shiftKey ? 'preview' : 'findPatient';
  if (e.shiftKey) return null;
  if (e.code === 'KeyD') return 'draftSave';
  if (e.code === 'KeyA') return 'findAppointment';
  if (e.code === 'KeyQ') return 'approve';
  return null;
}
