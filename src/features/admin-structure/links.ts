import type { JobType } from '../../domain/contract';

/** The `:department` of a job type's edit page: its department's id, or `all` for one of every department. */
export const EVERY_DEPARTMENT = 'all';

export const departmentParam = (j: Pick<JobType, 'department'>) => (j.department ? String(j.department.id) : EVERY_DEPARTMENT);

/** Where a trust's structure pages are, for a link from the trust's configuration page. */
export const structurePaths = {
  departments: (trustId: number) => `/departments?trust=${trustId}`,
  jobTypes: (trustId: number) => `/job-types/list/${trustId}`,
  newJobType: (trustId: number) => `/job-types/create/${trustId}`,
  editJobType: (j: Pick<JobType, 'id' | 'department'>) => `/job-types/update/${departmentParam(j)}/${j.id}`,
};
