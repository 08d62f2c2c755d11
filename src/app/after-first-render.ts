import type { AnyRouter } from '@tanstack/react-router';

/**
 * Runs `task` once the first route has resolved and rendered, or after `fallbackMs` whatever happens
 * (a start that never resolves must still run it). Timers, not animation frames: those never fire in a
 * hidden tab, and the task must run on every start.
 */
export function afterFirstRender(router: AnyRouter, task: () => void, fallbackMs = 3_000): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    unsubscribe();
    clearTimeout(fallback);
    setTimeout(task, 0);
  };
  const unsubscribe = router.subscribe('onResolved', run);
  const fallback = setTimeout(run, fallbackMs);
}
