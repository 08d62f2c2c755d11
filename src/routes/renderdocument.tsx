import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../app/guard';
import { RenderDocumentPage } from '../features/print-link/render-document-page';

export const Route = createFileRoute('/renderdocument')({
  beforeLoad: guardRoute('/renderdocument'),
  component: RenderDocumentPage,
});
