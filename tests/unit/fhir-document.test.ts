import type { Bundle, Composition, DocumentReference, FhirResource, Binary, Patient } from 'fhir/r4';
import { describe, expect, it } from 'vitest';
import {
  buildLetterDocument,
  FhirDocumentInputError,
  serializeLetterDocument,
  type LetterDocumentInput,
} from '../../server/adapters/fhir-document';

const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from([0, 1, 2, 255, 254]), Buffer.from('\n%%EOF\n')]);

const input: LetterDocumentInput = {
  kind: 'clinic',
  title: 'Cardiology clinic letter',
  reference: 'WN-2026-000123',
  date: '2026-11-22T14:05:00Z',
  patient: {
    nhsNumber: '9434765919',
    family: 'SMITH',
    given: ['Jane'],
    birthDate: '1950-11-22',
    gp: { odsCode: 'A81001', name: 'Riverside Surgery' },
  },
  author: { name: 'Dr Daniel Reid', family: 'Reid', given: ['Daniel'], gmcNumber: '4412087' },
  organization: { name: 'Demo NHS Trust', odsCode: 'RXX' },
  pdf,
};

/** Every `reference` anywhere in the bundle. */
function references(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => references(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'reference' && typeof v === 'string') out.push(v);
      else references(v, out);
    }
  }
  return out;
}

describe('FHIR document for a GP', () => {
  const bundle = JSON.parse(serializeLetterDocument(buildLetterDocument(input)).toString('utf8')) as Bundle<FhirResource>;
  const entries = bundle.entry ?? [];
  const byType = <T extends FhirResource>(t: T['resourceType']) =>
    entries.map((e) => e.resource).filter((r): r is T => r?.resourceType === t);

  it('is a document bundle starting with its Composition, every entry with a urn:uuid fullUrl matching its id', () => {
    expect(bundle.resourceType).toBe('Bundle');
    expect(bundle.type).toBe('document');
    expect(bundle.identifier?.value).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    expect(bundle.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(entries[0]?.resource?.resourceType).toBe('Composition');
    expect(entries.map((e) => e.resource?.resourceType).sort()).toEqual(
      ['Binary', 'Composition', 'DocumentReference', 'Organization', 'Organization', 'Patient', 'Practitioner'].sort(),
    );
    for (const e of entries) expect(e.fullUrl).toBe(`urn:uuid:${e.resource?.id}`);
    expect(new Set(entries.map((e) => e.fullUrl)).size).toBe(entries.length);
  });

  it('resolves every reference within the bundle', () => {
    const fullUrls = new Set(entries.map((e) => e.fullUrl));
    const refs = references(bundle);
    expect(refs.length).toBeGreaterThan(5);
    for (const r of refs) expect(fullUrls).toContain(r);
  });

  it('identifies the patient by NHS number and types the letter with LOINC', () => {
    const [patient] = byType<Patient>('Patient');
    expect(patient?.identifier).toEqual([{ system: 'https://fhir.nhs.uk/Id/nhs-number', value: '9434765919' }]);
    expect(patient?.birthDate).toBe('1950-11-22');
    const [composition] = byType<Composition>('Composition');
    expect(composition).toMatchObject({ status: 'final', title: 'Cardiology clinic letter', date: input.date });
    expect(composition?.type.coding?.[0]).toEqual({ system: 'http://loinc.org', code: '11488-4', display: 'Consult note' });
    expect(composition?.subject?.reference).toBe(`urn:uuid:${patient?.id}`);
    const discharge = buildLetterDocument({ ...input, kind: 'discharge' }).entry![0]!.resource as Composition;
    expect(discharge.type.coding?.[0]?.code).toBe('18842-5');
  });

  it('carries the PDF exactly, in a Binary the DocumentReference points to', () => {
    const [binary] = byType<Binary>('Binary');
    const [docRef] = byType<DocumentReference>('DocumentReference');
    expect(binary?.contentType).toBe('application/pdf');
    expect(Buffer.from(binary!.data!, 'base64').equals(pdf)).toBe(true);
    const attachment = docRef?.content[0]?.attachment;
    expect(attachment).toMatchObject({ contentType: 'application/pdf', url: `urn:uuid:${binary?.id}`, size: pdf.length });
  });

  it('escapes the title in the narrative', () => {
    const b = buildLetterDocument({ ...input, title: 'Letter <b>&' });
    const div = (b.entry![0]!.resource as Composition).section![0]!.text!.div;
    expect(div).toContain('Letter &lt;b&gt;&amp;');
  });

  it('refuses incomplete input with a clear message', () => {
    expect(() => buildLetterDocument({ ...input, patient: { ...input.patient, nhsNumber: '123' } })).toThrow(
      new FhirDocumentInputError('The patient has no valid NHS number.'),
    );
    expect(() => buildLetterDocument({ ...input, pdf: Buffer.from('hello') })).toThrow('The letter PDF is missing or is not a PDF.');
    expect(() => buildLetterDocument({ ...input, date: '22/11/2026' })).toThrow('ISO date and time');
  });
});
