/**
 * Reads GET /api/events and calls `emit` with the kind of each event. A dropped or refused stream is
 * opened again with backoff (1 s doubling to 60 s, with jitter; after `online` when offline), and after
 * a reconnection both kinds are emitted once, as events may have been missed meanwhile. A 401 ends it:
 * the session is over, and the app's next call signs the user out.
 */
import { liveEventSchema, type LiveEvent } from '../../domain/contract';
import { pathOf } from '../../domain/contract/endpoint';
import { E } from '../../domain/contract/endpoints';
import { apiStream } from '../../lib/api/client';
import { createFrameReader } from './sse-frames';

const MIN_RETRY_MS = 1_000;
const MAX_RETRY_MS = 60_000;

/** Opens the stream; `catchUp`: emit both kinds once it is open (this tab took it over from another). */
export function connectLiveStream(emit: (kind: LiveEvent['kind']) => void, catchUp = false): () => void {
  let stopped = false;
  let abort: AbortController | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  let missed = catchUp;

  const onData = createFrameReader((data) => {
    try {
      const parsed = liveEventSchema.safeParse(JSON.parse(data));
      if (parsed.success) emit(parsed.data.kind);
    } catch {
      // not an event of ours: ignored
    }
  });

  async function connect(): Promise<void> {
    abort = new AbortController();
    try {
      const res = await apiStream(pathOf(E.events), abort.signal);
      if (res.status === 401) return;
      if (!res.ok || !res.body) throw new Error(`live events answered ${res.status}`);
      failures = 0;
      // Events sent while this browser was not listening are lost: catch up once.
      if (missed) {
        emit('worklist');
        emit('bell');
      }
      missed = true;
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
  };
}
