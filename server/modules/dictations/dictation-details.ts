import { and, eq } from 'drizzle-orm';
import type { DictationDetails } from '../../../src/domain/contract';
import type { Db } from '../../db/client';
import { departments, jobTypes } from '../../db/schema';
import { Errors } from '../../lib/errors';

type CheckedDetails = Required<Pick<DictationDetails, 'department_id' | 'custom_fields'>> & Pick<DictationDetails, 'job_type_id'>;

/** The Service and job type must be the trust's own, and the job type's required fields filled in. */
export async function checkDetails(db: Db, trustId: number, body: CheckedDetails): Promise<void> {
  const [dep] = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.id, body.department_id), eq(departments.trustId, trustId)));
  if (!dep) throw Errors.validation('Choose a Service from the list.', { department_id: ['Choose a Service from the list.'] });
  if (body.job_type_id !== undefined) {
    const [jt] = await db
      .select({ customFields: jobTypes.customFields })
      .from(jobTypes)
      .where(and(eq(jobTypes.id, body.job_type_id), eq(jobTypes.trustId, trustId)));
    if (!jt) throw Errors.validation('Choose a job type from the list.', { job_type_id: ['Choose a job type from the list.'] });
    const missing = jt.customFields.filter((f) => f.required && !body.custom_fields.some((c) => c.id === f.id && c.value.trim()));
    if (missing.length) throw Errors.validation(`Fill in ${missing.map((f) => f.label).join(', ')}.`);
  }
}
