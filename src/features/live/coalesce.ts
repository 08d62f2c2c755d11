/**
 * Gathers what a burst of events asks for and runs `flush` with it at most once per `gapMs`: the first
 * event of a quiet spell is acted on at once, the rest of a burst together after the gap.
 */
export function createCoalescer<K>(flush: (keys: Set<K>) => void, gapMs: number) {
  let pending = new Set<K>();
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const run = () => {
    timer = null;
    last = Date.now();
    const keys = pending;
    pending = new Set();
    if (keys.size) flush(keys);
  };

  return {
    add(key: K) {
      pending.add(key);
      if (timer) return;
      const wait = last + gapMs - Date.now();
      if (wait <= 0) run();
      else timer = setTimeout(run, wait);
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending.clear();
    },
  };
}
