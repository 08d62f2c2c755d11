import { Suspense, useEffect, useLayoutEffect } from 'react';
import { createRootRoute, Outlet, useMatches, useRouterState } from '@tanstack/react-router';
import { isDarkTheme, isPlainLayout, ROUTES, type RouteId } from '../domain/access';
import { session } from '../lib/auth/session';
import { useSession } from '../lib/auth/use-session';
import { variant } from '../lib/variant';
import { Toaster } from '../app/toast';
import { loadServerState, needsServerState, ServerState } from '../app/server-state';
import { loadMainLayout, MainLayout } from '../pages/shell';
import { removePrerenderedSignIn } from '../features/auth/prerendered-sign-in';

export const Route = createRootRoute({
  // A signed-in user will need the main layout and React Query: fetch their chunks now, beside the route's own.
  beforeLoad: () => {
    void session.ready.then(() => {
      if (session.subject && !session.subject.needsPin) {
        void loadMainLayout();
        void loadServerState();
      }
    });
  },
  component: RootLayout,
});

function RootLayout() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const leafId = (useMatches({ select: (m) => m.at(-1)?.routeId }) as string | undefined)?.replace(/(.)\/$/, '$1');
  const { profile, subject, offline } = useSession();
  const dark = isDarkTheme(pathname, variant);

  useEffect(() => {
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  }, [dark]);

  // The server's pre-rendered sign-in form stays until the sign-in page takes it over; any other page ends it.
  useLayoutEffect(() => {
    if (leafId && leafId !== '/login') removePrerenderedSignIn();
  }, [leafId]);

  const entry = leafId && leafId in ROUTES ? ROUTES[leafId as RouteId] : undefined;
  const plain = !profile || !subject || subject.needsPin || (entry && 'plain' in entry && entry.plain) || isPlainLayout(pathname, subject);

  const page = plain ? (
    <Outlet />
  ) : (
    <Suspense fallback={null}>
      <MainLayout profile={profile} subject={subject} offline={offline}>
        <Outlet />
      </MainLayout>
    </Suspense>
  );

  return (
    <>
      {needsServerState(leafId) ? (
        <Suspense fallback={null}>
          <ServerState>{page}</ServerState>
        </Suspense>
      ) : (
        page
      )}
      <Suspense fallback={null}>
        <Toaster richColors closeButton position="top-center" theme={dark ? 'dark' : 'light'} />
      </Suspense>
    </>
  );
}
