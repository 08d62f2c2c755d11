import { describe, expect, it } from 'vitest';
import {
  departmentCodeSchema,
  fieldIdFromLabel,
  jobTypeCreateSchema,
  jobTypeProblems,
  withFieldIds,
  type JobType,
} from '../../src/domain/contract';
import {
  blankJobType,
  byFullPath,
  changes,
  emptyField,
  formFromJobType,
  inputFromForm,
  isDirty,
  move,
} from '../../src/features/admin-structure/form-state';

/** Issue 25: the pure parts of departments and job types — field ids, the rules between parts, the form's conversions. */

describe('custom field ids', () => {
  it('come from the label: lower case, words joined by underscores, accents and punctuation dropped', () => {
    expect(fieldIdFromLabel('Date of injury')).toBe('date_of_injury');
    expect(fieldIdFromLabel('  Référé à (GP)? ')).toBe('refere_a_gp');
    expect(fieldIdFromLabel('!!!')).toBe('field');
    expect(fieldIdFromLabel('A'.repeat(50))).toHaveLength(32);
  });

  it('are kept when given, made for new fields, and never one in use or taken', () => {
    const out = withFieldIds(
      [{ id: 'side', label: 'Which side' }, { label: 'Side' }, { label: 'Referred to' }, { label: 'Referred to!' }],
      ['referred_to'],
    );
    expect(out.map((f) => f.id)).toEqual(['side', 'side_2', 'referred_to_2', 'referred_to_3']);
    expect(out[0]!.label).toBe('Which side');
  });
});

describe('the rules between a job type’s parts', () => {
  it('each party once, never both sent to and copied', () => {
    expect(jobTypeProblems({ recipient: ['gp', 'gp'] })).toEqual([
      { path: ['recipient'], message: expect.stringContaining('each party once') },
    ]);
    expect(jobTypeProblems({ recipient: ['patient'], copy: ['patient'] })[0]).toEqual({
      path: ['copy'],
      message: 'The patient is already a recipient: a party is either sent the letter or copied, not both.',
    });
    expect(jobTypeProblems({ recipient: ['gp'], copy: ['patient', 'clinician'] })).toEqual([]);
  });

  it('field labels, field ids and headings each once, in any letter case', () => {
    const fields = [
      { id: 'a', label: 'Ward', kind: 'text' as const, required: false, options: [] },
      { id: 'a', label: 'WARD', kind: 'text' as const, required: false, options: [] },
    ];
    expect(jobTypeProblems({ custom_fields: fields }).map((p) => p.path.join('.'))).toEqual([
      'custom_fields.1.label',
      'custom_fields.1.id',
    ]);
    expect(jobTypeProblems({ template: ['Plan', 'PLAN'] }).map((p) => p.path.join('.'))).toEqual(['template.1']);
  });

  it('the schema keeps department codes in capitals and gives a new job type its defaults', () => {
    expect(departmentCodeSchema.parse(' ent-2 ')).toBe('ENT-2');
    expect(departmentCodeSchema.safeParse('E N T').success).toBe(false);
    expect(jobTypeCreateSchema.parse({ name: ' Letter ', recipient: ['gp'] })).toEqual({
      name: 'Letter',
      department_id: null,
      recipient: ['gp'],
      copy: [],
      custom_fields: [],
      template: [],
      qa_required: false,
      qa_percent: 0,
      outsourcing_allowed: true,
      turnaround_days: null,
      cover_allowed: true,
      active: true,
    });
  });
});

describe('the job type form', () => {
  const loaded: JobType = {
    id: 7,
    trust_id: 1,
    name: 'Referral',
    department: { id: 3, name: 'Orthopaedics', code: 'ORT', active: true },
    recipient: ['clinician'],
    copy: ['gp', 'patient'],
    custom_fields: [{ id: 'side', label: 'Side', kind: 'choice', required: true, options: ['Left', 'Right'] }],
    template: ['Reason for referral', 'History'],
    qa_required: false,
    qa_percent: 20,
    outsourcing_allowed: true,
    turnaround_days: null,
    cover_allowed: false,
    active: true,
  };

  it('round-trips a job type: the body it would send is the job type’s own (parties in the form’s order)', () => {
    const state = formFromJobType(loaded);
    expect(state.qaMode).toBe('sample');
    expect(inputFromForm(state)).toEqual({
      name: 'Referral',
      department_id: 3,
      recipient: ['clinician'],
      copy: ['patient', 'gp'],
      custom_fields: [{ id: 'side', label: 'Side', kind: 'choice', required: true, options: ['Left', 'Right'] }],
      template: ['Reason for referral', 'History'],
      qa_required: false,
      qa_percent: 20,
      outsourcing_allowed: true,
      turnaround_days: null,
      cover_allowed: false,
      active: true,
    });
    expect(isDirty(state, formFromJobType(loaded))).toBe(false);
  });

  it('sends only what changed; a choice’s options one per line, blank lines dropped; other kinds none', () => {
    const before = formFromJobType(loaded);
    const field = { ...emptyField(), label: 'Ward', kind: 'text' as const, options: 'left over' };
    const after = {
      ...before,
      qaMode: 'all' as const,
      fields: [{ ...before.fields[0]!, options: 'Left\n\n Right \nBoth' }, field],
      turnaroundDays: ' 3 ',
    };
    expect(changes(before, after)).toEqual({
      custom_fields: [
        { id: 'side', label: 'Side', kind: 'choice', required: true, options: ['Left', 'Right', 'Both'] },
        { label: 'Ward', kind: 'text', required: false, options: [] },
      ],
      qa_required: true,
      qa_percent: 0,
      turnaround_days: 3,
    });
  });

  it('sends a number it cannot read as NaN, for the shared schema to refuse in words', () => {
    const state = { ...blankJobType(), name: 'X', qaMode: 'sample' as const, qaPercent: 'ten' };
    const checked = byFullPath(jobTypeCreateSchema).safeParse(inputFromForm(state));
    expect(checked.success).toBe(false);
    if (!checked.success)
      expect(checked.error.issues).toEqual([{ path: ['qa_percent'], message: 'The QA sample is a whole percentage from 0 to 100.' }]);
  });

  it('names a row’s error by its full path, as the server does', () => {
    const state = { ...blankJobType(), name: 'X', headings: [...blankJobType().headings, { key: 'h', text: '  ' }] };
    const checked = byFullPath(jobTypeCreateSchema).safeParse(inputFromForm(state));
    expect(!checked.success && checked.error.issues.map((i) => i.path[0])).toEqual(['template.2']);
  });

  it('moves a row up or down, and not past either end', () => {
    expect(move(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(move(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
});
