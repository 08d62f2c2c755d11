/**
 * This process's open event streams (issue 14) and who hears what: a work-queue change reaches the
 * streams of its trust (an outsourced typist's only when it concerns their pool), a bell change only
 * the streams of the users whose unread count changed, a session's end closes that session's streams.
 * Frames carry a kind only.
 */
import type { LiveMessage } from './live-channel';

export type LiveKind = 'worklist' | 'bell';

export interface LiveStream {
  userId: number;
  trustId: number;
  sessionId: number;
  /** Set for an external typist: they hear only their pool's changes. */
  poolId: number | null;
  send(kind: LiveKind): void;
  close(): void;
}

/** Open streams per user and process; one more is refused (429) and that app refreshes on its timers. */
export const MAX_STREAMS_PER_USER = 5;

export function createLiveHub() {
  const streams = new Set<LiveStream>();

  return {
    /** Whether this user may open one more stream here. */
    hasRoomFor(userId: number): boolean {
      let n = 0;
      for (const s of streams) if (s.userId === userId) n++;
      return n < MAX_STREAMS_PER_USER;
    },
    add(s: LiveStream): () => void {
      streams.add(s);
      return () => void streams.delete(s);
    },
    deliver(m: LiveMessage): void {
      for (const s of [...streams]) {
        if (m.k === 'end') {
          if (s.sessionId === m.s) {
            streams.delete(s);
            s.close();
          }
          continue;
        }
        const queue = s.poolId === null ? m.t === s.trustId : m.p.includes(s.poolId);
        if (queue) s.send('worklist');
        if (m.u.includes(s.userId)) s.send('bell');
      }
    },
    closeAll(): void {
      for (const s of streams) s.close();
      streams.clear();
    },
    size: () => streams.size,
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
