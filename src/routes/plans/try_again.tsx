import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../app/guard';
import { ComingSoon } from '../../components/ui/page';

export const Route = createFileRoute('/plans/try_again')({
  beforeLoad: guardRoute('/plans/try_again'),
  component: () => <ComingSoon title="Payment not completed" />,
});
