import { useState } from 'react';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { guardRoute } from '../../../app/guard';
import { PasswordResetPage } from '../../../features/auth/components/password-reset-page';

/** The reset link carries the token (path, and query string as the spec reads it); it must validate. */
export const Route = createFileRoute('/password/reset/$token')({
  // Plain checks, not zod: route options load with the app, zod with the first API call (DESIGN §7).
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' ? { token: search.token } : {},
  beforeLoad: guardRoute('/password/reset/$token'),
  loaderDeps: ({ search }) => ({ queryToken: search.token }),
  loader: async ({ params, deps }) => {
    const token = deps.queryToken ?? params.token;
    const { isResetTokenValid } = await import('../../../features/auth/reset-token');
    if (!(await isResetTokenValid(token))) throw notFound();
    return { token };
  },
  component: Reset,
});

function Reset() {
  const { token } = Route.useLoaderData();
  // `invite=1`: an invitation's link (issue 25), whose page welcomes a new user. Read here, in the page's own
  // chunk, not in validateSearch, which loads with the sign-in page.
  const [invite] = useState(() => new URLSearchParams(window.location.search).get('invite') === '1');
  return <PasswordResetPage token={token} invite={invite} />;
}
