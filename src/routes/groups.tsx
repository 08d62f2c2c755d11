import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../app/guard';
import { ComingSoon } from '../components/ui/page';

export const Route = createFileRoute('/groups')({
  beforeLoad: guardRoute('/groups'),
  component: () => <ComingSoon title="Groups" />,
});
