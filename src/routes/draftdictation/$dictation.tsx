import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../app/guard';
import { ComingSoon } from '../../components/ui/page';

export const Route = createFileRoute('/draftdictation/$dictation')({
  beforeLoad: guardRoute('/draftdictation/$dictation'),
  component: () => <ComingSoon title="Draft dictation" />,
});
