import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../app/guard';
import { ComingSoon } from '../components/ui/page';

export const Route = createFileRoute('/table')({
  beforeLoad: guardRoute('/table'),
  component: () => <ComingSoon title="Table" />,
});
