import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../app/guard';
import { ComingSoon } from '../../components/ui/page';

export const Route = createFileRoute('/encounter/capture-encounter')({
  beforeLoad: guardRoute('/encounter/capture-encounter'),
  component: () => <ComingSoon title="Capture encounter" />,
});
