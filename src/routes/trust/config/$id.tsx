import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../../app/guard';
import { ComingSoon } from '../../../components/ui/page';

export const Route = createFileRoute('/trust/config/$id')({
  beforeLoad: guardRoute('/trust/config/$id'),
  component: () => <ComingSoon title="Trust configuration" />,
});
