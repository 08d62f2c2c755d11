import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../app/guard';
import { ComingSoon } from '../components/ui/page';

export const Route = createFileRoute('/region')({
  beforeLoad: guardRoute('/region'),
  component: () => <ComingSoon title="Choose your region" />,
});
