import { SIGN_IN_MESSAGES } from '../domain/messages-sign-in';
import { setErrorEffectHandler } from '../lib/api/client';
import { session } from '../lib/auth/session';
import { navigateTo } from './router-ref';
import { showToast } from './toast';

/** Carries out the spec §8 catalogue actions decided in src/lib/api/errors.ts. */
export function installErrorEffects(): void {
  setErrorEffectHandler((action) => {
    switch (action.kind) {
      case 'maintenance':
        navigateTo('/maintenance', true);
        return;
      case 'signedOut':
        void session.endLocally();
        return;
      case 'pinVerificationExpired':
      case 'pinRequired':
        void session.refresh().finally(() => navigateTo('/authenticate', true));
        return;
      case 'pinExpired':
        showToast((toast) => toast.error(SIGN_IN_MESSAGES.pinExpired, { id: 'pin-expired' }));
        navigateTo('/authenticate?mode=renew', true);
        return;
      case 'pinIncorrect':
        // The one message for a wrong PIN (the form does not repeat it): long enough to be read.
        showToast((toast) => toast.error(SIGN_IN_MESSAGES.incorrectPin, { id: 'pin-incorrect', duration: 10_000 }));
        return;
      case 'message':
        return;
    }
  });
}
