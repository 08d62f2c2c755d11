/**
 * Live lists (issue 14): after sign-in, the signed-in layout joins the browser's one live event stream
 * (live-stream.ts), loaded lazily (never with the entry bundle), and leaves it when the layout goes.
 * When the session ends in this tab (logout, or a 401), the stream ends in every tab of the user.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { session } from '../../lib/auth/session';
import type { SharedStream } from './shared-stream';

export function useLiveUpdates(userId: number): void {
  const queries = useQueryClient();
  useEffect(() => {
    let live: SharedStream | null = null;
    let gone = false;
    import('./live-stream')
      .then(({ startLiveUpdates }) => {
        if (!gone) live = startLiveUpdates(queries, userId);
      })
      // Without the chunk (offline before it was cached) the lists refresh on their timers as before.
      .catch(() => {});
    const unsubscribe = session.subscribe(() => {
      if (!session.snapshot.token) live?.logout();
    });
    return () => {
      gone = true;
      unsubscribe();
      live?.stop();
    };
  }, [queries, userId]);
}
