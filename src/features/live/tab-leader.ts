/**
 * One leader among the tabs of a browser (issue 14, PITFALLS 38): the leader does the work (holds the
 * live event stream), the others wait. With Web Locks the leader holds an exclusive lock and the other
 * tabs queue for it, so the browser hands it on the moment the leader's tab closes or crashes. Without
 * Web Locks, tabs agree over a BroadcastChannel: the leader sends a heartbeat, a tab that hears none
 * for a while takes over, and of two leaders that hear each other the one with the greater id steps
 * down. With neither, every tab leads on its own.
 */

/** The part of `navigator.locks` used here. */
export interface LockManagerLike {
  request(name: string, options: { ifAvailable?: boolean; signal?: AbortSignal }, callback: (lock: unknown) => unknown): Promise<unknown>;
}

/** The part of `BroadcastChannel` used here (it never delivers a tab's own messages to itself). */
export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

export interface TabLeaderOptions {
  /** The lock's name; one leader per name. */
  name: string;
  locks: LockManagerLike | null;
  /** Only used without Web Locks, for the heartbeats. */
  channel: ChannelLike | null;
  /**
   * This tab now leads. `successor`: another tab led before it (whatever that one heard while this one
   * took over is lost). Returns what ends the work when the leadership ends.
   */
  lead(successor: boolean): () => void;
  /** Heartbeat period without Web Locks; a leader unheard for 2.5 periods is replaced. */
  heartbeatMs?: number;
}

export interface TabLeader {
  /** Leaves the election (and the leadership, if held): another tab takes over. */
  stop(): void;
}

const NOT_FREE = Symbol('not free');

export function electTabLeader(opts: TabLeaderOptions): TabLeader {
  if (opts.locks) return byLock(opts, opts.locks);
  if (opts.channel) return byHeartbeat(opts, opts.channel);
  const resign = opts.lead(false);
  let leading = true;
  return {
    stop: () => {
      if (leading) resign();
      leading = false;
    },
  };
}

function byLock(opts: TabLeaderOptions, locks: LockManagerLike): TabLeader {
  const abort = new AbortController();
  let stopped = false;
  let resign: (() => void) | null = null;
  let release: (() => void) | null = null;

  // The lock is held until the returned promise settles: on stop(), or by the browser when the tab goes.
  const hold = (successor: boolean) => {
    if (stopped) return undefined;
    resign = opts.lead(successor);
    return new Promise<void>((resolve) => (release = resolve));
  };

  // Free now: the first tab. Otherwise queue behind the leader and succeed it when it goes.
  locks
    .request(opts.name, { ifAvailable: true }, (lock) => (lock ? hold(false) : NOT_FREE))
    .then((first) => {
      if (first === NOT_FREE && !stopped) return locks.request(opts.name, { signal: abort.signal }, () => hold(true));
    })
    .catch(() => {
      // AbortError: stopped while waiting. Anything else (locks refused here): this tab leads alone.
      if (!stopped && !resign) resign = opts.lead(false);
    });

  return {
    stop() {
      if (stopped) return;
      stopped = true;
      abort.abort();
      resign?.();
      resign = null;
      release?.();
    },
  };
}

type Beat = { e: 'hb' | 'bye'; id: string } | { e: 'who' };

function byHeartbeat(opts: TabLeaderOptions, channel: ChannelLike): TabLeader {
  const period = opts.heartbeatMs ?? 1_000;
  const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  let resign: (() => void) | null = null;
  let heardAt = -Infinity;
  let sawLeader = false;
  let stopped = false;
  /** Tabs that said goodbye: a heartbeat of theirs still on its way is not a leader. */
  const gone = new Set<string>();

  const beat = () => channel.postMessage({ e: 'hb', id } satisfies Beat);
  const takeOver = () => {
    if (resign) return;
    beat();
    resign = opts.lead(sawLeader);
  };
  const stepDown = () => {
    const end = resign;
    resign = null;
    end?.();
  };

  const onMessage = (event: MessageEvent) => {
    const m = event.data as Partial<Beat> | null;
    if (m?.e === 'who') {
      if (resign) beat();
    } else if (m?.e === 'hb' && 'id' in m && typeof m.id === 'string' && !gone.has(m.id)) {
      sawLeader = true;
      heardAt = Date.now();
      // Two leaders (both took over at once): the smaller id stays.
      if (resign && m.id < id) stepDown();
      else if (resign) beat();
    } else if (m?.e === 'bye' && 'id' in m && typeof m.id === 'string') {
      gone.add(m.id);
      sawLeader = true;
      heardAt = -Infinity;
      // Not all followers at once: a little spread, the id rule settles the rest.
      setTimeout(tick, Math.random() * (period / 4));
    }
  };

  function tick() {
    if (stopped) return;
    if (resign) beat();
    else if (Date.now() - heardAt > period * 2.5) takeOver();
  }

  channel.addEventListener('message', onMessage);
  channel.postMessage({ e: 'who' } satisfies Beat);
  // A leader answers 'who' at once; none within a fraction of a period: there is none.
  const first = setTimeout(tick, Math.min(300, period / 2));
  const timer = setInterval(tick, period);

  return {
    stop() {
      if (stopped) return;
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      channel.removeEventListener('message', onMessage);
      if (resign) channel.postMessage({ e: 'bye', id } satisfies Beat);
      stepDown();
    },
  };
}
