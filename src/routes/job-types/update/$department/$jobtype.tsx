import { createFileRoute } from '@tanstack/react-router';
import { guardRouteIds } from '../../../../app/guard';
import { EVERY_DEPARTMENT } from '../../../../features/admin-structure';
import { JobTypeUpdatePage } from '../../../../features/admin-structure/job-type-pages';

/** `:department` is the job type's department id (`all` for a job type of every department), `:jobtype` its id. */
export const Route = createFileRoute('/job-types/update/$department/$jobtype')({
  beforeLoad: guardRouteIds('/job-types/update/$department/$jobtype', ['department', 'jobtype'], [EVERY_DEPARTMENT]),
  component: Show,
});

function Show() {
  const { department, jobtype } = Route.useParams();
  return <JobTypeUpdatePage key={jobtype} department={department} jobTypeId={Number(jobtype)} />;
}
