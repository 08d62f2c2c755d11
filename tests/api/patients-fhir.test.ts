import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import type { AppointmentRecord, PatientRecord } from '../../src/domain/contract/patients';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { FHIR_PATIENT_NHS, MRN_SYSTEM, NHS, startFhirServer, type FhirTestServer } from './fhir-server';
import { startTestApp, type TestApp } from './harness';
import { seededDatabase } from './test-database';

/** The FHIR R4 provider (FHIR_BASE_URL set) against the in-test FHIR server. */
const TOKEN = 'fhir-test-token';
let fhir: FhirTestServer;
let t: TestApp;
let secretary = '';

beforeAll(async () => {
  fhir = await startFhirServer({ token: TOKEN });
  t = await startTestApp({ FHIR_BASE_URL: fhir.baseUrl, FHIR_TOKEN: TOKEN, FHIR_MRN_SYSTEM: MRN_SYSTEM, FHIR_TIMEOUT_SECONDS: '1' });
  secretary = await t.login('secretary@wardnote.test');
});
afterAll(async () => {
  await t.close();
  await fhir.close();
});
beforeEach(() => {
  fhir.fail(null);
  fhir.requests.length = 0;
});

const search = (query: string) => t.call('GET', `/api/patients?${query}`, { token: secretary });
const appointmentsOf = (id: string) => t.call('GET', `/api/patients/${id}/appointments`, { token: secretary });

describe('patients from a FHIR R4 server', () => {
  it('finds by NHS number: Patient?identifier=<nhs system>|<number>, bearer token sent, GP practice and next of kin mapped', async () => {
    const res = await search(`nhs_number=${FHIR_PATIENT_NHS}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: PatientRecord[] }>().data).toEqual([
      {
        id: 'pat-1',
        patient_first_name: 'Eleanor',
        patient_last_name: 'Hughes',
        patient_mrn_id: 'DT0012345',
        patient_nhs_id: FHIR_PATIENT_NHS,
        patient_birthdate: '1948-07-21',
        patient_gender: 'female',
        email: 'eleanor.hughes@example.org',
        address: { lines: ['14 Mill Lane', 'Demoton'], post_code: 'DM1 2AB' },
        gp: {
          code: 'A99001',
          name: 'Dr Helen Marsh',
          practice: 'Riverside Medical Centre',
          address: { lines: ['1 Riverside Walk', 'Demoton'], post_code: 'DM1 4RW' },
        },
        next_of_kin: [
          { name: 'Sarah Hughes', relationship: 'Daughter' },
          { name: 'Pat Neighbour', relationship: 'Emergency Contact' },
        ],
      },
    ]);
    const [req] = fhir.requests;
    expect(req!.path).toBe('/fhir/Patient');
    expect(req!.query.get('identifier')).toBe(`${NHS}|${FHIR_PATIENT_NHS}`);
    expect(req!.query.get('_include')).toBe('Patient:general-practitioner');
    expect(req!.authorization).toBe(`Bearer ${TOKEN}`);
    expect(req!.accept).toContain('application/fhir+json');
  });

  it('finds by surname and date of birth: Patient?family=&birthdate=, GP from an identifier-only reference', async () => {
    const res = await search('family=Hughes&birthdate=1948-07-21');
    expect(res.statusCode).toBe(200);
    const list = res.json<{ data: PatientRecord[] }>().data;
    expect(list.map((p) => `${p.patient_first_name} ${p.patient_last_name}`)).toEqual(['Eleanor Hughes', 'Robert Hughes']);
    expect(list[1]!.gp).toEqual({ code: 'A99002', name: null, practice: 'Elm Tree Surgery', address: null });
    const q = fhir.requests[0]!.query;
    expect([q.get('family'), q.get('birthdate')]).toEqual(['Hughes', '1948-07-21']);
  });

  it('finds by hospital number in the configured MRN system; a year-only birth date is left empty', async () => {
    const res = await search('mrn=DT0099999');
    const [p] = res.json<{ data: PatientRecord[] }>().data;
    expect(p).toMatchObject({ id: 'pat-3', patient_nhs_id: null, patient_birthdate: null, patient_mrn_id: 'DT0099999', gp: null });
    expect(fhir.requests[0]!.query.get('identifier')).toBe(`${MRN_SYSTEM}|DT0099999`);
  });

  it('lists appointments: Appointment?patient=Patient/<id>, types, statuses, referrer, clinic and the patient’s names mapped', async () => {
    const res = await appointmentsOf('pat-1');
    expect(res.statusCode).toBe(200);
    const list = res.json<{ data: AppointmentRecord[] }>().data;
    const names = { patient_id: 'pat-1', patient_first_name: 'Eleanor', patient_last_name: 'Hughes' };
    expect(list).toEqual([
      {
        id: 'appt-1',
        ...names,
        patient_referrer_code: 'G9900011',
        patient_referrer_first_name: 'Helen',
        patient_referrer_last_name: 'Marsh',
        type: 'Followup',
        status: 'Booked',
        start: '2031-03-04T10:30:00.000Z',
        clinic_code: 'CAR-OP1',
      },
      {
        id: 'appt-2',
        ...names,
        patient_referrer_code: '7990011',
        patient_referrer_first_name: 'Rachel',
        patient_referrer_last_name: 'Okafor',
        type: 'Checkup',
        status: 'Fulfilled',
        start: '2030-11-20T09:00:00.000Z',
        clinic_code: null,
      },
      {
        id: 'appt-3',
        ...names,
        patient_referrer_code: null,
        patient_referrer_first_name: null,
        patient_referrer_last_name: null,
        type: 'Walkin',
        status: 'Noshow',
        start: '2030-06-01T13:00:00.000Z',
        clinic_code: 'WALKIN-1',
      },
      {
        id: 'appt-4',
        ...names,
        patient_referrer_code: null,
        patient_referrer_first_name: null,
        patient_referrer_last_name: null,
        type: null,
        status: 'Entered-in-error',
        start: null,
        clinic_code: null,
      },
    ]);
    const appointmentCall = fhir.requests.find((r) => r.path === '/fhir/Appointment')!;
    expect(appointmentCall.query.get('patient')).toBe('Patient/pat-1');
    expect(appointmentCall.query.getAll('_include')).toEqual(['Appointment:actor', 'Appointment:based-on']);
  });

  it('a patient the server does not know has no appointments to list (404)', async () => {
    expect((await appointmentsOf('nobody')).statusCode).toBe(404);
  });

  it.each([
    ['an error status with an OperationOutcome', { status: 500 }],
    ['the server refusing the token', { status: 401 }],
    ['a page that is not FHIR', 'not-fhir' as const],
    ['no answer within the timeout', 'hang' as const],
  ])('%s becomes the clear message (502), never internals', async (_label, failure) => {
    fhir.fail(failure);
    for (const res of [await search(`nhs_number=${FHIR_PATIENT_NHS}`), await appointmentsOf('pat-1')]) {
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ message: MESSAGES.patientIndexUnavailable, code: 'patient_index_unavailable' });
    }
  });
});

describe('a FHIR server that cannot be used', () => {
  it('one that is down gives the clear message, and lookups work again once it is back', async () => {
    await fhir.down();
    try {
      const res = await search(`nhs_number=${FHIR_PATIENT_NHS}`);
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(MESSAGES.patientIndexUnavailable);
    } finally {
      await fhir.up();
    }
    expect((await search(`nhs_number=${FHIR_PATIENT_NHS}`)).statusCode).toBe(200);
  });

  it('FHIR_TRUST_IDS keeps other trusts on their embedded index', async () => {
    const app = await startTestApp({ FHIR_BASE_URL: fhir.baseUrl, FHIR_TOKEN: TOKEN, FHIR_TRUST_IDS: '999' });
    try {
      const token = await app.login('author@wardnote.test');
      const res = await app.call('GET', `/api/patients?nhs_number=${FHIR_PATIENT_NHS}`, { token });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([]);
      expect(fhir.requests).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe('the log', () => {
  let app: FastifyInstance;
  const lines: string[] = [];
  let close = async () => {};

  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (d: Buffer) => lines.push(d.toString()));
    const database = await seededDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'wardnote-fhir-log-'));
    const config = loadConfig({
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      FHIR_BASE_URL: fhir.baseUrl,
      FHIR_TOKEN: TOKEN,
      FHIR_TIMEOUT_SECONDS: '1',
    });
    app = await buildApp({ config, db: database.db, serveClient: false, logStream: stream });
    await app.ready();
    close = async () => {
      await app.close();
      await database.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(() => close());

  it('keeps no patient data or token, whether the server answers or fails', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'secretary@wardnote.test', password: DEMO_PASSWORD },
    });
    const token = login.json<{ access_token: string }>().access_token;
    const get = (url: string) => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect((await get(`/api/patients?nhs_number=${FHIR_PATIENT_NHS}`)).statusCode).toBe(200);
    expect((await get('/api/patients?family=Hughes&birthdate=1948-07-21')).statusCode).toBe(200);
    expect((await get('/api/patients/pat-1/appointments')).statusCode).toBe(200);
    fhir.fail({ status: 500 });
    expect((await get(`/api/patients?nhs_number=${FHIR_PATIENT_NHS}`)).statusCode).toBe(502);
    fhir.fail('hang');
    expect((await get('/api/patients?family=Hughes&birthdate=1948-07-21')).statusCode).toBe(502);
    fhir.fail(null);
    const log = lines.join('');
    expect(log).toContain('the FHIR patient index did not answer');
    for (const secret of [FHIR_PATIENT_NHS, 'Hughes', '1948-07-21', 'Eleanor', TOKEN, 'nhs-number']) expect(log).not.toContain(secret);
  });
});
