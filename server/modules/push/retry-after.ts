/** Longest wait a push service may ask for before the next try (a day is its message's whole life). */
const MAX_RETRY_AFTER_MS = 6 * 3600_000;

/**
 * A Retry-After header (RFC 9110 §10.2.3: delay-seconds or an HTTP-date) as milliseconds from `nowMs`;
 * null when absent or unreadable. Capped, so a wrong date cannot park a push for ever.
 */
export function retryAfterMs(header: string | null | undefined, nowMs: number): number | null {
  const value = header?.trim();
  if (!value) return null;
  let ms: number;
  if (/^\d+$/.test(value)) ms = Number(value) * 1000;
  else {
    const at = Date.parse(value);
    if (Number.isNaN(at)) return null;
    ms = at - nowMs;
  }
  return Math.min(Math.max(0, ms), MAX_RETRY_AFTER_MS);
}
