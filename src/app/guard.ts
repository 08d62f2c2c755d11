import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { decideRoute, entryPoint, isGuestRoute, type RouteId } from '../domain/access';
import { SIGN_IN_MESSAGES } from '../domain/messages-sign-in';
import { session } from '../lib/auth/session';
import { mustWaitForSession } from '../lib/auth/session-hint';
import { variant } from '../lib/variant';
import { lastResolvedHref, navigateTo } from './router-ref';
import { showToast } from './toast';

/**
 * The beforeLoad of every route: the decision comes from src/domain/access.ts. A denied user sees the
 * spec's warning and stays where they were (or, on a first load, goes to their own start page).
 */
export function guardRoute(routeId: RouteId) {
  return async ({ location }: { location: ParsedLocation }) => {
    if (mustWaitForSession(isGuestRoute(routeId), session.startsSignedOut)) await session.ready;
    else if (!session.subject) void session.ready.then(() => leaveIfSignedIn(routeId));
    const subject = session.subject;
    const decision = decideRoute(routeId, subject, variant);
    if (decision.type === 'redirect' && decision.to !== location.pathname) {
      throw redirect({ href: decision.to, replace: true });
    }
    if (decision.type === 'deny') {
      showToast((toast) => toast.warning(SIGN_IN_MESSAGES.permissionDenied, { id: 'permission-denied' }));
      const back = lastResolvedHref();
      throw redirect({ href: back && back !== location.href ? back : entryPoint(subject!, variant), replace: true });
    }
  };
}

/**
 * A sign-in page shown before the stored token was read, on the hint's word that there was none: if a
 * session turns up after all (a stale hint), the user goes where the guard would have sent them.
 */
function leaveIfSignedIn(routeId: RouteId): void {
  const decision = session.subject ? decideRoute(routeId, session.subject, variant) : null;
  if (decision?.type === 'redirect') navigateTo(decision.to, true);
}
