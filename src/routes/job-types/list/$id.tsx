import { createFileRoute, notFound } from '@tanstack/react-router';
import { guardRoute } from '../../../app/guard';
import { JobTypesListPage } from '../../../features/admin-structure/job-types-list-page';

/** `:id` is the trust's id, as for /trust/config/:id; `?department=<id>` opens the list on one department. */
const validateSearch = (s: Record<string, unknown>): { department?: number } => {
  const department = String(s.department ?? '');
  return /^\d{1,10}$/.test(department) ? { department: Number(department) } : {};
};

export const Route = createFileRoute('/job-types/list/$id')({
  validateSearch,
  beforeLoad: async (ctx) => {
    await guardRoute('/job-types/list/$id')(ctx);
    if (!/^\d{1,10}$/.test(ctx.params.id)) throw notFound();
  },
  component: Show,
});

function Show() {
  const { id } = Route.useParams();
  const { department } = Route.useSearch();
  return <JobTypesListPage key={id} trustId={Number(id)} departmentId={department} />;
}
