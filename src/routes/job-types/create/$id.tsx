import { createFileRoute, notFound } from '@tanstack/react-router';
import { guardRoute } from '../../../app/guard';
import { JobTypeCreatePage } from '../../../features/admin-structure/job-type-pages';

/** `:id` is the trust's id, as for /trust/config/:id. */
export const Route = createFileRoute('/job-types/create/$id')({
  beforeLoad: async (ctx) => {
    await guardRoute('/job-types/create/$id')(ctx);
    if (!/^\d{1,10}$/.test(ctx.params.id)) throw notFound();
  },
  component: Show,
});

function Show() {
  const { id } = Route.useParams();
  return <JobTypeCreatePage key={id} trustId={Number(id)} />;
}
