const LOCK = 'wardnote-foot-pedal';

export interface PedalLeadership {
  isLeader(): boolean;
  dispose(): void;
}

/**
 * Every open tab receives the pedal's reports, background tabs too (PITFALLS 41). One tab acts: the
 * one the typist opened or came back to last takes a Web Lock from the others (`steal`), so the pedal
 * follows the dictation on screen. Without Web Locks, a tab acts while it is visible.
 */
export function pedalLeadership(): PedalLeadership {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return { isLeader: () => document.visibilityState === 'visible', dispose: () => undefined };

  let leader = false;
  let disposed = false;
  let release: (() => void) | null = null;

  const claim = () => {
    if (disposed || leader || document.visibilityState !== 'visible') return;
    leader = true;
    locks
      .request(LOCK, { steal: true }, () => (disposed ? undefined : new Promise<void>((resolve) => (release = resolve))))
      .catch(() => undefined) // AbortError: another tab took the pedal
      .finally(() => {
        leader = false;
        release = null;
      });
  };
  const onVisibility = () => claim();
  window.addEventListener('focus', claim);
  document.addEventListener('visibilitychange', onVisibility);
  claim();

  return {
    isLeader: () => leader,
    dispose: () => {
      disposed = true;
      window.removeEventListener('focus', claim);
      document.removeEventListener('visibilitychange', onVisibility);
      release?.();
    },
  };
}
