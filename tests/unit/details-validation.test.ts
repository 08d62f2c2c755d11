import { describe, expect, it } from 'vitest';
import { EMPTY_DETAILS, validateDetails } from '../../src/features/dictation-form/details';
import { MESSAGES } from '../../src/domain/messages';

const OPTIONS = {
  departments: [{ id: 1, name: 'Cardiology', code: 'CAR' }],
  job_types: [
    { id: 3, name: 'Referral', department_id: null, custom_fields: [{ id: 'referred_to', label: 'Referred to', required: true }] },
  ],
  authors: [],
};

describe('the details form, checked before anything is queued', () => {
  it('needs the Service', () => {
    const r = validateDetails(EMPTY_DETAILS, false, OPTIONS);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors.department_id).toBe(MESSAGES.serviceRequired);
  });
  it('needs the author for a secretary', () => {
    const r = validateDetails({ ...EMPTY_DETAILS, department_id: 1 }, true, OPTIONS);
    expect(!r.ok && r.errors.author_id).toContain('Choose the author');
  });
  it("needs the job type's required fields", () => {
    const base = { ...EMPTY_DETAILS, department_id: 1, job_type_id: 3 };
    const r = validateDetails(base, false, OPTIONS);
    expect(!r.ok && r.errors['custom-referred_to']).toBe('Fill in Referred to.');
    expect(validateDetails({ ...base, custom_fields: [{ id: 'referred_to', value: 'Dr Patel' }] }, false, OPTIONS).ok).toBe(true);
  });
  it('checks the NHS number', () => {
    const r = validateDetails({ ...EMPTY_DETAILS, department_id: 1, patient: { patient_nhs_id: '943 476 5918' } }, false, OPTIONS);
    expect(!r.ok && r.errors['patient.patient_nhs_id']).toContain('not a valid NHS number');
  });
});
