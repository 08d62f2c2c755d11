/**
 * Reading a FHIR R4 searchset Bundle: the resources that matched, and the ones the server added for
 * `_include`, found again from the references that point at them.
 */
import type { Bundle, CodeableConcept, DomainResource, FhirResource, HumanName, Identifier, Reference, Resource } from 'fhir/r4';

export const NHS_NUMBER_SYSTEM = 'https://fhir.nhs.uk/Id/nhs-number';
export const ODS_ORGANISATION_SYSTEM = 'https://fhir.nhs.uk/Id/ods-organization-code';

export interface BundleView {
  /** Entries whose search mode is `match` (or not given), in the server's order. */
  matches: FhirResource[];
  /** The resource a reference points at, if the Bundle (or the referring resource's `contained`) holds it. */
  resolve(ref: Reference | undefined, from?: DomainResource): FhirResource | undefined;
}

/** `Type/id` of a relative or absolute reference (`…/Type/id/_history/n` too); null for a contained `#id`. */
export function referenceKey(reference: string): string | null {
  if (reference.startsWith('#')) return null;
  const path = reference.split('?')[0]!.replace(/\/_history\/[^/]+$/, '');
  const parts = path.split('/').filter(Boolean);
  return parts.length >= 2 ? `${parts[parts.length - 2]}/${parts[parts.length - 1]}` : null;
}

export function isBundle(value: unknown): value is Bundle<FhirResource> {
  return !!value && typeof value === 'object' && (value as { resourceType?: unknown }).resourceType === 'Bundle';
}

export function readBundle(bundle: Bundle<FhirResource>): BundleView {
  const byKey = new Map<string, FhirResource>();
  const matches: FhirResource[] = [];
  for (const entry of bundle.entry ?? []) {
    const resource = entry.resource;
    if (!resource) continue;
    if (resource.id) byKey.set(`${resource.resourceType}/${resource.id}`, resource);
    if (entry.fullUrl) byKey.set(entry.fullUrl, resource);
    if (entry.search?.mode !== 'include' && entry.search?.mode !== 'outcome') matches.push(resource);
  }
  return {
    matches,
    resolve(ref, from) {
      const reference = ref?.reference;
      if (!reference) return undefined;
      if (reference.startsWith('#')) {
        return from?.contained?.find((c: Resource) => c.id === reference.slice(1)) as FhirResource | undefined;
      }
      if (byKey.has(reference)) return byKey.get(reference);
      const key = referenceKey(reference);
      return key ? byKey.get(key) : undefined;
    },
  };
}

/** The resource type a reference points at, from its `type`, its text, or its identifier's system. */
export function referenceType(ref: Reference): string | undefined {
  if (ref.type) return ref.type;
  const key = ref.reference ? referenceKey(ref.reference) : null;
  if (key) return key.split('/')[0];
  if (ref.identifier?.system === ODS_ORGANISATION_SYSTEM) return 'Organization';
  return undefined;
}

/** The name to use: official, else usual, else the first one not marked old. */
export function pickName(names: HumanName[] | undefined): HumanName | undefined {
  if (!names?.length) return undefined;
  return (
    names.find((n) => n.use === 'official') ??
    names.find((n) => n.use === 'usual') ??
    names.find((n) => n.use !== 'old' && n.use !== 'maiden') ??
    names[0]
  );
}

export function givenAndFamily(name: HumanName | undefined): { first: string; last: string } {
  if (!name) return { first: '', last: '' };
  if (name.family || name.given?.length) return { first: name.given?.[0]?.trim() ?? '', last: name.family?.trim() ?? '' };
  return splitDisplayName(name.text ?? '');
}

const TITLES = /^(dr|mr|mrs|ms|miss|mx|prof|professor|sir|dame|rev)\.?$/i;

/** "Dr Anna Smith" → { first: 'Anna', last: 'Smith' }: for a reference that carries only a display. */
export function splitDisplayName(display: string): { first: string; last: string } {
  const words = display.trim().split(/\s+/).filter(Boolean);
  while (words.length > 1 && TITLES.test(words[0]!)) words.shift();
  if (!words.length) return { first: '', last: '' };
  const last = words.pop()!;
  return { first: words.join(' '), last };
}

/** "Dr Anna Smith", as a letter's recipient line writes a person. */
export function fullName(name: HumanName | undefined): string | null {
  if (!name) return null;
  const text = [...(name.prefix ?? []).slice(0, 1), ...(name.given ?? []), name.family ?? ''].filter(Boolean).join(' ').trim();
  return text || name.text?.trim() || null;
}

export function identifierIn(ids: Identifier[] | undefined, system: string): string | null {
  return ids?.find((i) => i.system === system && i.value)?.value?.trim() ?? null;
}

/** The words a concept shows a person: its text, else its first coding's display, else its code. */
export function conceptText(c: CodeableConcept | undefined): string | null {
  if (!c) return null;
  return c.text?.trim() || c.coding?.find((x) => x.display)?.display?.trim() || c.coding?.find((x) => x.code)?.code?.trim() || null;
}
