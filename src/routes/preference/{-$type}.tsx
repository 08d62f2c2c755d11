import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../app/guard';
import { ComingSoon } from '../../components/ui/page';

export const Route = createFileRoute('/preference/{-$type}')({
  beforeLoad: guardRoute('/preference/{-$type}'),
  component: () => <ComingSoon title="Preferences" />,
});
