/**
 * The one AudioContext of the level meter, created or resumed inside the Record gesture (issue 9 §4):
 * iOS starts a context made outside a user gesture suspended, which would leave the meter flat.
 */
let shared: AudioContext | null = null;

/** Call synchronously in the click or key handler that starts or resumes recording, before any await. */
export function primeAudioContext(): AudioContext | null {
  if (typeof AudioContext === 'undefined') return null;
  if (!shared || shared.state === 'closed') shared = new AudioContext();
  if (shared.state !== 'running') void shared.resume().catch(() => {});
  return shared;
}
