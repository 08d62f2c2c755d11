/** The outbox is asked to send at most this often while typing; a final save asks at once. */
const GAP_MS = 1_500;

/**
 * Asks the outbox to send after writes without asking on every one: steady typing sends about every
 * GAP_MS (each request carries the newest text, coalesced in the outbox); `now` asks at once.
 */
export function sendThrottle(ask: () => void, gapMs = GAP_MS) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let last = 0;
  const cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  return {
    soon() {
      if (timer) return;
      timer = setTimeout(
        () => {
          timer = null;
          last = Date.now();
          ask();
        },
        Math.max(0, last + gapMs - Date.now()),
      );
    },
    async now(send: () => Promise<void>) {
      cancel();
      last = Date.now();
      await send();
    },
    cancel,
  };
}
