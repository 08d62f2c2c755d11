import { createFileRoute, notFound } from '@tanstack/react-router';
import { guardRoute } from '../../../../app/guard';
import { EVERY_DEPARTMENT } from '../../../../features/admin-structure';
import { JobTypeUpdatePage } from '../../../../features/admin-structure/job-type-pages';

/** `:department` is the job type's department id (`all` for a job type of every department), `:jobtype` its id. */
export const Route = createFileRoute('/job-types/update/$department/$jobtype')({
  beforeLoad: async (ctx) => {
    await guardRoute('/job-types/update/$department/$jobtype')(ctx);
    const { department, jobtype } = ctx.params;
    if (!/^\d{1,10}$/.test(jobtype) || !(department === EVERY_DEPARTMENT || /^\d{1,10}$/.test(department))) throw notFound();
  },
  component: Show,
});

function Show() {
  const { department, jobtype } = Route.useParams();
  return <JobTypeUpdatePage key={jobtype} department={department} jobTypeId={Number(jobtype)} />;
}
