import type { JobType } from '../../domain/contract';

/** The `:department` of a job type's edit page: its department's id, or `all` for one of every department. */
export const EVERY_DEPARTMENT = 'all';

export const departmentParam = (j: Pick<JobType, 'department'>) => (j.department ? String(j.department.id) : EVERY_DEPARTMENT);
