import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../app/guard';
import { ComingSoon } from '../components/ui/page';

export const Route = createFileRoute('/knowledgebase')({
  beforeLoad: guardRoute('/knowledgebase'),
  component: () => <ComingSoon title="Knowledge base" />,
});
