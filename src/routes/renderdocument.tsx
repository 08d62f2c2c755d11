import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../app/guard';
import { ComingSoon } from '../components/ui/page';

export const Route = createFileRoute('/renderdocument')({
  beforeLoad: guardRoute('/renderdocument'),
  component: () => <ComingSoon title="Document" />,
});
