import { lazy } from 'react';
import type { toast as sonnerToast } from 'sonner';

/**
 * Toasts without sonner in the entry (DESIGN §7): the library loads with the first message or the first
 * render of the Toaster, whichever comes first. A message sent before the Toaster mounted is shown when
 * it does (sonner replays active toasts to a new subscriber).
 */
export function showToast(show: (toast: typeof sonnerToast) => void): void {
  void import('sonner').then(({ toast }) => show(toast));
}

export const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));
