import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../../app/guard';
import { ComingSoon } from '../../../components/ui/page';

export const Route = createFileRoute('/users/update/$id')({
  beforeLoad: guardRoute('/users/update/$id'),
  component: () => <ComingSoon title="Edit user" />,
});
