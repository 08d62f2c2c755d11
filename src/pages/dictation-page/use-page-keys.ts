import { useEffect, useRef } from 'react';
import { actionForKey, isTypingTarget, type PageKeyActions } from './page-shortcuts';

/** Binds the dictation page's keys (page-shortcuts.ts) for as long as the page is open. */
export function usePageKeys(actions: PageKeyActions) {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (e.defaultPrevented || e.repeat) return;
      const action = actionForKey(e, isTypingTarget(e.target));
      if (!action) return;
      e.preventDefault();
      latest.current[action]();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
