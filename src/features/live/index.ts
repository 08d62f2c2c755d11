/**
 * Live lists (issue 14): after sign-in, the signed-in layout opens the live event stream, loaded
 * lazily (never with the entry bundle), and closes it when the layout goes (logout).
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';

export function useLiveUpdates(): void {
  const queries = useQueryClient();
  useEffect(() => {
    let stop: (() => void) | null = null;
    let gone = false;
    import('./live-stream')
      .then(({ startLiveUpdates }) => {
        if (!gone) stop = startLiveUpdates(queries);
      })
      // Without the chunk (offline before it was cached) the lists refresh on their timers as before.
      .catch(() => {});
    return () => {
      gone = true;
      stop?.();
    };
  }, [queries]);
}
