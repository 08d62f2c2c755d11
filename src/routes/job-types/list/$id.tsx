import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../../app/guard';
import { ComingSoon } from '../../../components/ui/page';

export const Route = createFileRoute('/job-types/list/$id')({
  beforeLoad: guardRoute('/job-types/list/$id'),
  component: () => <ComingSoon title="Job types" />,
});
