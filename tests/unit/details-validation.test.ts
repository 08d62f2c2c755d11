import { describe, expect, it } from 'vitest';
import { detailsFromDictation, EMPTY_DETAILS, validateDetails } from '../../src/features/dictation-form/details';
import type { Dictation } from '../../src/domain/contract';
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

describe('a draft from the server fills the form', () => {
  const draft = {
    department: { id: 4, name: 'Cardiology', code: 'CAR' },
    jobtype: { id: 9, name: 'Referral' },
    urgent: 'HIGH',
    is_confidential: true,
    patient: { patient_last_name: 'Hopper', patient_nhs_id: '9434765919', patient_gender: 'female' },
    custom_fields: [{ id: 'referred_to', label: 'Referred to', pivot: { value: 'Dr Jones' } }],
  } as unknown as Dictation;

  it('with every detail, so saving it unchanged sends the same details back', () => {
    const value = detailsFromDictation(draft);
    expect(value).toEqual({
      department_id: 4,
      job_type_id: 9,
      urgent: 'HIGH',
      is_confidential: true,
      patient: { patient_last_name: 'Hopper', patient_nhs_id: '9434765919', patient_gender: 'female' },
      custom_fields: [{ id: 'referred_to', value: 'Dr Jones' }],
    });
    const check = validateDetails(value, false, undefined);
    expect(check.ok).toBe(true);
  });

  it('without a Service, asks for one', () => {
    const value = detailsFromDictation({ ...draft, department: null });
    const check = validateDetails(value, false, undefined);
    expect(check.ok).toBe(false);
    expect(!check.ok && check.errors.department_id).toBe(MESSAGES.serviceRequired);
  });
});
