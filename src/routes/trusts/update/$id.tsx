import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../../app/guard';
import { ComingSoon } from '../../../components/ui/page';

export const Route = createFileRoute('/trusts/update/$id')({
  beforeLoad: guardRoute('/trusts/update/$id'),
  component: () => <ComingSoon title="Edit trust" />,
});
