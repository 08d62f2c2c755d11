import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../app/guard';
import { ComingSoon } from '../components/ui/page';

export const Route = createFileRoute('/recorddictation')({
  beforeLoad: guardRoute('/recorddictation'),
  component: () => <ComingSoon title="Record dictation" />,
});
