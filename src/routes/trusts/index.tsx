import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../app/guard';
import { ComingSoon } from '../../components/ui/page';

export const Route = createFileRoute('/trusts/')({
  beforeLoad: guardRoute('/trusts'),
  component: () => <ComingSoon title="Trusts" />,
});
