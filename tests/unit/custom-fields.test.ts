import { describe, expect, it } from 'vitest';
import { customFieldProblem, customFieldProblems, type CustomFieldDef } from '../../src/domain/custom-fields';

const site: CustomFieldDef = { id: 'site', label: 'Lesion site', kind: 'choice', required: true, options: ['Face', 'Trunk', 'Limb'] };
const noticed: CustomFieldDef = { id: 'noticed', label: 'Date first noticed', kind: 'date' };
const size: CustomFieldDef = { id: 'size', label: 'Size (mm)', kind: 'number' };
const note: CustomFieldDef = { id: 'note', label: 'Referred to' };

describe('a job type’s own fields, as the details form and the server check them', () => {
  it('a required field left empty asks to be filled in; an optional one may stay empty', () => {
    expect(customFieldProblem(site, '  ')).toBe('Fill in Lesion site.');
    expect(customFieldProblem(noticed, undefined)).toBeNull();
    expect(customFieldProblem(note, '')).toBeNull();
  });

  it('a choice must be one of its options', () => {
    expect(customFieldProblem(site, 'Trunk')).toBeNull();
    expect(customFieldProblem(site, 'Scalp')).toBe('Choose Lesion site from the list.');
  });

  it('a date must be a calendar date (YYYY-MM-DD, as the date picker sends)', () => {
    expect(customFieldProblem(noticed, '2026-02-28')).toBeNull();
    expect(customFieldProblem(noticed, '2026-02-30')).toBe('Enter Date first noticed as a date.');
    expect(customFieldProblem(noticed, '28/02/2026')).toBe('Enter Date first noticed as a date.');
  });

  it('a number must be digits (a decimal point allowed); text takes anything', () => {
    expect(customFieldProblem(size, '12.5')).toBeNull();
    expect(customFieldProblem(size, 'twelve')).toBe('Enter Size (mm) as a number.');
    expect(customFieldProblem(note, 'Dr Patel, dermatology')).toBeNull();
  });

  it('answers every field’s problem by id', () => {
    expect(
      customFieldProblems(
        [site, noticed, size],
        [
          { id: 'noticed', value: 'soon' },
          { id: 'size', value: '4' },
        ],
      ),
    ).toEqual({ site: 'Fill in Lesion site.', noticed: 'Enter Date first noticed as a date.' });
  });
});
