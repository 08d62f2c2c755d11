/**
 * Live lists (issue 14): reads GET /api/events and, on each event, refreshes the React Query queries
 * it concerns: the work queues and their tab counts ('worklist'), the bell's unread count ('bell').
 * Bursts are coalesced (at most one refresh a second). A dropped or refused stream is opened again
 * with backoff (after a reconnection everything is refreshed once, as events may have been missed);
 * meanwhile the queries' own interval and focus refreshes go on as before.
 */
import type { QueryClient } from '@tanstack/react-query';
import { API_PATHS, liveEventSchema, type LiveEvent } from '../../domain/contract';
import { apiStream } from '../../lib/api/client';
import { worklistKeys } from '../worklist/worklist-api';
import { createCoalescer } from './coalesce';
import { createFrameReader } from './sse-frames';

const REFRESH_GAP_MS = 1_000;
const MIN_RETRY_MS = 1_000;
const MAX_RETRY_MS = 60_000;

export function startLiveUpdates(queries: QueryClient): () => void {
  const refresh = createCoalescer<LiveEvent['kind']>((kinds) => {
    if (kinds.has('worklist')) void queries.invalidateQueries({ queryKey: worklistKeys.all });
    if (kinds.has('bell')) void queries.invalidateQueries({ queryKey: ['notifications'] });
  }, REFRESH_GAP_MS);

  let stopped = false;
  let abort: AbortController | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  let opened = false;

  const onData = createFrameReader((data) => {
    try {
      const parsed = liveEventSchema.safeParse(JSON.parse(data));
      if (parsed.success) refresh.add(parsed.data.kind);
    } catch {
      // not an event of ours: ignored
    }
  });

  async function connect(): Promise<void> {
    abort = new AbortController();
    try {
      const res = await apiStream(API_PATHS.events, abort.signal);
      if (!res.ok || !res.body) throw new Error(`live events answered ${res.status}`);
      failures = 0;
      // Events sent while this device was not listening are lost: catch up once.
      if (opened) {
        refresh.add('worklist');
        refresh.add('bell');
      }
      opened = true;
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        onData(value);
      }
    } catch {
      // Refused, offline or dropped: tried again below; the interval refresh covers the gap.
    }
    schedule();
  }

  function schedule() {
    if (stopped) return;
    const base = Math.min(MAX_RETRY_MS, MIN_RETRY_MS * 2 ** Math.min(failures++, 6));
    retry = setTimeout(
      () => {
        retry = null;
        if (navigator.onLine) void connect();
        else window.addEventListener('online', () => !stopped && void connect(), { once: true });
      },
      base / 2 + Math.random() * (base / 2),
    );
  }

  void connect();
  return () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    abort?.abort();
    refresh.cancel();
  };
}
