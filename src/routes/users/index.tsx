import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../app/guard';
import { ComingSoon } from '../../components/ui/page';

export const Route = createFileRoute('/users/')({
  beforeLoad: guardRoute('/users'),
  component: () => <ComingSoon title="Users" />,
});
