import { createFileRoute } from '@tanstack/react-router';
import { guardRouteIds } from '../../../app/guard';
import { UserUpdatePage } from '../../../features/admin-users/user-update-page';

/** `:id` is the user's id. */
export const Route = createFileRoute('/users/update/$id')({
  beforeLoad: guardRouteIds('/users/update/$id', ['id']),
  component: Show,
});

function Show() {
  const { id } = Route.useParams();
  return <UserUpdatePage key={id} userId={Number(id)} />;
}
