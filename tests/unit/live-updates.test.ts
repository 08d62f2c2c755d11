import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCoalescer } from '../../src/features/live/coalesce';
import { createFrameReader } from '../../src/features/live/sse-frames';
import { LIVE_QUERY_ROOTS } from '../../src/features/live/live-stream';
import { worklistKeys } from '../../src/features/worklist/api/keys';
import { lettersOutKeys } from '../../src/features/letters-out/api/keys';

describe('live lists: reading the event stream', () => {
  it('finds the data of each frame across chunk boundaries and skips comments', () => {
    const got: string[] = [];
    const feed = createFrameReader((d) => got.push(d));
    feed('retry: 5000\n: open\n\ndata: {"kind":"wor');
    feed('klist"}\n\n: ping\n\ndata: {"kind":"bell"}\r\n\r\n');
    expect(got).toEqual(['{"kind":"worklist"}', '{"kind":"bell"}']);
  });
});

describe('live lists: coalescing a burst', () => {
  afterEach(() => vi.useRealTimers());

  it('refreshes at once for a lone event and once for the rest of a burst', () => {
    vi.useFakeTimers();
    const flushes: string[][] = [];
    const c = createCoalescer<string>((keys) => flushes.push([...keys].sort()), 1000);
    c.add('worklist');
    expect(flushes).toEqual([['worklist']]);
    c.add('worklist');
    c.add('bell');
    c.add('worklist');
    expect(flushes).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(flushes).toEqual([['worklist'], ['bell', 'worklist']]);
  });

  it('does nothing more once cancelled (logout)', () => {
    vi.useFakeTimers();
    const flushes: unknown[] = [];
    const c = createCoalescer<string>((keys) => flushes.push(keys), 1000);
    c.add('a');
    c.add('b');
    c.cancel();
    vi.advanceTimersByTime(5000);
    expect(flushes).toHaveLength(1);
  });
});

describe('live lists: what a work-queue event refreshes', () => {
  it('includes the letters-out lists, under the key that feature uses', () => {
    expect(lettersOutKeys.deliveries(1).slice(0, 1)).toEqual(LIVE_QUERY_ROOTS.lettersOut);
    expect(lettersOutKeys.all).toEqual(LIVE_QUERY_ROOTS.lettersOut);
    expect(worklistKeys.all).toEqual(LIVE_QUERY_ROOTS.worklist);
    expect(worklistKeys.counts.slice(0, 1)).toEqual(LIVE_QUERY_ROOTS.worklist);
  });
});
