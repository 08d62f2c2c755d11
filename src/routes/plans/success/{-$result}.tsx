import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../../app/guard';
import { ComingSoon } from '../../../components/ui/page';

export const Route = createFileRoute('/plans/success/{-$result}')({
  beforeLoad: guardRoute('/plans/success/{-$result}'),
  component: () => <ComingSoon title="Payment received" />,
});
