import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { guardRoute } from '../app/guard';
import { PinPage } from '../features/auth/components/pin-page';

export const Route = createFileRoute('/authenticate')({
  validateSearch: z.object({ mode: z.enum(['renew']).optional() }),
  beforeLoad: guardRoute('/authenticate'),
  component: Authenticate,
});

function Authenticate() {
  const { mode } = Route.useSearch();
  return <PinPage key={mode ?? 'enter'} renew={mode === 'renew'} />;
}
