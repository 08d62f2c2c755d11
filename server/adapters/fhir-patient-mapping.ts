/**
 * FHIR R4 Patient → the spec's patient fields (spec §3), with the registered GP practice (from
 * `generalPractitioner`, ODS code from the Organization's https://fhir.nhs.uk/Id/ods-organization-code
 * identifier) and next of kin (from `contact`).
 */
import type { Address, Organization, Patient, PatientContact, Practitioner, Reference } from 'fhir/r4';
import type { PatientRecord, PostalAddress } from '../../src/domain/contract/patients';
import { PATIENT_GENDERS } from '../../src/domain/contract/patients';
import { isValidNhsNumber, normaliseNhsNumber } from '../../src/domain/nhs-number';
import {
  type BundleView,
  conceptText,
  fullName,
  givenAndFamily,
  identifierIn,
  NHS_NUMBER_SYSTEM,
  ODS_ORGANISATION_SYSTEM,
  pickName,
  referenceType,
} from './fhir-bundle';

/** HL7 v2 table 0203 "MR": the medical record number a hospital calls MRN or hospital number. */
const V2_IDENTIFIER_TYPE = 'http://terminology.hl7.org/CodeSystem/v2-0203';
/** HL7 v2 table 0131: contact roles (next of kin, emergency contact…) rather than family relationships. */
const V2_CONTACT_ROLE = 'http://terminology.hl7.org/CodeSystem/v2-0131';

export interface PatientMappingOptions {
  /** The identifier system of the trust's hospital numbers; unset, an identifier typed MR is used. */
  mrnSystem?: string;
}

export function patientFromFhir(p: Patient, bundle: BundleView, opts: PatientMappingOptions = {}): PatientRecord {
  const { first, last } = givenAndFamily(pickName(p.name));
  const nhs = identifierIn(p.identifier, NHS_NUMBER_SYSTEM);
  const gender = PATIENT_GENDERS.find((g) => g === p.gender) ?? null;
  return {
    id: p.id ?? '',
    patient_first_name: first,
    patient_last_name: last,
    patient_mrn_id: hospitalNumber(p, opts.mrnSystem),
    patient_nhs_id: nhs && isValidNhsNumber(nhs) ? normaliseNhsNumber(nhs) : null,
    patient_birthdate: p.birthDate && /^\d{4}-\d{2}-\d{2}$/.test(p.birthDate) ? p.birthDate : null,
    patient_gender: gender,
    email: p.telecom?.find((t) => t.system === 'email' && t.value && !t.period?.end)?.value ?? null,
    address: postalAddress(currentAddress(p.address)),
    gp: registeredGp(p, bundle),
    next_of_kin: nextOfKin(p.contact),
  };
}

function hospitalNumber(p: Patient, mrnSystem: string | undefined): string | null {
  if (mrnSystem) return identifierIn(p.identifier, mrnSystem);
  const mr = p.identifier?.find((i) => i.value && i.type?.coding?.some((c) => c.system === V2_IDENTIFIER_TYPE && c.code === 'MR'));
  return mr?.value?.trim() ?? null;
}

/** The home address in use now, else any address in use now, else the first. */
function currentAddress(addresses: Address[] | undefined): Address | undefined {
  const live = (addresses ?? []).filter((a) => !a.period?.end && a.use !== 'old');
  return live.find((a) => a.use === 'home') ?? live[0] ?? addresses?.[0];
}

export function postalAddress(a: Address | undefined): PostalAddress | null {
  if (!a) return null;
  const lines = [...(a.line ?? []), a.city, a.district].map((l) => l?.trim()).filter((l): l is string => !!l);
  const postCode = a.postalCode?.trim() || null;
  if (!lines.length && !postCode) {
    return a.text ? { lines: a.text.split(/\n|,\s*/).filter(Boolean), post_code: null } : null;
  }
  return { lines, post_code: postCode };
}

/** The practice (an Organization) and the GP (a Practitioner) among `generalPractitioner`. */
function registeredGp(p: Patient, bundle: BundleView): PatientRecord['gp'] {
  const refs = p.generalPractitioner ?? [];
  const orgRef = refs.find((r) => referenceType(r) === 'Organization');
  const gpRef = refs.find((r) => referenceType(r) === 'Practitioner');
  if (!orgRef && !gpRef) return null;
  const org = resolveAs<Organization>(bundle, orgRef, p, 'Organization');
  const gp = resolveAs<Practitioner>(bundle, gpRef, p, 'Practitioner');
  const code =
    (orgRef?.identifier?.system === ODS_ORGANISATION_SYSTEM ? orgRef.identifier.value?.trim() : undefined) ??
    identifierIn(org?.identifier, ODS_ORGANISATION_SYSTEM);
  return {
    code: code ?? null,
    name: fullName(pickName(gp?.name)) ?? gpRef?.display?.trim() ?? null,
    practice: org?.name?.trim() ?? orgRef?.display?.trim() ?? null,
    address: postalAddress(org?.address?.[0]),
  };
}

function resolveAs<T extends { resourceType: string }>(
  bundle: BundleView,
  ref: Reference | undefined,
  from: Patient,
  type: T['resourceType'],
): T | undefined {
  const found = bundle.resolve(ref, from);
  return found?.resourceType === type ? (found as unknown as T) : undefined;
}

/** Every named contact; those marked next of kin (v2-0131 N) first, with their family relationship when given. */
function nextOfKin(contacts: PatientContact[] | undefined): PatientRecord['next_of_kin'] {
  const named = (contacts ?? []).filter((c) => !c.period?.end);
  const isNok = (c: PatientContact) => c.relationship?.some((r) => r.coding?.some((x) => x.system === V2_CONTACT_ROLE && x.code === 'N'));
  const out: PatientRecord['next_of_kin'] = [];
  for (const c of [...named.filter(isNok), ...named.filter((c) => !isNok(c))]) {
    const name = fullName(c.name) ?? c.organization?.display?.trim() ?? null;
    if (!name) continue;
    const family = c.relationship?.find((r) => !r.coding?.every((x) => x.system === V2_CONTACT_ROLE));
    const relationship = conceptText(family) ?? conceptText(c.relationship?.[0]) ?? '';
    out.push({ name, relationship });
  }
  return out;
}
