import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../app/guard';
import { ManualLetterPage } from '../features/manual-letter/manual-letter-page';

export const Route = createFileRoute('/manualletter')({
  beforeLoad: guardRoute('/manualletter'),
  component: ManualLetterPage,
});
