import { createFileRoute, notFound } from '@tanstack/react-router';
import { guardRoute } from '../../../app/guard';
import { PasswordResetPage } from '../../../features/auth/components/password-reset-page';

/** The reset link carries the token (path, and query string as the spec reads it); it must validate. */
export const Route = createFileRoute('/password/reset/$token')({
  // Plain checks, not zod: route options load with the app, zod with the first API call (DESIGN §7).
  // `invite=1`: the link of an invitation (issue 25), whose page welcomes a new user.
  validateSearch: (search: Record<string, unknown>): { token?: string; invite?: boolean } => ({
    ...(typeof search.token === 'string' ? { token: search.token } : {}),
    ...(search.invite === 1 || search.invite === '1' || search.invite === true ? { invite: true } : {}),
  }),
  beforeLoad: guardRoute('/password/reset/$token'),
  loaderDeps: ({ search }) => ({ queryToken: search.token, invite: search.invite === true }),
  loader: async ({ params, deps }) => {
    const token = deps.queryToken ?? params.token;
    const { isResetTokenValid } = await import('../../../features/auth/reset-token');
    if (!(await isResetTokenValid(token))) throw notFound();
    return { token, invite: deps.invite };
  },
  component: Reset,
});

function Reset() {
  const { token, invite } = Route.useLoaderData();
  return <PasswordResetPage token={token} invite={invite} />;
}
