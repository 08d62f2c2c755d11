import { createFileRoute } from '@tanstack/react-router';
import { guardRouteIds } from '../../app/guard';
import { DictationPage } from '../../pages/dictation-page/dictation-page';

/** `?panel=delivery` opens the side panel on the Delivery tab (a link from the stuck-letters list). */
const validateSearch = (s: Record<string, unknown>): { panel?: 'delivery' } => (s.panel === 'delivery' ? { panel: 'delivery' } : {});

export const Route = createFileRoute('/dictation/$id')({
  validateSearch,
  beforeLoad: guardRouteIds('/dictation/$id', ['id']),
  component: Show,
});

function Show() {
  const { id } = Route.useParams();
  return <DictationPage key={id} id={Number(id)} />;
}
