import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../../app/guard';
import { ComingSoon } from '../../../components/ui/page';

export const Route = createFileRoute('/job-types/create/$id')({
  beforeLoad: guardRoute('/job-types/create/$id'),
  component: () => <ComingSoon title="Create job type" />,
});
