import { describe, expect, it } from 'vitest';
import {
  patientSearchQuerySchema,
  toAppointmentFields,
  toPatientFields,
  type AppointmentRecord,
  type PatientRecord,
} from '../../src/domain/contract';
import { MESSAGES } from '../../src/domain/messages';

const issues = (q: Record<string, string>) => {
  const r = patientSearchQuerySchema.safeParse(q);
  return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('patient search query', () => {
  it('turns each way of searching into one search, blanks ignored', () => {
    expect(patientSearchQuerySchema.parse({ nhs_number: '999 123-5671', mrn: ' ' })).toEqual({ nhs_number: '9991235671' });
    expect(patientSearchQuerySchema.parse({ mrn: ' RDG1 ' })).toEqual({ mrn: 'RDG1' });
    expect(patientSearchQuerySchema.parse({ family: "O'Neill", birthdate: '1988-11-02', nhs_number: '' })).toEqual({
      family: "O'Neill",
      birthdate: '1988-11-02',
    });
  });

  it('names the field that is wrong', () => {
    expect(issues({ nhs_number: '9991235672' })).toEqual([['nhs_number', MESSAGES.nhsNumberInvalid]]);
    expect(issues({ family: 'Smith' })).toEqual([['birthdate', 'Enter the date of birth as well as the surname.']]);
    expect(issues({ birthdate: '1950-01-01' })).toEqual([['family', 'Enter the surname as well as the date of birth.']]);
    expect(issues({ family: 'Smith', birthdate: '1950-02-30' })[0]![0]).toBe('birthdate');
    expect(issues({})).toEqual([['', MESSAGES.patientSearchKind]]);
    expect(issues({ mrn: 'A', family: 'B', birthdate: '1950-01-01' })).toEqual([['', MESSAGES.patientSearchKind]]);
  });
});

describe('what choosing fills in', () => {
  it('a patient gives the spec’s patient fields, unknown ones left out', () => {
    const p: PatientRecord = {
      id: '7',
      patient_first_name: 'Ann',
      patient_last_name: 'Newman',
      patient_mrn_id: null,
      patient_nhs_id: '9991235671',
      patient_birthdate: '1990-02-03',
      patient_gender: null,
      email: null,
      address: null,
      gp: null,
      next_of_kin: [],
    };
    expect(toPatientFields(p)).toEqual({
      patient_first_name: 'Ann',
      patient_last_name: 'Newman',
      patient_nhs_id: '9991235671',
      patient_birthdate: '1990-02-03',
    });
  });

  it('an appointment gives the spec’s appointment fields, including the referrer', () => {
    const a: AppointmentRecord = {
      id: 'a1',
      patient_id: 'p1',
      patient_first_name: 'Ann',
      patient_last_name: 'Newman',
      patient_referrer_code: 'G9900011',
      patient_referrer_first_name: 'Helen',
      patient_referrer_last_name: null,
      type: 'Routine',
      status: 'Booked',
      start: null,
      clinic_code: 'CAR-OP1',
    };
    expect(toAppointmentFields(a)).toEqual({
      patient_id: 'p1',
      patient_first_name: 'Ann',
      patient_last_name: 'Newman',
      patient_referrer_code: 'G9900011',
      patient_referrer_first_name: 'Helen',
    });
  });
});
