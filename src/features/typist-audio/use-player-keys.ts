import { useEffect } from 'react';
import type { PlaybackController } from './playback-controller';
import { STEP_SECONDS } from './playback-controller';
import { keyAction } from './shortcuts';

/** Held arrows step at most this often (a key repeat is ~30 a second). */
const REPEAT_MS = 250;

/** Binds the player's keys (shortcuts.ts) on the whole page while the player is shown. */
export function usePlayerKeys(controller: PlaybackController | null): void {
  useEffect(() => {
    if (!controller) return;
    let lastStep = 0;
    let scanKey: string | null = null;

    function onKeyDown(e: KeyboardEvent) {
      if (e.defaultPrevented || !controller) return;
      const action = keyAction(e, e.target);
      if (!action) return;
      e.preventDefault();
      if (action === 'toggle') {
        if (!e.repeat) controller.toggle();
      } else if (action === 'scanBack' || action === 'scanForward') {
        if (e.repeat) return;
        scanKey = e.key;
        controller.startScan(action === 'scanBack' ? -1 : 1);
      } else {
        if (e.repeat && e.timeStamp - lastStep < REPEAT_MS) return;
        lastStep = e.timeStamp;
        controller.step(action === 'back' ? -STEP_SECONDS : STEP_SECONDS);
      }
    }
    function endScan() {
      if (scanKey === null) return;
      scanKey = null;
      controller?.endScan('asBefore');
    }
    function onKeyUp(e: KeyboardEvent) {
      if (e.key === scanKey) endScan();
    }
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('keyup', onKeyUp);
    // A key released in another window never sends its keyup here.
    window.addEventListener('blur', endScan);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp);
      window.removeEventListener('blur', endScan);
    };
  }, [controller]);
}
