import type { AccessSubject } from '../domain/access';

/** The features' part in signing in and out (SessionEffects in src/lib/auth/session.ts), loaded when it runs. */

/** The details form's lists, saved now so a record page opened offline later still offers them. */
export async function signedIn(subject: AccessSubject): Promise<void> {
  const { keepDictationOptionsFresh } = await import('../features/dictation-form');
  await keepDictationOptionsFresh(subject);
}

/** This device stops receiving the signed-out user's pushes. */
export async function signingOut(): Promise<void> {
  const { unsubscribeFromPush } = await import('../features/push');
  await unsubscribeFromPush();
}
