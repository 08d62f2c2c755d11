import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../app/guard';
import { ComingSoon } from '../components/ui/page';

export const Route = createFileRoute('/audioplayer')({
  beforeLoad: guardRoute('/audioplayer'),
  component: () => <ComingSoon title="Audio player" />,
});
