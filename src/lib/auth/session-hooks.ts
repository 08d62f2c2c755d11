import type { AccessSubject } from '../../domain/access';

/**
 * What the features do when a user is signed in, or before one signs out, registered from src/app
 * (session-effects.ts): lib never imports a feature, so the session only runs what it was given.
 * A hook that fails does not stop the others, nor the sign-in or sign-out itself.
 */
type SignedInHook = (subject: AccessSubject) => Promise<void>;
type SigningOutHook = () => Promise<void>;

const signedIn: SignedInHook[] = [];
const signingOut: SigningOutHook[] = [];

export function onSignedIn(hook: SignedInHook): void {
  signedIn.push(hook);
}

export function beforeSignOut(hook: SigningOutHook): void {
  signingOut.push(hook);
}

export function runSignedInHooks(subject: AccessSubject): void {
  for (const hook of signedIn) void hook(subject).catch(() => {});
}

export async function runSignOutHooks(): Promise<void> {
  await Promise.all(signingOut.map((hook) => hook().catch(() => {})));
}
