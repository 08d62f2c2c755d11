import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../app/guard';
import { ComingSoon } from '../../components/ui/page';

export const Route = createFileRoute('/encounter/{-$tab}')({
  beforeLoad: guardRoute('/encounter/{-$tab}'),
  component: () => <ComingSoon title="Sessions" />,
});
