import { POPUP_SIZE } from '../../../domain/limits';
import { MESSAGES } from '../../../domain/messages';

/** Between the autotext popup and the dictation page that opened it (same origin). */
export const AUTOTEXT_CHANNEL = 'wardnote-autotext';

export type PopupMessage =
  /** The popup: insert this body into the letter of the page named `target`. */
  | { type: 'insert'; target: string; body: string; shortcut: string }
  /** The page: it was inserted. */
  | { type: 'inserted'; target: string; shortcut: string };

export function isPopupMessage(data: unknown): data is PopupMessage {
  const m = data as Partial<PopupMessage> | null;
  return (
    !!m &&
    typeof m.target === 'string' &&
    typeof m.shortcut === 'string' &&
    (m.type === 'inserted' || (m.type === 'insert' && typeof (m as { body?: unknown }).body === 'string'))
  );
}

/**
 * Opens /autotextpopup in its 700x500 window (spec §2, §9), for the page named `target`. A blocked
 * popup is reported with the spec's alert. Returns the window, or null when it was blocked.
 */
export function openAutotextPopup(opts: { target?: string; departmentId?: number | null } = {}): Window | null {
  const url = new URL('/autotextpopup', window.location.origin);
  if (opts.target) url.searchParams.set('target', opts.target);
  if (opts.departmentId) url.searchParams.set('department', String(opts.departmentId));
  const popup = window.open(url.toString(), 'autotext', `width=${POPUP_SIZE.width},height=${POPUP_SIZE.height}`);
  if (!popup) window.alert(MESSAGES.popupBlocked);
  return popup;
}
