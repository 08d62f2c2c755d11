import { createRouter } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen';
import { NotFoundPage } from '../pages/not-found-page';
import { setRouterRef } from './router-ref';

export const router = createRouter({
  routeTree,
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
