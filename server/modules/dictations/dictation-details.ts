import type { DictationDetails } from '../../../src/domain/contract';
import { customFieldProblems } from '../../../src/domain/custom-fields';
import { PAGE_MESSAGES } from '../../../src/domain/messages';
import type { Db } from '../../db/client';
import { Errors } from '../../lib/errors';
import { findTrustDepartment, findTrustJobType } from './options.repository';

type CheckedDetails = Required<Pick<DictationDetails, 'department_id' | 'custom_fields'>> & Pick<DictationDetails, 'job_type_id'>;

/**
 * The Service and job type must be the trust's own, and the job type's required fields filled in. An
 * inactive one (issue 25) is refused for new work; a dictation that has it already keeps it (`current`).
 */
export async function checkDetails(
  db: Db,
  trustId: number,
  body: CheckedDetails,
  current: { departmentId: number | null; jobTypeId: number | null } = { departmentId: null, jobTypeId: null },
): Promise<void> {
  const dep = await findTrustDepartment(db, trustId, body.department_id);
  if (!dep) throw Errors.validation('Choose a Service from the list.', { department_id: ['Choose a Service from the list.'] });
  if (!dep.active && dep.id !== current.departmentId) {
    throw Errors.validation(PAGE_MESSAGES.departmentInactive, { department_id: [PAGE_MESSAGES.departmentInactive] });
  }
  if (body.job_type_id !== undefined) {
    const jt = await findTrustJobType(db, trustId, body.job_type_id);
    if (!jt || (!jt.active && jt.id !== current.jobTypeId)) {
      throw Errors.validation('Choose a job type from the list.', { job_type_id: ['Choose a job type from the list.'] });
    }
    const problems = customFieldProblems(jt.customFields, body.custom_fields);
    if (Object.keys(problems).length)
      throw Errors.validation(
        Object.values(problems).join(' '),
        Object.fromEntries(Object.entries(problems).map(([id, problem]) => [`custom-${id}`, [problem]])),
      );
  }
}
