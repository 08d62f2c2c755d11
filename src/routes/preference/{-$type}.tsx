import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../app/guard';
import { PreferencesPage } from '../../pages/preferences/preferences-page';

export const Route = createFileRoute('/preference/{-$type}')({
  beforeLoad: guardRoute('/preference/{-$type}'),
  component: PreferencesPage,
});
