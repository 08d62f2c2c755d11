import { useEffect } from 'react';
import { createRootRouteWithContext, Outlet, useMatches, useRouterState } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { isDarkTheme, isPlainLayout, ROUTES, type RouteId } from '../domain/access';
import { useSession } from '../lib/auth/use-session';
import { variant } from '../app/variant';
import { MainLayout } from '../features/shell/components/main-layout';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
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

  const entry = leafId && leafId in ROUTES ? ROUTES[leafId as RouteId] : undefined;
  const plain = !profile || !subject || subject.needsPin || (entry && 'plain' in entry && entry.plain) || isPlainLayout(pathname, subject);

  return (
    <>
      {plain ? (
        <Outlet />
      ) : (
        <MainLayout profile={profile} subject={subject} offline={offline}>
          <Outlet />
        </MainLayout>
      )}
      <Toaster richColors closeButton position="top-center" theme={dark ? 'dark' : 'light'} />
    </>
  );
}
