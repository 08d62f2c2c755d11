/**
 * FHIR R4 Appointment → the spec's appointment fields (spec §3) and the finder's type, status, start
 * and clinic. Type: `appointmentType` (HL7 v2 table 0276, whose five codes are the spec's five types),
 * else `serviceType`, by code or words. Status: R4's codes as the spec §9 FHIR labels. Referrer: the
 * participant whose role is REF (referrer), else the requester of the ServiceRequest in `basedOn` (the
 * referral). Clinic: the identifier of the Location or HealthcareService taking part.
 */
import type { Appointment, CodeableConcept, FhirResource, Identifier, Reference } from 'fhir/r4';
import type { AppointmentRecord, AppointmentType } from '../../src/domain/contract/patients';
import { APPOINTMENT_TYPES } from '../../src/domain/contract/patients';
import { type BundleView, givenAndFamily, pickName, referenceType, splitDisplayName } from './fhir-bundle';

const V2_APPOINTMENT_TYPE = 'http://terminology.hl7.org/CodeSystem/v2-0276';
const V3_PARTICIPATION_TYPE = 'http://terminology.hl7.org/CodeSystem/v3-ParticipationType';
/** Codes a referrer is known by, most specific first: GP national code, GMC number, NHS smartcard user id. */
const PRACTITIONER_CODE_SYSTEMS = [
  'https://fhir.hl7.org.uk/Id/gmp-number',
  'https://fhir.hl7.org.uk/Id/gmc-number',
  'https://fhir.nhs.uk/Id/sds-user-id',
];

const R4_STATUS_LABELS: Record<string, string> = {
  proposed: 'Proposed',
  pending: 'Pending',
  booked: 'Booked',
  arrived: 'Arrived',
  fulfilled: 'Fulfilled',
  cancelled: 'Cancelled',
  noshow: 'Noshow',
  'entered-in-error': 'Entered-in-error',
  'checked-in': 'Checked-in',
  waitlist: 'Waitlist',
};

export function appointmentStatusLabel(code: string | undefined): string {
  if (!code) return 'Pending';
  return R4_STATUS_LABELS[code] ?? code.charAt(0).toUpperCase() + code.slice(1);
}

const squash = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');

function typeOf(c: CodeableConcept | undefined): AppointmentType | null {
  if (!c) return null;
  const candidates = [
    ...(c.coding ?? []).filter((x) => x.system === V2_APPOINTMENT_TYPE).map((x) => x.code),
    ...(c.coding ?? []).flatMap((x) => [x.code, x.display]),
    c.text,
  ];
  for (const word of candidates) {
    if (!word) continue;
    const found = APPOINTMENT_TYPES.find((t) => squash(t) === squash(word));
    if (found) return found;
  }
  return null;
}

export function appointmentTypeOf(a: Appointment): AppointmentType | null {
  return typeOf(a.appointmentType) ?? a.serviceType?.map(typeOf).find((t) => t !== null) ?? null;
}

interface Referrer {
  code: string | null;
  first: string | null;
  last: string | null;
}

function codeOf(ids: Identifier[] | undefined): string | null {
  for (const system of PRACTITIONER_CODE_SYSTEMS) {
    const v = ids?.find((i) => i.system === system && i.value)?.value;
    if (v) return v.trim();
  }
  return ids?.find((i) => i.value)?.value?.trim() ?? null;
}

/** A person (Practitioner, or the one behind a PractitionerRole) or a referring organisation. */
function referrerFrom(ref: Reference | undefined, bundle: BundleView, from: Appointment | FhirResource): Referrer | null {
  if (!ref) return null;
  const target = bundle.resolve(ref, from as Appointment);
  if (target?.resourceType === 'PractitionerRole') {
    const person = referrerFrom(target.practitioner, bundle, target);
    if (person) return { ...person, code: person.code ?? codeOf(target.identifier) };
    return referrerFrom(target.organization, bundle, target);
  }
  if (target?.resourceType === 'Practitioner') {
    const { first, last } = givenAndFamily(pickName(target.name));
    return {
      code: codeOf(target.identifier) ?? codeOf(ref.identifier ? [ref.identifier] : undefined),
      first: first || null,
      last: last || null,
    };
  }
  if (target?.resourceType === 'Organization') {
    return { code: codeOf(target.identifier), first: null, last: target.name?.trim() ?? null };
  }
  if (!ref.display && !ref.identifier?.value) return null;
  const type = referenceType(ref);
  const code = ref.identifier?.value?.trim() ?? null;
  if (type === 'Organization') return { code, first: null, last: ref.display?.trim() ?? null };
  const { first, last } = splitDisplayName(ref.display ?? '');
  return { code, first: first || null, last: last || null };
}

function referrerOf(a: Appointment, bundle: BundleView): Referrer | null {
  const isReferrer = (p: Appointment['participant'][number]) =>
    p.type?.some((t) => t.coding?.some((c) => c.system === V3_PARTICIPATION_TYPE && c.code === 'REF') || /referr/i.test(t.text ?? ''));
  const byRole = referrerFrom(a.participant?.find(isReferrer)?.actor, bundle, a);
  if (byRole) return byRole;
  for (const based of a.basedOn ?? []) {
    const request = bundle.resolve(based, a);
    if (request?.resourceType === 'ServiceRequest') {
      const found = referrerFrom(request.requester, bundle, request);
      if (found) return found;
    }
  }
  return null;
}

function clinicOf(a: Appointment, bundle: BundleView): string | null {
  for (const p of a.participant ?? []) {
    const ref = p.actor;
    const type = ref ? referenceType(ref) : undefined;
    if (!ref || (type !== 'Location' && type !== 'HealthcareService')) continue;
    if (ref.identifier?.value) return ref.identifier.value.trim();
    const place = bundle.resolve(ref, a);
    if (place?.resourceType === 'Location' || place?.resourceType === 'HealthcareService') {
      const id = place.identifier?.find((i) => i.value)?.value;
      if (id) return id.trim();
    }
  }
  return null;
}

function isoInstant(value: string | undefined): string | null {
  if (!value) return null;
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}

/** Names of the patient are left for the caller, which knows the patient. */
export function appointmentFromFhir(a: Appointment, bundle: BundleView, patientId: string): AppointmentRecord {
  const referrer = referrerOf(a, bundle);
  return {
    id: a.id ?? '',
    patient_id: patientId,
    patient_first_name: null,
    patient_last_name: null,
    patient_referrer_code: referrer?.code ?? null,
    patient_referrer_first_name: referrer?.first ?? null,
    patient_referrer_last_name: referrer?.last ?? null,
    type: appointmentTypeOf(a),
    status: appointmentStatusLabel(a.status),
    start: isoInstant(a.start),
    clinic_code: clinicOf(a, bundle),
  };
}
