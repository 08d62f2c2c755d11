import { lazy } from 'react';
import type { RouteId } from '../domain/access';

/**
 * React Query (the server-state cache) loads with the first page that uses it, not with the sign-in
 * pages (DESIGN §7): those talk to the server through the session and the API client only. Signed-in
 * starts fetch it beside their route's chunk (the root route's beforeLoad).
 */
export const loadServerState = () => import('./query-client');

export const ServerState = lazy(() => loadServerState().then((m) => ({ default: m.QueryProvider })));

/** Pages rendered without it: a `useQuery` there would fail loudly ("No QueryClient set"). */
const WITHOUT_SERVER_STATE: ReadonlySet<string> = new Set<RouteId>([
  '/login',
  '/authenticate',
  '/password/forgot',
  '/password/reset/$token',
]);

export function needsServerState(routeId: string | undefined): boolean {
  return routeId === undefined || !WITHOUT_SERVER_STATE.has(routeId);
}
