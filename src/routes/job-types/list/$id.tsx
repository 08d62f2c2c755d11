import { createFileRoute } from '@tanstack/react-router';
import { guardRouteIds, idSearch } from '../../../app/guard';
import { JobTypesListPage } from '../../../features/admin-structure/job-types-list-page';

/** `:id` is the trust's id, as for /trust/config/:id; `?department=<id>` opens the list on one department. */
const validateSearch = (s: Record<string, unknown>): { department?: number } => ({ department: idSearch(s.department) });

export const Route = createFileRoute('/job-types/list/$id')({
  validateSearch,
  beforeLoad: guardRouteIds('/job-types/list/$id', ['id']),
  component: Show,
});

function Show() {
  const { id } = Route.useParams();
  const { department } = Route.useSearch();
  return <JobTypesListPage key={id} trustId={Number(id)} departmentId={department} />;
}
