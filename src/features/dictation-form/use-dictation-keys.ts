import { useEffect, useRef } from 'react';

interface DictationKeyActions {
  submit: () => void;
  draft: () => void;
  toggleRecord?: () => void;
}

/** Dictation-page keys (spec §9): Ctrl/Cmd+S submit, D draft (not while typing), Ctrl/Cmd+Alt+R record/pause. */
export function useDictationKeys(actions: DictationKeyActions) {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      const typing = ['INPUT', 'TEXTAREA', 'SELECT'].includes((e.target as HTMLElement).tagName);
      const mod = e.ctrlKey || e.metaKey;
      const { submit, draft, toggleRecord } = latest.current;
      if (mod && e.altKey && e.code === 'KeyR' && toggleRecord) {
        e.preventDefault();
        toggleRecord();
      } else if (mod && !e.altKey && e.code === 'KeyS') {
        e.preventDefault();
        submit();
      } else if (!mod && !e.altKey && !typing && e.code === 'KeyD') {
        draft();
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
