import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../app/guard';
import { ComingSoon } from '../../components/ui/page';

export const Route = createFileRoute('/plans/')({
  beforeLoad: guardRoute('/plans'),
  component: () => <ComingSoon title="Plans" />,
});
