import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../app/guard';
import { ComingSoon } from '../components/ui/page';

export const Route = createFileRoute('/ssoauth')({
  beforeLoad: guardRoute('/ssoauth'),
  component: () => <ComingSoon title="Single sign-on" />,
});
