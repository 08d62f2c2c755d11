import type { AnyRouter } from '@tanstack/react-router';

let routerRef: AnyRouter | null = null;

export function setRouterRef(router: AnyRouter): void {
  routerRef = router;
}

/** Where the user was before the navigation under way (undefined on the first load). */
export function lastResolvedHref(): string | undefined {
  return routerRef?.state.resolvedLocation?.href;
}

export function navigateTo(href: string, replace = false): void {
  void routerRef?.navigate({ href, replace });
}
