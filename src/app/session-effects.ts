import { beforeSignOut, onSignedIn } from '../lib/auth/session-hooks';

/** The features' part in signing in and out (src/lib/auth/session-hooks.ts); each loads only when it runs. */
export function installSessionEffects(): void {
  // The details form's lists, saved now so a record page opened offline later still offers them.
  onSignedIn(async (subject) => {
    const { keepDictationOptionsFresh } = await import('../features/dictation-form');
    await keepDictationOptionsFresh(subject);
  });
  // This device stops receiving the signed-out user's pushes.
  beforeSignOut(async () => {
    const { unsubscribeFromPush } = await import('../features/push');
    await unsubscribeFromPush();
  });
}
