/**
 * Keeps the screen on while recording. The browser releases the lock whenever the page is hidden
 * and never gives it back by itself (PITFALLS 13): ask again on `release` and when visible again.
 */
export function holdWakeLock(): () => void {
  const wakeLock = (navigator as Navigator & { wakeLock?: { request(type: 'screen'): Promise<WakeLockSentinel> } }).wakeLock;
  if (!wakeLock) return () => {};
  let sentinel: WakeLockSentinel | null = null;
  let active = true;
  const acquire = async () => {
    if (!active || document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
    try {
      sentinel = await wakeLock.request('screen');
      sentinel.addEventListener('release', () => void acquire());
    } catch {
      // Refused (battery saver, no user gesture): recording goes on without it.
    }
  };
  const onVisible = () => void acquire();
  document.addEventListener('visibilitychange', onVisible);
  void acquire();
  return () => {
    active = false;
    document.removeEventListener('visibilitychange', onVisible);
    void sentinel?.release().catch(() => {});
  };
}
