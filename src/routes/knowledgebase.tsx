import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../app/guard';
import { KnowledgeBasePage } from '../features/knowledge-base';

export const Route = createFileRoute('/knowledgebase')({
  beforeLoad: guardRoute('/knowledgebase'),
  component: KnowledgeBasePage,
});
