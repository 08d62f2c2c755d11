/**
 * The FHIR R4 document sent to a GP practice (issue 13, GP electronic): a Bundle of type `document`
 * whose first entry is the Composition (FHIR R4 bundle rules: a document starts with its Composition),
 * with the Patient identified by NHS number, the author (Practitioner), the trust (Organization, also
 * the custodian), a DocumentReference describing the letter and a Binary holding the PDF. Every
 * reference is a `urn:uuid:` fullUrl of another entry, so the document stands alone.
 *
 * Type codes (LOINC, http://loinc.org): 11488-4 "Consult note" for a clinic letter (HL7 C-CDA on FHIR
 * ConsultDocumentType value set) and 18842-5 "Discharge summary" for a discharge letter.
 * Identifier systems: NHS number https://fhir.nhs.uk/Id/nhs-number, ODS code
 * https://fhir.nhs.uk/Id/ods-organization-code, GMC number https://fhir.hl7.org.uk/Id/gmc-number.
 * Pure apart from ids and the clock, both injectable.
 */
import { createHash, randomUUID } from 'node:crypto';
import type {
  Binary,
  Bundle,
  BundleEntry,
  CodeableConcept,
  Composition,
  DocumentReference,
  FhirResource,
  Organization,
  Patient,
  Practitioner,
} from 'fhir/r4';
import { NHS_NUMBER_SYSTEM, ODS_ORGANISATION_SYSTEM } from './fhir-bundle';

export const GMC_NUMBER_SYSTEM = 'https://fhir.hl7.org.uk/Id/gmc-number';
export const LOINC = 'http://loinc.org';

export const LETTER_TYPES = {
  clinic: { system: LOINC, code: '11488-4', display: 'Consult note' },
  discharge: { system: LOINC, code: '18842-5', display: 'Discharge summary' },
} as const;

export type LetterKind = keyof typeof LETTER_TYPES;

export interface LetterDocumentInput {
  kind: LetterKind;
  /** The letter's title, e.g. "Cardiology clinic letter". */
  title: string;
  /** Our reference for the letter (unique within the trust). */
  reference: string;
  /** When the letter was approved, ISO 8601 with time zone. */
  date: string;
  patient: {
    nhsNumber: string;
    family: string;
    given: string[];
    /** yyyy-mm-dd */
    birthDate?: string;
    /** The registered GP practice, when known. */
    gp?: { odsCode: string; name?: string };
  };
  author: { name: string; family?: string; given?: string[]; gmcNumber?: string };
  organization: { name: string; odsCode: string };
  pdf: Buffer;
}

export class FhirDocumentInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FhirDocumentInputError';
  }
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function check(input: LetterDocumentInput): void {
  const need = (ok: boolean, what: string) => {
    if (!ok) throw new FhirDocumentInputError(what);
  };
  need(input.kind in LETTER_TYPES, 'The letter kind must be clinic or discharge.');
  need(!!input.title.trim(), 'The letter has no title.');
  need(!!input.reference.trim(), 'The letter has no reference.');
  need(ISO_DATETIME.test(input.date), 'The letter date must be an ISO date and time with a time zone.');
  need(/^\d{10}$/.test(input.patient.nhsNumber), 'The patient has no valid NHS number.');
  need(!!input.patient.family.trim(), 'The patient has no surname.');
  need(!input.patient.birthDate || ISO_DATE.test(input.patient.birthDate), 'The date of birth must be yyyy-mm-dd.');
  need(!!input.author.name.trim(), 'The letter has no author.');
  need(!!input.organization.name.trim() && !!input.organization.odsCode.trim(), 'The trust name and ODS code are needed.');
  need(input.pdf.length > 0 && input.pdf.subarray(0, 5).toString('latin1') === '%PDF-', 'The letter PDF is missing or is not a PDF.');
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function buildLetterDocument(
  input: LetterDocumentInput,
  deps: { newId?: () => string; now?: () => Date } = {},
): Bundle<FhirResource> {
  check(input);
  const newId = deps.newId ?? randomUUID;
  const now = deps.now ?? (() => new Date());
  const ids = {
    composition: newId(),
    patient: newId(),
    author: newId(),
    organization: newId(),
    gp: newId(),
    documentReference: newId(),
    binary: newId(),
  };
  const ref = (id: string) => ({ reference: `urn:uuid:${id}` });
  const type: CodeableConcept = { coding: [{ ...LETTER_TYPES[input.kind] }], text: input.title };

  const organization: Organization = {
    resourceType: 'Organization',
    id: ids.organization,
    identifier: [{ system: ODS_ORGANISATION_SYSTEM, value: input.organization.odsCode }],
    name: input.organization.name,
  };
  const gp: Organization | null = input.patient.gp
    ? {
        resourceType: 'Organization',
        id: ids.gp,
        identifier: [{ system: ODS_ORGANISATION_SYSTEM, value: input.patient.gp.odsCode }],
        ...(input.patient.gp.name ? { name: input.patient.gp.name } : {}),
      }
    : null;
  const patient: Patient = {
    resourceType: 'Patient',
    id: ids.patient,
    identifier: [{ system: NHS_NUMBER_SYSTEM, value: input.patient.nhsNumber }],
    name: [{ use: 'official', family: input.patient.family, given: input.patient.given }],
    ...(input.patient.birthDate ? { birthDate: input.patient.birthDate } : {}),
    ...(gp ? { generalPractitioner: [ref(ids.gp)] } : {}),
  };
  const author: Practitioner = {
    resourceType: 'Practitioner',
    id: ids.author,
    ...(input.author.gmcNumber ? { identifier: [{ system: GMC_NUMBER_SYSTEM, value: input.author.gmcNumber }] } : {}),
    name: [
      {
        text: input.author.name,
        ...(input.author.family ? { family: input.author.family } : {}),
        ...(input.author.given?.length ? { given: input.author.given } : {}),
      },
    ],
  };
  const binary: Binary = { resourceType: 'Binary', id: ids.binary, contentType: 'application/pdf', data: input.pdf.toString('base64') };
  const documentReference: DocumentReference = {
    resourceType: 'DocumentReference',
    id: ids.documentReference,
    masterIdentifier: { system: 'urn:ietf:rfc:3986', value: `urn:uuid:${ids.composition}` },
    identifier: [{ value: input.reference }],
    status: 'current',
    docStatus: 'final',
    type,
    subject: ref(ids.patient),
    date: input.date,
    author: [ref(ids.author)],
    custodian: ref(ids.organization),
    description: input.title,
    content: [
      {
        attachment: {
          contentType: 'application/pdf',
          url: `urn:uuid:${ids.binary}`,
          size: input.pdf.length,
          hash: createHash('sha1').update(input.pdf).digest('base64'),
          title: `${input.title}.pdf`,
          creation: input.date,
        },
      },
    ],
  };
  const composition: Composition = {
    resourceType: 'Composition',
    id: ids.composition,
    identifier: { value: input.reference },
    status: 'final',
    type,
    subject: ref(ids.patient),
    date: input.date,
    author: [ref(ids.author)],
    title: input.title,
    custodian: ref(ids.organization),
    section: [
      {
        title: input.title,
        code: type,
        text: {
          status: 'generated',
          div: `<div xmlns="http://www.w3.org/1999/xhtml"><p>${escapeXml(input.title)}: the letter is attached as a PDF.</p></div>`,
        },
        entry: [ref(ids.documentReference)],
      },
    ],
  };
  const resources: FhirResource[] = [composition, patient, author, organization, ...(gp ? [gp] : []), documentReference, binary];
  const entry: BundleEntry<FhirResource>[] = resources.map((resource) => ({ fullUrl: `urn:uuid:${resource.id}`, resource }));
  return {
    resourceType: 'Bundle',
    identifier: { system: 'urn:ietf:rfc:3986', value: `urn:uuid:${newId()}` },
    type: 'document',
    timestamp: now().toISOString(),
    entry,
  };
}

/** The bundle as sent: JSON, UTF-8 (application/fhir+json). */
export function serializeLetterDocument(bundle: Bundle<FhirResource>): Buffer {
  return Buffer.from(JSON.stringify(bundle), 'utf8');
}
