import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../app/guard';
import { ComingSoon } from '../../components/ui/page';

export const Route = createFileRoute('/record/$tab')({
  beforeLoad: guardRoute('/record/$tab'),
  component: () => <ComingSoon title="Recording" />,
});
