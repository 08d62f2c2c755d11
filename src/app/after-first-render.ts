import type { AnyRouter } from '@tanstack/react-router';

/**
 * Runs `task` once, after the first route has resolved and the frame that shows it was painted (an
 * animation frame, then a task after it). Animation frames never come in a hidden tab, and the task must
 * run on every start: a timer runs it anyway after `fallbackMs` from the first route, or from the start
 * when the first route never resolves.
 */
export function afterFirstRender(router: AnyRouter, task: () => void, fallbackMs = 1_000): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(fallback);
    task();
  };
  let fallback = setTimeout(run, 3 * fallbackMs);
  const unsubscribe = router.subscribe('onResolved', () => {
    unsubscribe();
    clearTimeout(fallback);
    fallback = setTimeout(run, fallbackMs);
    requestAnimationFrame(() => setTimeout(run, 0));
  });
}
