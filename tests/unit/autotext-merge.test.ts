import { describe, expect, it } from 'vitest';
import {
  fillMergeFields,
  mergeValuesFromDictation,
  segmentsToText,
  unknownMergeFields,
  findSnippet,
  type MergeDictation,
} from '../../src/domain/autotext-merge';

const dictation: MergeDictation = {
  patient: {
    patient_first_name: 'Margaret',
    patient_last_name: 'Thompson',
    patient_mrn_id: 'RX1234567',
    patient_nhs_id: '9434765919',
    patient_birthdate: '1950-11-22',
  },
  user: { full_name: 'Daniel Reid' },
  department: { name: 'Cardiology' },
};

describe('merge values from a dictation', () => {
  it('formats the patient as letters print them', () => {
    const v = mergeValuesFromDictation(dictation, { now: new Date('2026-03-04T10:00:00Z'), authorTitle: 'Consultant Cardiologist' });
    expect(v).toMatchObject({
      patient_name: 'THOMPSON, Margaret',
      patient_first_name: 'Margaret',
      patient_dob: '22-Nov-1950',
      nhs_number: '943 476 5919',
      mrn: 'RX1234567',
      author_name: 'Daniel Reid',
      author_title: 'Consultant Cardiologist',
      department: 'Cardiology',
      today: '04-Mar-2026',
      gp_name: '',
      clinic_date: '',
    });
  });

  it('takes today and the clinic date in the trust time zone', () => {
    // 23:30 UTC on 31 March is already 1 April in London (BST).
    const v = mergeValuesFromDictation(dictation, { now: new Date('2026-03-31T23:30:00Z'), clinicDate: '2026-03-31T23:30:00Z' });
    expect(v.today).toBe('01-Apr-2026');
    expect(v.clinic_date).toBe('01-Apr-2026');
    expect(mergeValuesFromDictation(dictation, { clinicDate: '2026-02-09' }).clinic_date).toBe('09-Feb-2026');
  });

  it('leaves missing patient details empty', () => {
    const v = mergeValuesFromDictation({ patient: {}, user: { full_name: 'A B' }, department: null });
    expect(v.patient_name).toBe('');
    expect(v.nhs_number).toBe('');
    expect(v.department).toBe('');
  });
});

describe('fillMergeFields', () => {
  it('fills known fields and keeps the rest of the text', () => {
    expect(fillMergeFields('Dear Dr {{gp_name}},', { gp_name: 'Patel' })).toEqual([{ text: 'Dear Dr Patel,' }]);
  });

  it('keeps an unfilled field as a placeholder segment', () => {
    const segments = fillMergeFields('Review {{patient_first_name}} on {{clinic_date}}.', { patient_first_name: 'Margaret' });
    expect(segments).toEqual([{ text: 'Review Margaret on ' }, { field: 'clinic_date', placeholderLabel: '[Clinic date]' }, { text: '.' }]);
    expect(segmentsToText(segments)).toBe('Review Margaret on [Clinic date].');
  });

  it('treats a blank value as unfilled, tolerates spaces and capitals inside the braces', () => {
    expect(fillMergeFields('{{ GP_Name }}', { gp_name: '  ' })).toEqual([{ field: 'gp_name', placeholderLabel: '[GP name]' }]);
  });

  it('leaves unknown fields as typed, and names them', () => {
    expect(fillMergeFields('Hi {{nickname}}', {})).toEqual([{ text: 'Hi {{nickname}}' }]);
    expect(unknownMergeFields('{{nickname}} {{patient_name}} {{x1}}')).toEqual(['nickname', 'x1']);
  });

  it('keeps markup as text: a value or body is never interpreted', () => {
    expect(segmentsToText(fillMergeFields('<b>{{mrn}}</b>', { mrn: '<img src=x onerror=alert(1)>' }))).toBe(
      '<b><img src=x onerror=alert(1)></b>',
    );
  });
});

describe('findSnippet', () => {
  const snippets = [
    { id: 1, scope: 'trust' as const, department_id: null, shortcut: 'dw', title: 'Trust', body: 'T' },
    { id: 2, scope: 'department' as const, department_id: 7, shortcut: 'DW', title: 'Cardiology', body: 'D' },
    { id: 3, scope: 'user' as const, department_id: null, shortcut: 'ys', title: 'Mine', body: 'U' },
    { id: 4, scope: 'trust' as const, department_id: null, shortcut: 'ys', title: 'Trust ys', body: 'T' },
  ];
  it('matches case-insensitively, the most personal first', () => {
    expect(findSnippet(snippets, 'YS')?.id).toBe(3);
    expect(findSnippet(snippets, 'dw', 7)?.id).toBe(2);
  });
  it('ignores another department’s snippet', () => {
    expect(findSnippet(snippets, 'dw', 8)?.id).toBe(1);
    expect(findSnippet(snippets, 'nope')).toBeUndefined();
  });
});
