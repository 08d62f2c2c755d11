import { createFileRoute } from '@tanstack/react-router';
import { guardRouteIds } from '../../../app/guard';
import { TrustConfigPage } from '../../../features/trust-config/trust-config-page';

export const Route = createFileRoute('/trust/config/$id')({
  beforeLoad: guardRouteIds('/trust/config/$id', ['id']),
  component: Show,
});

function Show() {
  const { id } = Route.useParams();
  return <TrustConfigPage key={id} trustId={Number(id)} />;
}
