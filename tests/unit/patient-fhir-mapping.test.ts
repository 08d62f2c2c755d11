import type { Appointment, Bundle, FhirResource, Location, Patient } from 'fhir/r4';
import { describe, expect, it } from 'vitest';
import { appointmentFromFhir, appointmentStatusLabel } from '../../server/adapters/fhir-appointment-mapping';
import { readBundle, referenceKey, splitDisplayName } from '../../server/adapters/fhir-bundle';
import { classifyFhirFailure } from '../../server/adapters/fhir-patient-index';
import { patientFromFhir } from '../../server/adapters/fhir-patient-mapping';

const NHS = 'https://fhir.nhs.uk/Id/nhs-number';
const ODS = 'https://fhir.nhs.uk/Id/ods-organization-code';

function bundleOf(...resources: FhirResource[]) {
  const b: Bundle<FhirResource> = {
    resourceType: 'Bundle',
    type: 'searchset',
    entry: resources.map((resource, i) => ({ resource, search: { mode: i === 0 ? 'match' : 'include' } })),
  };
  return readBundle(b);
}

const patient = (extra: Partial<Patient>): Patient => ({ resourceType: 'Patient', id: 'p1', ...extra });

describe('FHIR Patient → spec patient fields', () => {
  it('takes the official name, a valid NHS number, the MR-typed identifier as MRN, gender and a full birth date', () => {
    const p = patient({
      name: [
        { use: 'maiden', family: 'Old', given: ['Ann'] },
        { use: 'official', family: 'Newman', given: ['Ann', 'Marie'] },
      ],
      identifier: [
        { system: NHS, value: '999 123 5671' },
        { system: 'urn:other', value: 'X1' },
        { system: 'urn:trust', value: 'H123', type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'MR' }] } },
      ],
      gender: 'other',
      birthDate: '1990-02-03',
    });
    expect(patientFromFhir(p, bundleOf(p))).toMatchObject({
      id: 'p1',
      patient_first_name: 'Ann',
      patient_last_name: 'Newman',
      patient_nhs_id: '9991235671',
      patient_mrn_id: 'H123',
      patient_gender: 'other',
      patient_birthdate: '1990-02-03',
    });
  });

  it('leaves out an NHS number that fails its check digit, a partial birth date, and an MRN outside the configured system', () => {
    const p = patient({
      name: [{ text: 'Dr Jo Bloggs' }],
      identifier: [
        { system: NHS, value: '9991235672' },
        { system: 'urn:trust', value: 'H1', type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'MR' }] } },
      ],
      birthDate: '1990-02',
    });
    expect(patientFromFhir(p, bundleOf(p), { mrnSystem: 'urn:elsewhere' })).toMatchObject({
      patient_first_name: 'Jo',
      patient_last_name: 'Bloggs',
      patient_nhs_id: null,
      patient_mrn_id: null,
      patient_birthdate: null,
      patient_gender: null,
    });
  });

  it('uses the current home address; a text-only address is split into lines', () => {
    const p = patient({
      address: [
        { use: 'home', line: ['1 Past St'], postalCode: 'DM9 9ZZ', period: { end: '2020-01-01' } },
        { use: 'work', line: ['Office'], postalCode: 'DM8 8YY' },
        { use: 'home', line: ['2 Now Rd', ''], city: 'Demoton', district: 'Shire', postalCode: ' DM1 1AA ' },
      ],
    });
    expect(patientFromFhir(p, bundleOf(p)).address).toEqual({ lines: ['2 Now Rd', 'Demoton', 'Shire'], post_code: 'DM1 1AA' });
    const t = patient({ address: [{ text: '3 Text Way, Demoton' }] });
    expect(patientFromFhir(t, bundleOf(t)).address).toEqual({ lines: ['3 Text Way', 'Demoton'], post_code: null });
  });

  it('GP practice: ODS code and name from the included Organization, the GP from the included Practitioner', () => {
    const p = patient({
      generalPractitioner: [{ reference: 'http://fhir.test/r4/Organization/o1/_history/2' }, { reference: 'Practitioner/g1' }],
    });
    const view = bundleOf(
      p,
      {
        resourceType: 'Organization',
        id: 'o1',
        name: 'Elm Tree Surgery',
        identifier: [
          { system: 'urn:x', value: 'no' },
          { system: ODS, value: 'A99002' },
        ],
      },
      { resourceType: 'Practitioner', id: 'g1', name: [{ prefix: ['Dr', 'Prof'], given: ['Kwame'], family: 'Asante' }] },
    );
    expect(patientFromFhir(p, view).gp).toEqual({ code: 'A99002', name: 'Dr Kwame Asante', practice: 'Elm Tree Surgery', address: null });
  });

  it('GP practice from references alone (identifier and display), and none when there is no GP', () => {
    const p = patient({
      generalPractitioner: [
        { identifier: { system: ODS, value: 'A99003' }, display: 'Castle Street Practice' },
        { type: 'Practitioner', display: 'Dr Sian Lloyd' },
      ],
    });
    expect(patientFromFhir(p, bundleOf(p)).gp).toEqual({
      code: 'A99003',
      name: 'Dr Sian Lloyd',
      practice: 'Castle Street Practice',
      address: null,
    });
    expect(patientFromFhir(patient({}), bundleOf(patient({}))).gp).toBeNull();
  });

  it('next of kin: those coded N first, with their family relationship; contacts that ended or have no name are left out', () => {
    const N = { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0131', code: 'N', display: 'Next-of-Kin' }] };
    const p = patient({
      contact: [
        { name: { given: ['Friend'], family: 'One' } },
        {
          relationship: [
            N,
            { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-RoleCode', code: 'HUSB', display: 'husband' }] },
          ],
          name: { given: ['Ben'], family: 'Newman' },
        },
        { relationship: [N], name: { family: 'Past' }, period: { end: '2001-01-01' } },
        { relationship: [N] },
      ],
    });
    expect(patientFromFhir(p, bundleOf(p)).next_of_kin).toEqual([
      { name: 'Ben Newman', relationship: 'husband' },
      { name: 'Friend One', relationship: '' },
    ]);
  });
});

const appointment = (extra: Partial<Appointment>): Appointment => ({
  resourceType: 'Appointment',
  id: 'a1',
  status: 'booked',
  participant: [{ actor: { reference: 'Patient/p1' }, status: 'accepted' }],
  ...extra,
});

describe('FHIR Appointment → spec appointment fields', () => {
  it.each([
    [{ appointmentType: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0276', code: 'EMERGENCY' }] } }, 'Emergency'],
    [{ appointmentType: { text: 'Follow-up' } }, 'Followup'],
    [{ appointmentType: { coding: [{ code: 'routine' }] } }, 'Routine'],
    [{ serviceType: [{ text: 'Cardiology' }, { coding: [{ display: 'Walk in' }] }] }, 'Walkin'],
    [{ appointmentType: { text: 'Telephone' } }, null],
  ])('type from %j is %s', (extra, type) => {
    const a = appointment(extra as Partial<Appointment>);
    expect(appointmentFromFhir(a, bundleOf(a), 'p1').type).toBe(type);
  });

  it('statuses are the spec’s FHIR labels; an unknown code is passed on capitalised', () => {
    expect(['proposed', 'checked-in', 'entered-in-error', 'noshow', 'waitlist'].map(appointmentStatusLabel)).toEqual([
      'Proposed',
      'Checked-in',
      'Entered-in-error',
      'Noshow',
      'Waitlist',
    ]);
    expect(appointmentStatusLabel('overbook')).toBe('Overbook');
  });

  it('referrer: the REF participant, known by display and identifier only', () => {
    const a = appointment({
      participant: [
        { actor: { reference: 'Patient/p1' }, status: 'accepted' },
        {
          actor: { type: 'Practitioner', display: 'Dr Mary Ann Jones', identifier: { value: 'G1234567' } },
          type: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ParticipationType', code: 'REF' }] }],
          status: 'accepted',
        },
      ],
    });
    expect(appointmentFromFhir(a, bundleOf(a), 'p1')).toMatchObject({
      patient_referrer_code: 'G1234567',
      patient_referrer_first_name: 'Mary Ann',
      patient_referrer_last_name: 'Jones',
    });
  });

  it('referrer: the requester of the referral in basedOn, through a PractitionerRole', () => {
    const a = appointment({ basedOn: [{ reference: 'ServiceRequest/s1' }] });
    const view = bundleOf(
      a,
      {
        resourceType: 'ServiceRequest',
        id: 's1',
        status: 'active',
        intent: 'order',
        subject: {},
        requester: { reference: 'PractitionerRole/r1' },
      },
      { resourceType: 'PractitionerRole', id: 'r1', practitioner: { reference: 'Practitioner/x' } },
      {
        resourceType: 'Practitioner',
        id: 'x',
        identifier: [
          { system: 'urn:local', value: 'L9' },
          { system: 'https://fhir.hl7.org.uk/Id/gmc-number', value: '7000001' },
        ],
        name: [{ given: ['Ola'], family: 'Ade' }],
      },
    );
    expect(appointmentFromFhir(a, view, 'p1')).toMatchObject({
      patient_referrer_code: '7000001',
      patient_referrer_first_name: 'Ola',
      patient_referrer_last_name: 'Ade',
    });
  });

  it('clinic code from a contained Location; start as an ISO instant; nothing made up when absent', () => {
    const loc: Location = { resourceType: 'Location', id: 'loc', identifier: [{ value: 'RES-CL1' }] };
    const a = appointment({
      start: '2030-01-02T09:15:00+01:00',
      contained: [loc],
      participant: [{ actor: { reference: '#loc', type: 'Location' }, status: 'accepted' }],
    });
    expect(appointmentFromFhir(a, bundleOf(a), 'p1')).toMatchObject({ clinic_code: 'RES-CL1', start: '2030-01-02T08:15:00.000Z' });
    const bare = appointment({ start: 'not a date' });
    expect(appointmentFromFhir(bare, bundleOf(bare), 'p1')).toMatchObject({
      clinic_code: null,
      start: null,
      type: null,
      patient_referrer_code: null,
      patient_referrer_first_name: null,
      patient_referrer_last_name: null,
    });
  });
});

describe('FHIR helpers', () => {
  it('reference keys from relative, absolute and versioned references', () => {
    expect(referenceKey('Patient/1')).toBe('Patient/1');
    expect(referenceKey('https://x.test/fhir/Organization/A1/_history/3')).toBe('Organization/A1');
    expect(referenceKey('#c1')).toBeNull();
  });

  it('display names lose their titles', () => {
    expect(splitDisplayName('Prof. Dr Anna Smith')).toEqual({ first: 'Anna', last: 'Smith' });
    expect(splitDisplayName('Dr')).toEqual({ first: '', last: 'Dr' });
  });

  it('failures are classified without keeping the request', () => {
    const fromClient = Object.assign(new Error('HTTP 500: GET http://fhir/Patient?identifier=x|9991235671'), { response: { status: 500 } });
    const c = classifyFhirFailure(fromClient);
    expect([c.kind, c.upstreamStatus]).toEqual(['refused', 500]);
    expect(c.message).not.toContain('9991235671');
    expect(classifyFhirFailure(new DOMException('t', 'TimeoutError')).kind).toBe('timeout');
    expect(classifyFhirFailure(new TypeError('fetch failed')).kind).toBe('unreachable');
  });
});
