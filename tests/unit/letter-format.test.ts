import { describe, expect, it } from 'vitest';
import { formatBirthDate } from '../../src/domain/display-format';
import {
  buildLetterModel,
  defaultLetterhead,
  formatLetterDate,
  letterFileName,
  nameCase,
  NOT_YET_APPROVED,
  resolveLetterhead,
  type LetterSource,
} from '../../src/domain/letter-model';
import { formatNhsNumber } from '../../src/domain/nhs-number';

describe('formats printed on a letter', () => {
  it('NHS number in 3-3-4 groups, whatever spacing it was typed with', () => {
    expect(formatNhsNumber('9434765919')).toBe('943 476 5919');
    expect(formatNhsNumber('943-476-5919')).toBe('943 476 5919');
    expect(formatNhsNumber(' 943 4765 919')).toBe('943 476 5919');
    expect(formatNhsNumber('12345')).toBe('12345');
  });

  it('date of birth as 22-Nov-1950, a calendar date with no time zone', () => {
    expect(formatBirthDate('1950-11-22')).toBe('22-Nov-1950');
    expect(formatBirthDate('2001-01-05')).toBe('05-Jan-2001');
    expect(formatBirthDate('22/11/1950')).toBe('');
    expect(formatBirthDate(undefined)).toBe('');
  });

  it('the letter date in the trust’s time zone, written out', () => {
    expect(formatLetterDate('2026-11-22T10:00:00Z')).toBe('22 November 2026');
    // 23:30 UTC on 30 June is already 1 July in London (BST).
    expect(formatLetterDate('2026-06-30T23:30:00Z', 'Europe/London')).toBe('1 July 2026');
  });

  it('names kept in capitals are printed in letter case; others as written', () => {
    expect(nameCase('PENROSE')).toBe('Penrose');
    expect(nameCase("O'NEILL")).toBe("O'Neill");
    expect(nameCase('SMITH-JONES')).toBe('Smith-Jones');
    expect(nameCase('McDonald')).toBe('McDonald');
  });

  it('file names come from the reference only', () => {
    expect(letterFileName('261122101500', 'pdf')).toBe('letter-261122101500.pdf');
    expect(letterFileName('../"evil"\r\n', 'docx')).toBe('letter-evil.docx');
    expect(letterFileName('', 'pdf')).toBe('letter-letter.pdf');
  });

  it('a site’s letterhead parts over the trust’s, over the default', () => {
    const base = defaultLetterhead('Demo Trust', 'Demo General');
    expect(resolveLetterhead(base, null, 1)).toEqual(base);
    const lh = resolveLetterhead(
      base,
      { telephone: '01632 960 000', sites: { '2': { site_name: 'Community', telephone: '01632 960 500' } } },
      2,
    );
    expect(lh).toMatchObject({ trust_name: 'Demo Trust', site_name: 'Community', telephone: '01632 960 500', address_lines: [] });
    expect(resolveLetterhead(base, { telephone: '01632 960 000' }, 1).telephone).toBe('01632 960 000');
  });
});

const source = (over: Partial<LetterSource> = {}): LetterSource => ({
  reference: '261122101500',
  status: 'AUTHOR_APPROVAL',
  dictated_at: '2026-11-20T09:00:00Z',
  job_type: { name: 'Clinic Letter', recipient: ['patient', 'gp'], copy: ['clinician', 'gp'], template: ['Diagnosis', 'Plan'] },
  department: 'Cardiology',
  patient: {
    patient_first_name: 'Arthur',
    patient_last_name: 'PENROSE',
    patient_nhs_id: '9434765919',
    patient_birthdate: '1950-11-22',
    patient_mrn_id: 'RDG0400037',
  },
  indexed: {
    id: 3,
    address: { lines: ['12 Mill Lane', 'Demoton'], postCode: 'DM1 2AB' },
    gp: {
      code: 'A99001',
      name: 'Dr Helen Marsh',
      practice: 'Riverside Medical Centre',
      address: '1 Riverside Walk\nDemoton',
      postCode: 'DM1 4RW',
    },
  },
  appointment: { patient_referrer_code: 'C7654321', patient_referrer_first_name: 'Ruth', patient_referrer_last_name: 'ADEYEMI' },
  author: { id: 1, name: 'Daniel Reid', job_title: 'Consultant Cardiologist', registration_number: 'GMC 4412087' },
  doc: null,
  approval: null,
  letterhead: defaultLetterhead('Demo NHS Foundation Trust', 'Demo General Hospital'),
  now: new Date('2026-11-22T10:00:00Z'),
  time_zone: 'Europe/London',
  ...over,
});

describe('the letter model', () => {
  it('patient block and the identifiers for every page', () => {
    const m = buildLetterModel(source());
    expect(m.patient).toEqual({
      name: 'PENROSE, Arthur',
      dob: '22-Nov-1950',
      nhs_number: '943 476 5919',
      mrn: 'RDG0400037',
      address_lines: ['12 Mill Lane', 'Demoton', 'DM1 2AB'],
    });
    expect(m.identifiers).toBe('PENROSE, Arthur  ·  NHS No. 943 476 5919  ·  DOB 22-Nov-1950');
    expect(m.dictated).toBe('20-Nov-2026');
  });

  it('written to the patient, the GP copied once, the referring clinician copied (the job type decides)', () => {
    const m = buildLetterModel(source());
    expect(m.addressee).toEqual({ name: 'Arthur Penrose', lines: ['12 Mill Lane', 'Demoton', 'DM1 2AB'] });
    expect(m.salutation).toBe('Dear Arthur Penrose,');
    expect(m.cc).toEqual([
      { name: 'Dr Helen Marsh', lines: ['Riverside Medical Centre', '1 Riverside Walk', 'Demoton', 'DM1 4RW'] },
      { name: 'Ruth Adeyemi', lines: [] },
    ]);
    const toGp = buildLetterModel(source({ job_type: { name: 'Discharge Summary', recipient: ['gp'], copy: ['patient'], template: [] } }));
    expect(toGp.addressee?.name).toBe('Dr Helen Marsh');
    expect(toGp.salutation).toBe('Dear Dr Helen Marsh,');
    expect(toGp.cc.map((c) => c.name)).toEqual(['Arthur Penrose']);
  });

  it('a letter not yet approved is a draft, signed "Dictated but not yet approved", from the template when untyped', () => {
    const m = buildLetterModel(source());
    expect(m.draft).toBe(true);
    expect(m.watermark).toBe('DRAFT');
    expect(m.signature).toMatchObject({ approved: false, name: 'Daniel Reid', note: NOT_YET_APPROVED });
    expect(m.body.content?.filter((n) => n.type === 'heading').map((h) => h.content?.[0]?.text)).toEqual(['Diagnosis', 'Plan']);
    expect(m.date).toBe('22 November 2026');
  });

  it('an approved letter carries who approved it and when, dated the day of approval', () => {
    const m = buildLetterModel(
      source({
        status: 'SENT',
        approval: {
          user_id: 1,
          name: 'Dr Daniel Reid',
          job_title: 'Consultant Cardiologist',
          registration_number: 'GMC 4412087',
          on_behalf_of: null,
          approved_at: '2026-11-21T15:05:00Z',
        },
      }),
    );
    expect(m.draft).toBe(false);
    expect(m.watermark).toBeNull();
    expect(m.signature).toMatchObject({
      approved: true,
      name: 'Dr Daniel Reid',
      approved_line: 'Approved by Dr Daniel Reid, Consultant Cardiologist, GMC 4412087 on 21 Nov 2026',
      registration_number: 'GMC 4412087',
    });
    expect(m.date).toBe('21 November 2026');
  });

  it('approved under secretarial cover: the author heads the signature, the line says who approved on their behalf', () => {
    const m = buildLetterModel(
      source({
        status: 'MANUAL_DISTRIBUTION',
        approval: {
          user_id: 5,
          name: 'Jenny Walsh',
          job_title: null,
          registration_number: null,
          on_behalf_of: 'Daniel Reid',
          approved_at: '2026-11-21T15:05:00Z',
        },
      }),
    );
    expect(m.signature).toMatchObject({
      approved: true,
      name: 'Daniel Reid',
      job_title: 'Consultant Cardiologist',
      registration_number: 'GMC 4412087',
      approved_line: 'Approved by Jenny Walsh on behalf of Daniel Reid on 21 Nov 2026',
    });
  });

  it('without patient details it still prints, and says so', () => {
    const m = buildLetterModel(source({ patient: {}, indexed: null, appointment: null }));
    expect(m.identifiers).toBe('No patient name');
    expect(m.addressee).toBeNull();
    expect(m.salutation).toBe('Dear Colleague,');
  });
});
