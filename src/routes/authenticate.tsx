import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../app/guard';
import { PinPage } from '../features/auth/components/pin-page';

export const Route = createFileRoute('/authenticate')({
  // A plain check, not zod: route options load with the app, zod with the first API call (DESIGN §7).
  validateSearch: (search: Record<string, unknown>): { mode?: 'renew' } => (search.mode === 'renew' ? { mode: 'renew' } : {}),
  beforeLoad: guardRoute('/authenticate'),
  component: Authenticate,
});

function Authenticate() {
  const { mode } = Route.useSearch();
  return <PinPage key={mode ?? 'enter'} renew={mode === 'renew'} />;
}
