/**
 * Push notifications in the signed-in app (Author, Secretary, Manager). The prompt, the subscription
 * code and zod load after sign-in with this lazy part, never with the entry bundle.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { satisfies, RULES, type AccessSubject } from '../../domain/access';
import type { PushPromptProps } from './push-prompt';

const Prompt = lazy<ComponentType<PushPromptProps>>(() => import('./push-prompt'));

export function PushNotifications({ subject, userId }: { subject: AccessSubject; userId: number }) {
  if (!satisfies(subject, RULES.notificationBell)) return null;
  return (
    <Suspense fallback={null}>
      <Prompt userId={userId} roles={subject.roles} />
    </Suspense>
  );
}

/** Logout (spec §4 step 5): unsubscribe this device; never holds the logout up on failure. */
export async function unsubscribeFromPush(): Promise<void> {
  await import('./push-client').then((m) => m.unsubscribePush()).catch(() => {});
}
