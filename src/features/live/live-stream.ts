/**
 * Live lists (issue 14): GET /api/events, one stream per browser shared by its tabs (shared-stream.ts),
 * and on each event this tab refreshes the React Query queries it concerns: the work queues, their tab
 * counts and the letters-out lists ('worklist'), the bell's unread count ('bell'). Bursts are coalesced
 * (at most one refresh a second); meanwhile the queries' own interval and focus refreshes go on as before.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '../../domain/contract';
import { createCoalescer } from './coalesce';
import { shareLiveStream, type SharedStream } from './shared-stream';
import { connectLiveStream } from './stream-connection';

const REFRESH_GAP_MS = 1_000;
/**
 * The roots of the keys this tab refreshes: worklistKeys.all, lettersOutKeys.all and the notifications'
 * (a unit test keeps them equal), written out so that neither those features' code nor a module of three
 * constants becomes a chunk loaded with the live stream (one more file, one more entry in every manifest).
 */
export const LIVE_QUERY_ROOTS = { worklist: ['worklist'], lettersOut: ['letters-out'], notifications: ['notifications'] } as const;

export function startLiveUpdates(queries: QueryClient, userId: number): SharedStream {
  const refresh = createCoalescer<LiveEvent['kind']>((kinds) => {
    if (kinds.has('worklist')) {
      void queries.invalidateQueries({ queryKey: LIVE_QUERY_ROOTS.worklist });
      void queries.invalidateQueries({ queryKey: LIVE_QUERY_ROOTS.lettersOut });
    }
    if (kinds.has('bell')) void queries.invalidateQueries({ queryKey: LIVE_QUERY_ROOTS.notifications });
  }, REFRESH_GAP_MS);

  const shared = shareLiveStream({
    userId,
    locks: typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null,
    openChannel: typeof BroadcastChannel === 'function' ? (name) => new BroadcastChannel(name) : null,
    apply: (kind) => refresh.add(kind),
    connect: connectLiveStream,
  });

  return {
    stop() {
      shared.stop();
      refresh.cancel();
    },
    logout() {
      shared.logout();
      refresh.cancel();
    },
  };
}
