import { useEffect } from 'react';
import type { NavItem } from '../../domain/access';

export interface ShortcutActions {
  go: (item: Exclude<NavItem, 'logout'>) => void;
  logout: () => void;
  recordTab: (n: number) => void;
  /** Ctrl+K: the find-document panel. */
  findDocument: () => void;
}

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

/**
 * Global shortcuts of spec §9 that have a destination for this user: Alt+H home, Alt+1..4 record tabs,
 * Alt+U upload, Alt+P profile, Alt+R record, Alt+S support, Ctrl+K find document (the panel), Ctrl+I resources,
 * Ctrl+L logout. `event.code` is used so Alt on macOS (which types symbols) still works.
 */
export function useGlobalShortcuts(visible: readonly NavItem[], actions: ShortcutActions): void {
  useEffect(() => {
    const has = (item: NavItem) => visible.includes(item);
    function onKey(e: KeyboardEvent) {
      const ctrl = e.ctrlKey || e.metaKey;
      let handled = true;
      if (e.altKey && !ctrl && !e.shiftKey) {
        const digit = /^Digit([1-4])$/.exec(e.code);
        if (digit && has('record')) actions.recordTab(Number(digit[1]));
        else if (e.code === 'KeyH' && has('home')) actions.go('home');
        else if (e.code === 'KeyU' && has('upload')) actions.go('upload');
        else if (e.code === 'KeyP' && has('profile')) actions.go('profile');
        else if (e.code === 'KeyR' && has('record')) actions.go('record');
        else if (e.code === 'KeyS' && has('support')) actions.go('support');
        else handled = false;
      } else if (ctrl && !e.altKey && !e.shiftKey) {
        if (e.code === 'KeyK') actions.findDocument();
        else if (e.code === 'KeyI' && has('resources') && !isTyping(e.target)) actions.go('resources');
        else if (e.code === 'KeyL') actions.logout();
        else handled = false;
      } else handled = false;
      if (handled) e.preventDefault();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [visible, actions]);
}
