import { createFileRoute } from '@tanstack/react-router';
import { guardRouteIds } from '../../../app/guard';
import { TrustEditPage } from '../../../features/admin-trusts/trust-edit-page';

export const Route = createFileRoute('/trusts/update/$id')({
  beforeLoad: guardRouteIds('/trusts/update/$id', ['id']),
  component: Show,
});

function Show() {
  const { id } = Route.useParams();
  return <TrustEditPage key={id} trustId={Number(id)} />;
}
