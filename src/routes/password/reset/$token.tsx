import { createFileRoute, notFound } from '@tanstack/react-router';
import { z } from 'zod';
import { API_PATHS } from '../../../domain/contract';
import { guardRoute } from '../../../app/guard';
import { apiCall } from '../../../lib/api/client';
import { PasswordResetPage } from '../../../features/auth/components/password-reset-page';

/** The reset link carries the token (path, and query string as the spec reads it); it must validate. */
export const Route = createFileRoute('/password/reset/$token')({
  validateSearch: z.object({ token: z.string().optional() }),
  beforeLoad: guardRoute('/password/reset/$token'),
  loaderDeps: ({ search }) => ({ queryToken: search.token }),
  loader: async ({ params, deps }) => {
    const token = deps.queryToken ?? params.token;
    const ok = await apiCall('get', API_PATHS.validateToken, {
      schema: z.object({ success: z.literal(true) }),
      searchParams: { token },
      quiet: true,
    })
      .then(() => true)
      .catch(() => false);
    if (!ok) throw notFound();
    return { token };
  },
  component: Reset,
});

function Reset() {
  const { token } = Route.useLoaderData();
  return <PasswordResetPage token={token} />;
}
