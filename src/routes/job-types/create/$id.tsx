import { createFileRoute } from '@tanstack/react-router';
import { guardRouteIds } from '../../../app/guard';
import { JobTypeCreatePage } from '../../../features/admin-structure/job-type-pages';

/** `:id` is the trust's id, as for /trust/config/:id. */
export const Route = createFileRoute('/job-types/create/$id')({
  beforeLoad: guardRouteIds('/job-types/create/$id', ['id']),
  component: Show,
});

function Show() {
  const { id } = Route.useParams();
  return <JobTypeCreatePage key={id} trustId={Number(id)} />;
}
