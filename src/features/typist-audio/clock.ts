/** m:ss, minutes not capped at 59 (a 75-minute dictation reads 75:03). */
export function clock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** "m:ss of m:ss": where playback is, of the whole length, both in seconds. */
export function position(seconds: number, lengthSeconds: number): string {
  return `${clock(seconds * 1000)} of ${clock(lengthSeconds * 1000)}`;
}
