/**
 * This process's open event streams (issue 14) and who hears what: a work-queue change reaches the
 * streams of its trust (an outsourced typist's only when it concerns their pool); one dictation's
 * change only the streams whose user may see that dictation as it was or as it is (canViewDictation:
 * a confidential or draft dictation's change reaches no one else, issue 22 point 8); a bell change
 * only the streams of the users whose unread count changed; a session's end closes that session's
 * streams. Frames carry a kind only.
 */
import type { AccessSubject } from '../../../src/domain/access';
import { canViewDictation } from '../../../src/domain/dictation-access';
import { ownershipOf, type LiveMessage } from './live-channel';

export type LiveKind = 'worklist' | 'bell';

export interface LiveStream {
  userId: number;
  trustId: number;
  sessionId: number;
  /** Set for an external typist: they hear only their pool's changes. */
  poolId: number | null;
  /** Who the user is (roles, permissions) when the stream opened, for the dictations they may see. */
  subject: AccessSubject;
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
        const mayKnow = !m.d || m.d.some((d) => canViewDictation(s.subject, s.userId, ownershipOf(d)));
        const queue = s.poolId === null ? m.t === s.trustId && mayKnow : m.p.includes(s.poolId);
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
