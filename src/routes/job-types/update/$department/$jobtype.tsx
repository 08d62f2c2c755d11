import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../../../app/guard';
import { ComingSoon } from '../../../../components/ui/page';

export const Route = createFileRoute('/job-types/update/$department/$jobtype')({
  beforeLoad: guardRoute('/job-types/update/$department/$jobtype'),
  component: () => <ComingSoon title="Edit job type" />,
});
