import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  Appointment,
  Bundle,
  BundleEntry,
  FhirResource,
  HealthcareService,
  Location,
  OperationOutcome,
  Organization,
  Patient,
  Practitioner,
  Reference,
  ServiceRequest,
} from 'fhir/r4';

/**
 * A FHIR R4 server for tests, written from the R4 RESTful API and search pages: GET type-level search
 * answering `searchset` Bundles (`Bundle.entry[].resource`, `search.mode` match/include, `fullUrl`),
 * `application/fhir+json`, errors as OperationOutcome. It supports just the search parameters the
 * patient index uses and answers 400 `not-supported` for any other (as a server does under
 * `Prefer: handling=strict`), so a test sees exactly what the client asked. It records every request.
 */

export const NHS = 'https://fhir.nhs.uk/Id/nhs-number';
export const ODS = 'https://fhir.nhs.uk/Id/ods-organization-code';
export const MRN_SYSTEM = 'https://fhir.demo-trust.example/Id/mrn';
const V2_0203 = 'http://terminology.hl7.org/CodeSystem/v2-0203';
const V2_0131 = 'http://terminology.hl7.org/CodeSystem/v2-0131';
const V2_0276 = 'http://terminology.hl7.org/CodeSystem/v2-0276';
const V3_PARTICIPATION = 'http://terminology.hl7.org/CodeSystem/v3-ParticipationType';

export const FHIR_PATIENT_NHS = '9991235671';
export const FHIR_TWIN_NHS = '9991236783';

const mrn = (value: string) => ({ system: MRN_SYSTEM, value, type: { coding: [{ system: V2_0203, code: 'MR' }] } });

const patients: Patient[] = [
  {
    resourceType: 'Patient',
    id: 'pat-1',
    identifier: [{ system: NHS, value: FHIR_PATIENT_NHS }, mrn('DT0012345')],
    name: [
      { use: 'maiden', family: 'Jenkins', given: ['Eleanor'] },
      { use: 'official', family: 'Hughes', given: ['Eleanor', 'May'], prefix: ['Mrs'] },
    ],
    gender: 'female',
    birthDate: '1948-07-21',
    telecom: [
      { system: 'phone', value: '01632 960001' },
      { system: 'email', value: 'eleanor.hughes@example.org' },
    ],
    address: [
      { use: 'old', line: ['2 Former Road'], city: 'Elsewhere', postalCode: 'DM9 9ZZ', period: { end: '2019-01-01' } },
      { use: 'home', line: ['14 Mill Lane'], city: 'Demoton', postalCode: 'DM1 2AB' },
    ],
    generalPractitioner: [{ reference: 'Organization/A99001', display: 'Riverside Medical Centre' }, { reference: 'Practitioner/gp-1' }],
    contact: [
      {
        relationship: [{ coding: [{ system: V2_0131, code: 'C', display: 'Emergency Contact' }] }],
        name: { given: ['Pat'], family: 'Neighbour' },
      },
      {
        relationship: [{ coding: [{ system: V2_0131, code: 'N', display: 'Next-of-Kin' }] }, { text: 'Daughter' }],
        name: { given: ['Sarah'], family: 'Hughes' },
      },
    ],
  },
  {
    resourceType: 'Patient',
    id: 'pat-2',
    identifier: [{ system: NHS, value: FHIR_TWIN_NHS }, mrn('DT0012346')],
    name: [{ family: 'Hughes', given: ['Robert'] }],
    gender: 'male',
    birthDate: '1948-07-21',
    generalPractitioner: [{ type: 'Organization', identifier: { system: ODS, value: 'A99002' }, display: 'Elm Tree Surgery' }],
  },
  {
    resourceType: 'Patient',
    id: 'pat-3',
    identifier: [mrn('DT0099999')],
    name: [{ family: 'Nowak', given: ['Tomasz'] }],
    gender: 'male',
    birthDate: '2015',
  },
];

const others: FhirResource[] = [
  {
    resourceType: 'Organization',
    id: 'A99001',
    identifier: [{ system: ODS, value: 'A99001' }],
    name: 'Riverside Medical Centre',
    address: [{ line: ['1 Riverside Walk'], city: 'Demoton', postalCode: 'DM1 4RW' }],
  } satisfies Organization,
  {
    resourceType: 'Practitioner',
    id: 'gp-1',
    identifier: [{ system: 'https://fhir.hl7.org.uk/Id/gmp-number', value: 'G9900011' }],
    name: [{ family: 'Marsh', given: ['Helen'], prefix: ['Dr'] }],
  } satisfies Practitioner,
  {
    resourceType: 'Practitioner',
    id: 'cons-1',
    identifier: [{ system: 'https://fhir.hl7.org.uk/Id/gmc-number', value: '7990011' }],
    name: [{ family: 'Okafor', given: ['Rachel'], prefix: ['Dr'] }],
  } satisfies Practitioner,
  {
    resourceType: 'Location',
    id: 'loc-car-op1',
    identifier: [{ system: 'https://fhir.demo-trust.example/Id/clinic-code', value: 'CAR-OP1' }],
    name: 'Cardiology outpatients 1',
  } satisfies Location,
  { resourceType: 'HealthcareService', id: 'hs-walkin', name: 'Walk-in centre' } satisfies HealthcareService,
  {
    resourceType: 'ServiceRequest',
    id: 'ref-1',
    status: 'active',
    intent: 'order',
    subject: { reference: 'Patient/pat-1' },
    requester: { reference: 'Practitioner/gp-1' },
  } satisfies ServiceRequest,
];

const accepted = (actor: Reference, code?: string) => ({
  actor,
  status: 'accepted' as const,
  ...(code ? { type: [{ coding: [{ system: V3_PARTICIPATION, code }] }] } : {}),
});

const appointments: Appointment[] = [
  {
    resourceType: 'Appointment',
    id: 'appt-1',
    status: 'booked',
    appointmentType: { coding: [{ system: V2_0276, code: 'FOLLOWUP', display: 'A follow up visit from a previous appointment' }] },
    start: '2031-03-04T10:30:00+00:00',
    basedOn: [{ reference: 'ServiceRequest/ref-1' }],
    participant: [
      accepted({ reference: 'Patient/pat-1' }),
      accepted({ reference: 'Practitioner/cons-1' }, 'ATND'),
      accepted({ reference: 'Location/loc-car-op1' }),
    ],
  },
  {
    resourceType: 'Appointment',
    id: 'appt-2',
    status: 'fulfilled',
    appointmentType: { text: 'Check-up' },
    start: '2030-11-20T09:00:00Z',
    participant: [accepted({ reference: 'Patient/pat-1' }), accepted({ reference: 'Practitioner/cons-1' }, 'REF')],
  },
  {
    resourceType: 'Appointment',
    id: 'appt-3',
    status: 'noshow',
    serviceType: [{ coding: [{ display: 'Walk-in' }] }],
    start: '2030-06-01T14:00:00+01:00',
    participant: [
      accepted({ reference: 'Patient/pat-1' }),
      accepted({ reference: 'HealthcareService/hs-walkin', identifier: { value: 'WALKIN-1' } }),
    ],
  },
  { resourceType: 'Appointment', id: 'appt-4', status: 'entered-in-error', participant: [accepted({ reference: 'Patient/pat-1' })] },
];

const all: FhirResource[] = [...patients, ...others, ...appointments];
const byKey = new Map(all.map((r) => [`${r.resourceType}/${r.id}`, r]));

const SUPPORTED: Record<string, string[]> = {
  Patient: ['identifier', 'family', 'birthdate', '_id', '_include', '_count'],
  Appointment: ['patient', '_include', '_include:iterate', '_sort', '_count'],
};
const INCLUDES: Record<string, string[]> = {
  Patient: ['Patient:general-practitioner'],
  Appointment: ['Appointment:actor', 'Appointment:based-on', 'ServiceRequest:requester'],
};

class FhirError extends Error {
  constructor(
    readonly status: number,
    readonly code: IssueType,
    message: string,
  ) {
    super(message);
  }
}

type IssueType = OperationOutcome['issue'][number]['code'];

function outcome(code: IssueType, diagnostics: string): OperationOutcome {
  return { resourceType: 'OperationOutcome', issue: [{ severity: 'error', code, diagnostics }] };
}

function tokenMatches(ids: Patient['identifier'], token: string): boolean {
  const bar = token.indexOf('|');
  const [system, value] = bar < 0 ? [null, token] : [token.slice(0, bar), token.slice(bar + 1)];
  return (ids ?? []).some((i) => i.value === value && (system === null || (system === '' ? !i.system : i.system === system)));
}

/** R4 string search: case-insensitive, matching the start of any family name. */
const familyMatches = (p: Patient, family: string) => (p.name ?? []).some((n) => n.family?.toLowerCase().startsWith(family.toLowerCase()));

function searchPatients(q: URLSearchParams): Patient[] {
  return patients.filter(
    (p) =>
      (!q.has('identifier') || tokenMatches(p.identifier, q.get('identifier')!)) &&
      (!q.has('family') || familyMatches(p, q.get('family')!)) &&
      (!q.has('birthdate') || p.birthDate === q.get('birthdate')) &&
      (!q.has('_id') || p.id === q.get('_id')),
  );
}

function searchAppointments(q: URLSearchParams): Appointment[] {
  const patient = q.get('patient');
  if (!patient) throw new FhirError(400, 'required', 'This server needs the patient parameter for Appointment searches.');
  const ref = patient.includes('/') ? patient : `Patient/${patient}`;
  const found = appointments.filter((a) => a.participant.some((p) => p.actor?.reference === ref));
  const sort = q.get('_sort');
  if (sort === '-date') found.sort((a, b) => (b.start ?? '').localeCompare(a.start ?? ''));
  return found;
}

function included(matches: FhirResource[], q: URLSearchParams): FhirResource[] {
  const wanted = new Set([...q.getAll('_include'), ...q.getAll('_include:iterate')]);
  const refs: (Reference | undefined)[] = [];
  for (const m of matches) {
    if (m.resourceType === 'Patient' && wanted.has('Patient:general-practitioner')) refs.push(...(m.generalPractitioner ?? []));
    if (m.resourceType === 'Appointment' && wanted.has('Appointment:actor')) refs.push(...m.participant.map((p) => p.actor));
    if (m.resourceType === 'Appointment' && wanted.has('Appointment:based-on')) refs.push(...(m.basedOn ?? []));
  }
  const first = refs.map((r) => (r?.reference ? byKey.get(r.reference) : undefined)).filter((r): r is FhirResource => !!r);
  const iterated = wanted.has('ServiceRequest:requester')
    ? first.flatMap((r) => (r.resourceType === 'ServiceRequest' && r.requester?.reference ? [byKey.get(r.requester.reference)] : []))
    : [];
  const out = new Map<string, FhirResource>();
  for (const r of [...first, ...iterated]) if (r) out.set(`${r.resourceType}/${r.id}`, r);
  return [...out.values()];
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  accept: string | undefined;
}

export type FhirFailure = null | { status: number } | 'not-fhir' | 'hang';

export async function startFhirServer(opts: { token?: string } = {}) {
  const requests: RecordedRequest[] = [];
  const state: { failure: FhirFailure } = { failure: null };
  const hanging = new Set<http.ServerResponse>();

  const send = (res: http.ServerResponse, status: number, body: FhirResource, extra: Record<string, string> = {}) => {
    res.writeHead(status, { 'Content-Type': 'application/fhir+json; charset=utf-8', ...extra });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fhir.test');
    requests.push({
      method: req.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      authorization: req.headers.authorization,
      accept: req.headers.accept,
    });
    try {
      if (state.failure === 'hang') {
        hanging.add(res);
        return;
      }
      if (state.failure === 'not-fhir') {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        res.end('<html><body>Proxy login page</body></html>');
        return;
      }
      if (state.failure) throw new FhirError(state.failure.status, 'exception', 'The server is unwell.');
      if (opts.token && req.headers.authorization !== `Bearer ${opts.token}`) {
        return send(res, 401, outcome('login', 'A valid bearer token is required.'), { 'WWW-Authenticate': 'Bearer' });
      }
      if (req.method !== 'GET') throw new FhirError(405, 'not-supported', 'Only search is supported.');
      const match = /^\/fhir\/(Patient|Appointment)$/.exec(url.pathname);
      if (!match) throw new FhirError(404, 'not-found', 'Unknown resource type.');
      const type = match[1]!;
      for (const key of url.searchParams.keys()) {
        if (!SUPPORTED[type]!.includes(key)) throw new FhirError(400, 'not-supported', `Unknown search parameter "${key}".`);
      }
      for (const inc of [...url.searchParams.getAll('_include'), ...url.searchParams.getAll('_include:iterate')]) {
        if (!INCLUDES[type]!.includes(inc)) throw new FhirError(400, 'not-supported', `Unsupported _include "${inc}".`);
      }
      const matches: FhirResource[] = type === 'Patient' ? searchPatients(url.searchParams) : searchAppointments(url.searchParams);
      const count = Number(url.searchParams.get('_count') ?? 100);
      const page = matches.slice(0, count);
      const base = `http://${req.headers.host}/fhir`;
      const entry: BundleEntry<FhirResource>[] = [
        ...page.map((r) => ({ fullUrl: `${base}/${r.resourceType}/${r.id}`, resource: r, search: { mode: 'match' as const } })),
        ...included(page, url.searchParams).map((r) => ({
          fullUrl: `${base}/${r.resourceType}/${r.id}`,
          resource: r,
          search: { mode: 'include' as const },
        })),
      ];
      const bundle: Bundle<FhirResource> = {
        resourceType: 'Bundle',
        type: 'searchset',
        total: matches.length,
        link: [{ relation: 'self', url: `${base}${url.pathname.slice('/fhir'.length)}${url.search}` }],
        entry,
      };
      send(res, 200, bundle);
    } catch (err) {
      const e = err instanceof FhirError ? err : new FhirError(500, 'exception', 'Unexpected failure.');
      send(res, e.status, outcome(e.code, e.message));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/fhir`,
    requests,
    /** What the next requests meet: an error status (with an OperationOutcome), an HTML page, silence, or nothing wrong. */
    fail(failure: FhirFailure) {
      state.failure = failure;
      for (const res of hanging) res.destroy();
      hanging.clear();
    },
    /** Stops listening (callers meet a refused connection) until `up`; the address stays the same. */
    async down() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async up() {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FhirTestServer = Awaited<ReturnType<typeof startFhirServer>>;
