import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { decideRoute, entryPoint, type RouteId } from '../domain/access';
import { SIGN_IN_MESSAGES } from '../domain/messages-sign-in';
import { session } from '../lib/auth/session';
import { variant } from './variant';
import { lastResolvedHref } from './router-ref';
import { showToast } from './toast';

/**
 * The beforeLoad of every route: the decision comes from src/domain/access.ts. A denied user sees the
 * spec's warning and stays where they were (or, on a first load, goes to their own start page).
 */
export function guardRoute(routeId: RouteId) {
  return async ({ location }: { location: ParsedLocation }) => {
    await session.ready;
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
