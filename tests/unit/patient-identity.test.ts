import { describe, expect, it } from 'vitest';
import { compareIdentity, identifyingNumber, identityMismatchText, normaliseName } from '../../src/domain/patient-identity';

const HUGHES = { patient_first_name: 'John', patient_last_name: 'HUGHES', patient_birthdate: '1950-03-02' };

describe('compareIdentity (issue 23 wrong-patient check)', () => {
  it('finds "Manual Lettertest" is not HUGHES, John, and says which fields differ', () => {
    expect(compareIdentity({ patient_first_name: 'Manual', patient_last_name: 'Lettertest' }, HUGHES)).toEqual({
      agree: false,
      differs: ['patient_first_name', 'patient_last_name'],
    });
  });

  it('ignores case, spaces, hyphens, apostrophes and accents', () => {
    expect(compareIdentity({ patient_first_name: ' john ', patient_last_name: 'Hughes' }, HUGHES)).toEqual({ agree: true });
    expect(compareIdentity({ patient_last_name: "O'Neill" }, { patient_last_name: 'ONEILL' })).toEqual({ agree: true });
    expect(compareIdentity({ patient_last_name: 'O’Neill' }, { patient_last_name: "O'NEILL" })).toEqual({ agree: true });
    expect(compareIdentity({ patient_first_name: 'Mary-Jane' }, { patient_first_name: 'Mary Jane' })).toEqual({ agree: true });
    expect(compareIdentity({ patient_first_name: 'Zoë' }, { patient_first_name: 'Zoe' })).toEqual({ agree: true });
    expect(normaliseName("  Smith-O'Brien ")).toBe('smithobrien');
  });

  it('does not guess: a different spelling or date of birth is a disagreement', () => {
    expect(compareIdentity({ patient_first_name: 'Jon' }, HUGHES)).toEqual({ agree: false, differs: ['patient_first_name'] });
    expect(compareIdentity({ patient_birthdate: '1950-02-03' }, HUGHES)).toEqual({ agree: false, differs: ['patient_birthdate'] });
  });

  it('treats a blank field, typed or in the index, as no disagreement', () => {
    expect(compareIdentity({}, HUGHES)).toEqual({ agree: true });
    expect(compareIdentity({ patient_first_name: '  ', patient_last_name: 'hughes' }, HUGHES)).toEqual({ agree: true });
    expect(compareIdentity({ patient_birthdate: '1901-01-01' }, { ...HUGHES, patient_birthdate: null })).toEqual({ agree: true });
  });
});

describe('identifyingNumber and the words of a disagreement', () => {
  it('takes the NHS number first (without spaces), else the hospital number', () => {
    expect(identifyingNumber({ patient_nhs_id: '999 001 2598', patient_mrn_id: 'RDG1' })).toEqual({ kind: 'nhs', value: '9990012598' });
    expect(identifyingNumber({ patient_mrn_id: ' RDG1 ' })).toEqual({ kind: 'mrn', value: 'RDG1' });
    expect(identifyingNumber({})).toBeNull();
  });

  it('names both patients side by side', () => {
    expect(
      identityMismatchText({ kind: 'nhs', value: '9990012598' }, HUGHES, { patient_first_name: 'Manual', patient_last_name: 'Lettertest' }),
    ).toBe('NHS number 999 001 2598 belongs to HUGHES, John, born 02-Mar-1950; you entered Manual Lettertest.');
    expect(identityMismatchText({ kind: 'mrn', value: 'RDG7' }, HUGHES, { patient_birthdate: '1901-01-01' })).toBe(
      'Hospital number RDG7 belongs to HUGHES, John, born 02-Mar-1950; you entered date of birth 01-Jan-1901.',
    );
  });
});
