import { afterEach, describe, expect, it, vi } from 'vitest';
import { shareLiveStream, type BrowserChannel, type SharedStream } from '../../src/features/live/shared-stream';
import type { LockManagerLike } from '../../src/features/live/tab-leader';

/**
 * One live event stream per browser (issue 14): the tabs of a user elect a leader that holds the stream
 * and passes its events on. Browsers are simulated here: Web Locks granted in request order and freed when
 * a tab goes, and BroadcastChannels that deliver (a copy) to every other open channel of the same name.
 */

/** Web Locks as the browser grants them: one holder per name, the rest queued, a closed tab's lock freed. */
function fakeLocks() {
  type Request = { tab: number; grant: () => void; name: string };
  const held = new Map<string, { tab: number; free: () => void }>();
  const queues = new Map<string, Request[]>();

  const next = (name: string) => {
    if (held.has(name)) return;
    const r = queues.get(name)?.shift();
    r?.grant();
  };

  const forTab = (tab: number): LockManagerLike => ({
    request(name, options, callback) {
      return new Promise((resolve, reject) => {
        const grant = () => {
          let freed = false;
          const free = () => {
            if (freed) return;
            freed = true;
            held.delete(name);
            next(name);
          };
          held.set(name, { tab, free });
          Promise.resolve(callback({ name })).then(
            (v) => {
              free();
              resolve(v);
            },
            (e: unknown) => {
              free();
              reject(e);
            },
          );
        };
        if (!held.has(name)) return grant();
        if (options.ifAvailable) {
          Promise.resolve(callback(null)).then(resolve, reject);
          return;
        }
        const r = { tab, grant, name };
        queues.set(name, [...(queues.get(name) ?? []), r]);
        options.signal?.addEventListener('abort', () => {
          queues.set(
            name,
            (queues.get(name) ?? []).filter((q) => q !== r),
          );
          reject(new DOMException('aborted', 'AbortError'));
        });
      });
    },
  });

  return {
    forTab,
    /** The browser frees the locks of a tab that closed or crashed, whatever its code was doing. */
    closeTab(tab: number) {
      for (const [name, q] of queues)
        queues.set(
          name,
          q.filter((r) => r.tab !== tab),
        );
      for (const h of [...held.values()]) if (h.tab === tab) h.free();
    },
  };
}

/** BroadcastChannels of one origin: a message reaches every other open channel of that name, a little (`delayMs`) later. */
function fakeChannels(delayMs = 0) {
  const open = new Set<{ name: string; tab: number; listeners: Set<(e: MessageEvent) => void> }>();
  const forTab =
    (tab: number) =>
    (name: string): BrowserChannel => {
      const me = { name, tab, listeners: new Set<(e: MessageEvent) => void>() };
      open.add(me);
      return {
        postMessage(message) {
          if (!open.has(me)) return;
          const copy = JSON.parse(JSON.stringify(message)) as unknown;
          for (const other of open)
            if (other !== me && other.name === name)
              setTimeout(() => other.listeners.forEach((l) => l({ data: copy } as MessageEvent)), delayMs);
        },
        addEventListener: (_type, l) => void me.listeners.add(l),
        removeEventListener: (_type, l) => void me.listeners.delete(l),
        close: () => void open.delete(me),
      };
    };
  return {
    forTab,
    closeTab(tab: number) {
      for (const c of [...open]) if (c.tab === tab) open.delete(c);
    },
    names: () => [...open].map((c) => c.name),
  };
}

type Kind = 'worklist' | 'bell';
interface Stream {
  tab: number;
  catchUp: boolean;
  open: boolean;
  emit(kind: Kind): void;
}

/** A browser with tabs; each tab records what it refreshed and the server streams it opened. */
function browser(opts: { locks?: boolean; channels?: boolean; delayMs?: number } = {}) {
  const locks = fakeLocks();
  const channels = fakeChannels(opts.delayMs);
  const streams: Stream[] = [];
  const tabs: { heard: Kind[]; live: SharedStream }[] = [];
  return {
    streams,
    tabs,
    channels,
    open(userId = 1) {
      const tab = tabs.length;
      const heard: Kind[] = [];
      const live = shareLiveStream({
        userId,
        locks: opts.locks === false ? null : locks.forTab(tab),
        openChannel: opts.channels === false ? null : channels.forTab(tab),
        apply: (kind) => heard.push(kind),
        connect: (emit, catchUp) => {
          const s: Stream = { tab, catchUp, open: true, emit };
          streams.push(s);
          return () => void (s.open = false);
        },
      });
      tabs.push({ heard, live });
      return tab;
    },
    /** The tab is closed (or crashes): its locks and channels go, its code says nothing more. */
    close(tab: number) {
      channels.closeTab(tab);
      locks.closeTab(tab);
      for (const s of streams) if (s.tab === tab) s.open = false;
    },
    openStreams: () => streams.filter((s) => s.open),
  };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('live lists: one stream for the tabs of a browser (Web Locks)', () => {
  it('lets the first tab hold the only stream and passes its events to every tab', async () => {
    const b = browser();
    b.open();
    b.open();
    b.open();
    await settle();
    expect(b.openStreams().map((s) => [s.tab, s.catchUp])).toEqual([[0, false]]);

    b.streams[0]!.emit('worklist');
    b.streams[0]!.emit('bell');
    await settle();
    expect(b.tabs.map((t) => t.heard)).toEqual([
      ['worklist', 'bell'],
      ['worklist', 'bell'],
      ['worklist', 'bell'],
    ]);
  });

  it('hands the stream to a waiting tab when the leader closes, which catches up for everyone', async () => {
    const b = browser();
    b.open();
    b.open();
    b.open();
    await settle();
    b.close(0);
    await settle();
    const [next] = b.openStreams();
    expect(b.openStreams()).toHaveLength(1);
    expect(next).toMatchObject({ tab: 1, catchUp: true });

    next!.emit('bell');
    await settle();
    expect(b.tabs[2]!.heard).toEqual(['bell']);
  });

  it('lets a tab that leaves (its layout unmounted) hand over the same way', async () => {
    const b = browser();
    b.open();
    b.open();
    await settle();
    b.tabs[0]!.live.stop();
    await settle();
    expect(b.streams.map((s) => [s.tab, s.open])).toEqual([
      [0, false],
      [1, true],
    ]);
  });

  it('ends the stream everywhere when any tab logs out, and no tab keeps one', async () => {
    const b = browser();
    b.open();
    b.open();
    b.open();
    await settle();
    b.tabs[2]!.live.logout();
    await settle();
    // A tab that got the lock before it read the logout may have opened a stream for a moment.
    expect(b.openStreams()).toEqual([]);
    expect(b.channels.names()).toEqual([]);
    await settle();
    expect(b.openStreams()).toEqual([]);
  });

  it("never gives one user's events to a tab signed in as another user", async () => {
    const b = browser();
    b.open(1);
    b.open(2);
    b.open(1);
    await settle();
    // Each user has a stream of their own (the lock is per user).
    expect(b.openStreams().map((s) => s.tab)).toEqual([0, 1]);
    b.streams[0]!.emit('bell');
    await settle();
    expect(b.tabs.map((t) => t.heard)).toEqual([['bell'], [], ['bell']]);
  });

  it('ignores a message on the channel that is not an event', async () => {
    const b = browser();
    b.open();
    const [post] = [b.channels.forTab(99)('wardnote-live-1')];
    post.postMessage({ t: 'event', kind: 'patient' });
    post.postMessage('hello');
    await settle();
    expect(b.tabs[0]!.heard).toEqual([]);
  });

  it('lets a tab whose lock request is refused (an opaque origin) keep a stream of its own', async () => {
    let streams = 0;
    shareLiveStream({
      userId: 1,
      locks: { request: () => Promise.reject(new DOMException('no locks here', 'SecurityError')) },
      openChannel: fakeChannels().forTab(0),
      apply: () => {},
      connect: () => {
        streams++;
        return () => {};
      },
    });
    await settle();
    expect(streams).toBe(1);
  });

  it('gives every tab a stream of its own where there are no BroadcastChannels to pass events on', async () => {
    const b = browser({ channels: false });
    b.open();
    b.open();
    await settle();
    expect(b.openStreams().map((s) => s.tab)).toEqual([0, 1]);
  });
});

describe('live lists: one stream for the tabs of a browser (heartbeats, without Web Locks)', () => {
  afterEach(() => vi.useRealTimers());

  it('elects one leader, passes events on, and replaces a leader that closed within a few seconds', async () => {
    vi.useFakeTimers();
    const b = browser({ locks: false });
    b.open();
    await vi.advanceTimersByTimeAsync(1_000);
    b.open();
    b.open();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(b.openStreams().map((s) => [s.tab, s.catchUp])).toEqual([[0, false]]);

    b.streams[0]!.emit('worklist');
    await vi.advanceTimersByTimeAsync(0);
    expect(b.tabs.map((t) => t.heard)).toEqual([['worklist'], ['worklist'], ['worklist']]);

    b.close(0); // no goodbye: the heartbeats stop
    await vi.advanceTimersByTimeAsync(4_000);
    expect(b.openStreams()).toHaveLength(1);
    expect(b.openStreams()[0]).toMatchObject({ catchUp: true });
    b.tabs[0]!.live.stop();
  });

  it('settles on one leader when two tabs start at once and both take the lead', async () => {
    vi.useFakeTimers();
    // Messages slower than the first look for a leader: both tabs lead for a moment.
    const b = browser({ locks: false, delayMs: 400 });
    b.open();
    b.open();
    await vi.advanceTimersByTimeAsync(350);
    expect(b.openStreams()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(b.openStreams()).toHaveLength(1);
    expect(b.streams.filter((s) => !s.open)).toHaveLength(1);
  });

  it('hands over at once when the leader leaves, and stops everywhere at a logout', async () => {
    vi.useFakeTimers();
    const b = browser({ locks: false });
    b.open();
    await vi.advanceTimersByTimeAsync(1_000);
    b.open();
    await vi.advanceTimersByTimeAsync(1_000);
    b.tabs[0]!.live.stop();
    await vi.advanceTimersByTimeAsync(300);
    expect(b.openStreams().map((s) => s.tab)).toEqual([1]);

    b.open();
    await vi.advanceTimersByTimeAsync(1_000);
    b.tabs[2]!.live.logout();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(b.openStreams()).toEqual([]);
  });
});
