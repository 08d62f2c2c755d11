import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../app/guard';
import { ComingSoon } from '../../components/ui/page';

export const Route = createFileRoute('/dictation/$id')({
  beforeLoad: guardRoute('/dictation/$id'),
  component: () => <ComingSoon title="Dictation" />,
});
