import { notFound, redirect, type ParsedLocation } from '@tanstack/react-router';
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

const ID = /^\d{1,10}$/;

/**
 * The guard of a route whose address holds ids: after `guardRoute`, each named parameter must be a whole
 * number (or one of `words`, e.g. `all`), or the page is NotFound.
 */
export function guardRouteIds(routeId: RouteId, names: readonly string[], words: readonly string[] = []) {
  const guard = guardRoute(routeId);
  return async <P extends object>(ctx: { location: ParsedLocation; params: P }) => {
    await guard(ctx);
    const params: Partial<Record<string, string>> = ctx.params;
    for (const name of names) {
      const value = params[name] ?? '';
      if (!ID.test(value) && !words.includes(value)) throw notFound();
    }
  };
}

/** A whole-number search value (`?trust=7`), or nothing. */
export const idSearch = (value: unknown): number | undefined => (ID.test(String(value ?? '')) ? Number(value) : undefined);

/**
 * A sign-in page shown before the stored token was read, on the hint's word that there was none: if a
 * session turns up after all (a stale hint), the user goes where the guard would have sent them.
 */
function leaveIfSignedIn(routeId: RouteId): void {
  const decision = session.subject ? decideRoute(routeId, session.subject, variant) : null;
  if (decision?.type === 'redirect') navigateTo(decision.to, true);
}
