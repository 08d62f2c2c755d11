import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../app/guard';
import { ComingSoon } from '../components/ui/page';

export const Route = createFileRoute('/reusable')({
  beforeLoad: guardRoute('/reusable'),
  component: () => <ComingSoon title="Components" />,
});
