import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../app/guard';
import { AutotextPage } from '../features/autotext/components/autotext-page';

export const Route = createFileRoute('/autotext')({
  beforeLoad: guardRoute('/autotext'),
  component: AutotextPage,
});
