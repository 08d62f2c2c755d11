import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../app/guard';
import { ComingSoon } from '../components/ui/page';

export const Route = createFileRoute('/uploaddictation')({
  beforeLoad: guardRoute('/uploaddictation'),
  component: () => <ComingSoon title="Upload dictation" />,
});
