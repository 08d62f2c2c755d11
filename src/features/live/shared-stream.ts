/**
 * One live event stream per browser, not one per tab (issue 14, PITFALLS 38: over HTTP/1.1 every
 * stream holds one of the ~6 connections a browser opens to the origin). The tabs of a user elect a
 * leader (tab-leader.ts); the leader holds GET /api/events and passes each event on over a
 * BroadcastChannel, and every tab, the leader too, refreshes its own lists. When the leader's tab
 * closes, another takes the stream over and refreshes everything once (it may have missed events).
 * A logout in any tab ends the stream in all of them.
 *
 * The channel and the lock are named after the user, so a tab signed in as someone else never hears
 * them; the messages carry a kind only, as the stream does: nothing about a patient or a dictation.
 */
import { liveEventSchema, type LiveEvent } from '../../domain/contract';
import { electTabLeader, type ChannelLike, type LockManagerLike } from './tab-leader';

type Kind = LiveEvent['kind'];

export interface BrowserChannel extends ChannelLike {
  close(): void;
}

export interface SharedStreamOptions {
  userId: number;
  /** `navigator.locks`, where there are Web Locks. */
  locks: LockManagerLike | null;
  /** `new BroadcastChannel(name)`, where there are BroadcastChannels; without them every tab has its own stream. */
  openChannel: ((name: string) => BrowserChannel) | null;
  /** This tab's refresh for an event. */
  apply(kind: Kind): void;
  /** Opens the server's stream, calling `emit` for each event; `catchUp`: refresh everything once open. */
  connect(emit: (kind: Kind) => void, catchUp: boolean): () => void;
}

export interface SharedStream {
  /** This tab leaves (its layout went); another tab takes the stream over. */
  stop(): void;
  /** The session ended here: every tab of this user stops. */
  logout(): void;
}

type Relay = { t: 'event'; kind: Kind } | { t: 'logout' };

export const liveChannelName = (userId: number) => `wardnote-live-${userId}`;

export function shareLiveStream(o: SharedStreamOptions): SharedStream {
  const name = liveChannelName(o.userId);
  const relay = o.openChannel?.(name) ?? null;
  // The fallback election's heartbeats go on a channel of their own, apart from the events.
  const beats = relay && !o.locks ? o.openChannel!(`${name}-leader`) : null;
  let stopped = false;

  const onRelay = (event: MessageEvent) => {
    const m = event.data as Partial<Relay> | null;
    if (m?.t === 'logout') return stop();
    if (m?.t !== 'event') return;
    const parsed = liveEventSchema.safeParse(m);
    if (parsed.success) o.apply(parsed.data.kind);
  };
  relay?.addEventListener('message', onRelay);

  const leader = electTabLeader({
    name,
    // No channel to pass events on: a leader would keep them to itself, so every tab leads alone.
    locks: relay ? o.locks : null,
    channel: beats,
    lead: (successor) =>
      o.connect((kind) => {
        o.apply(kind);
        relay?.postMessage({ t: 'event', kind } satisfies Relay);
      }, successor),
  });

  function stop() {
    if (stopped) return;
    stopped = true;
    relay?.removeEventListener('message', onRelay);
    leader.stop();
    relay?.close();
    beats?.close();
  }

  return {
    stop,
    logout() {
      if (!stopped) relay?.postMessage({ t: 'logout' } satisfies Relay);
      stop();
    },
  };
}
