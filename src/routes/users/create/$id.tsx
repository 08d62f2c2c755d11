import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../../app/guard';
import { ComingSoon } from '../../../components/ui/page';

export const Route = createFileRoute('/users/create/$id')({
  beforeLoad: guardRoute('/users/create/$id'),
  component: () => <ComingSoon title="Create user" />,
});
