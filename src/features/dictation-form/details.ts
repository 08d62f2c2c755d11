import { dictationDetailsSchema, type Dictation, type DictationDetails, type DictationOptions } from '../../domain/contract';
import { customFieldProblems } from '../../domain/custom-fields';

export type DetailsValue = {
  department_id?: number;
  job_type_id?: number;
  author_id?: number;
  urgent: 'HIGH' | 'STANDARD';
  is_confidential: boolean;
  patient: NonNullable<DictationDetails['patient']>;
  custom_fields: { id: string; value: string }[];
};

export const EMPTY_DETAILS: DetailsValue = { urgent: 'STANDARD', is_confidential: false, patient: {}, custom_fields: [] };

/** Checks the form with the same schema the server uses; answers the per-field messages. */
export function validateDetails(
  value: DetailsValue,
  needsAuthor: boolean,
  options: DictationOptions | undefined,
): { ok: true; details: DictationDetails } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const parsed = dictationDetailsSchema.safeParse(value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  }
  if (needsAuthor && !value.author_id) errors.author_id = 'Choose the author this dictation belongs to.';
  // The job type's own required fields: checked here so the dictation is not refused once queued.
  const jobType = options?.job_types.find((j) => j.id === value.job_type_id);
  for (const [id, problem] of Object.entries(customFieldProblems(jobType?.custom_fields ?? [], value.custom_fields)))
    errors[`custom-${id}`] = problem;
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, details: value as DictationDetails };
}

/** The form filled from a dictation the server holds (a draft being finished). */
export function detailsFromDictation(d: Dictation): DetailsValue {
  const { patient_gender, ...patient } = d.patient;
  return {
    department_id: d.department?.id,
    job_type_id: d.jobtype?.id,
    urgent: d.urgent,
    is_confidential: d.is_confidential,
    patient: { ...patient, ...(patient_gender ? { patient_gender: patient_gender as DetailsValue['patient']['patient_gender'] } : {}) },
    custom_fields: d.custom_fields.map((f) => ({ id: f.id, value: f.pivot.value })),
  };
}
