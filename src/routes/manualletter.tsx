import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../app/guard';
import { ComingSoon } from '../components/ui/page';

export const Route = createFileRoute('/manualletter')({
  beforeLoad: guardRoute('/manualletter'),
  component: () => <ComingSoon title="Manual letter" />,
});
