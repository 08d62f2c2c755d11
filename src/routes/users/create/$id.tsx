import { createFileRoute } from '@tanstack/react-router';
import { guardRouteIds } from '../../../app/guard';
import { UserCreatePage } from '../../../features/admin-users/user-create-page';

/** `:id` is the trust's id, as for /trust/config/:id and /job-types/create/:id: the new user's trust. */
export const Route = createFileRoute('/users/create/$id')({
  beforeLoad: guardRouteIds('/users/create/$id', ['id']),
  component: Show,
});

function Show() {
  const { id } = Route.useParams();
  return <UserCreatePage key={id} trustId={Number(id)} />;
}
