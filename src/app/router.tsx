import { createRouter } from '@tanstack/react-router';
import { QueryClient } from '@tanstack/react-query';
import { routeTree } from '../routeTree.gen';
import { NotFoundPage } from '../features/pages/not-found-page';
import { setRouterRef } from './router-ref';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: true } },
});

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultNotFoundComponent: NotFoundPage,
  scrollRestoration: true,
});
setRouterRef(router);

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
