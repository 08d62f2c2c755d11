/**
 * Reads GET /api/events the way the app does (fetch + a body reader, bearer token in a header) and
 * collects its frames: `events` are the data frames' kinds, in order; `closed` settles when the
 * server ends the stream.
 */
export interface TestStream {
  status: number;
  headers: Headers;
  /** The answer's body when the stream was refused. */
  refusal: string;
  events: string[];
  /** Resolves once `n` data frames (of `kind`, if given) have arrived; rejects after `timeoutMs`. */
  waitFor(kind: string | null, n?: number, timeoutMs?: number): Promise<void>;
  closed: Promise<void>;
  abort(): void;
}

export async function openStream(base: string, token?: string): Promise<TestStream> {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/events`, {
    headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    signal: abort.signal,
  });
  const events: string[] = [];
  let refusal = '';
  const waiters = new Set<() => void>();
  let done: () => void = () => {};
  const closed = new Promise<void>((resolve) => (done = resolve));
  if (res.ok && res.body) {
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done: end } = await reader.read();
          if (end) break;
          buffer += value;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const frame = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            for (const line of frame.split('\n'))
              if (line.startsWith('data: ')) events.push((JSON.parse(line.slice(6)) as { kind: string }).kind);
            for (const w of waiters) w();
          }
        }
      } catch {
        // aborted by the test
      }
      done();
    })();
  } else {
    refusal = await res.text();
    done();
  }
  return {
    status: res.status,
    headers: res.headers,
    refusal,
    events,
    closed,
    abort: () => abort.abort(),
    waitFor(kind, n = 1, timeoutMs = 10_000) {
      const count = () => events.filter((e) => kind === null || e === kind).length;
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (count() < n) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${kind ?? 'event'} (${n}) within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}
