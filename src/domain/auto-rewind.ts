/** Auto-rewind on resume (issue 11): playback starts again a little before where it stopped. */

export const AUTO_REWIND_DEFAULT_SECONDS = 2;
export const AUTO_REWIND_MAX_SECONDS = 10;

/** Seconds to go back from the saved preference: the default when unset, 0 (off) to 10. */
export function autoRewindSeconds(preference: number | null | undefined): number {
  if (preference === undefined || preference === null || !Number.isFinite(preference)) return AUTO_REWIND_DEFAULT_SECONDS;
  return Math.min(AUTO_REWIND_MAX_SECONDS, Math.max(0, preference));
}

/** Within this distance (seconds) the position still counts as "where it was paused". */
const SAME_PLACE_SECONDS = 0.05;

/**
 * Where to resume, in seconds. The rewind applies only when resuming where playback stopped: if the
 * typist moved the position while paused (waveform, arrows, pedal rewind), it plays from where they put
 * it. How long the pause lasted does not matter, so every resume goes back the same, predictable amount.
 */
export function resumePosition({ current, pausedAt, seconds }: { current: number; pausedAt: number | null; seconds: number }): number {
  if (seconds <= 0 || pausedAt === null || Math.abs(current - pausedAt) > SAME_PLACE_SECONDS) return current;
  return Math.max(0, current - seconds);
}
