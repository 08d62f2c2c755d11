/**
 * The patient index on a FHIR R4 server (FHIR_BASE_URL), through fhir-kit-client:
 *   Patient?identifier=https://fhir.nhs.uk/Id/nhs-number|<nhs>   Patient?identifier=[<mrn system>|]<mrn>
 *   Patient?family=<surname>&birthdate=<yyyy-mm-dd>                Patient?_id=<id>
 *   Appointment?patient=Patient/<id>
 * each with `_include` so the GP practice, the referrer and the clinic arrive in the same Bundle.
 * Every failure (unreachable, timeout, an error status, an answer that is not a Bundle) becomes
 * PatientIndexUnavailable, which carries no URL, query or body: those hold NHS numbers and names.
 */
import { Client, type SearchParams } from 'fhir-kit-client';
import type { Appointment, Patient } from 'fhir/r4';
import type { PatientRecord, PatientSearch } from '../../src/domain/contract/patients';
import { APPOINTMENT_LIMIT, PatientIndexUnavailable, SEARCH_LIMIT, type PatientIndex } from './patient-index';
import { appointmentFromFhir } from './fhir-appointment-mapping';
import { type BundleView, isBundle, NHS_NUMBER_SYSTEM, readBundle } from './fhir-bundle';
import { patientFromFhir } from './fhir-patient-mapping';

export interface FhirIndexConfig {
  baseUrl: string;
  token?: string;
  timeoutMs: number;
  mrnSystem?: string;
}

const PATIENT_INCLUDES = { _include: 'Patient:general-practitioner' };
const APPOINTMENT_INCLUDES = {
  _include: ['Appointment:actor', 'Appointment:based-on'],
  '_include:iterate': 'ServiceRequest:requester',
};

/** Why a call failed, in words fit for a log line: a kind and an HTTP status, nothing of the request. */
export function classifyFhirFailure(err: unknown): PatientIndexUnavailable {
  if (err instanceof PatientIndexUnavailable) return err;
  const e = err as { name?: string; response?: { status?: unknown }; cause?: { name?: string } } | null;
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError' || e?.cause?.name === 'TimeoutError') {
    return new PatientIndexUnavailable('timeout');
  }
  const status = typeof e?.response?.status === 'number' ? e.response.status : undefined;
  if (status !== undefined) return new PatientIndexUnavailable(status >= 200 && status < 300 ? 'bad_answer' : 'refused', status);
  if (err instanceof TypeError) return new PatientIndexUnavailable('unreachable');
  return new PatientIndexUnavailable('bad_answer');
}

export function createFhirIndex(cfg: FhirIndexConfig): PatientIndex {
  const client = new Client({ baseUrl: cfg.baseUrl, ...(cfg.token ? { bearerToken: cfg.token } : {}) });

  async function search(resourceType: 'Patient' | 'Appointment', searchParams: SearchParams): Promise<BundleView> {
    let answer: unknown;
    try {
      answer = await client.search({ resourceType, searchParams, options: { signal: AbortSignal.timeout(cfg.timeoutMs) } });
    } catch (err) {
      throw classifyFhirFailure(err);
    }
    if (!isBundle(answer)) throw new PatientIndexUnavailable('bad_answer');
    return readBundle(answer);
  }

  const patientsIn = (view: BundleView): PatientRecord[] =>
    view.matches
      .filter((r): r is Patient => r.resourceType === 'Patient' && !!r.id)
      .map((p) => patientFromFhir(p, view, { mrnSystem: cfg.mrnSystem }));

  return {
    async searchPatients(q: PatientSearch) {
      const params: SearchParams =
        'nhs_number' in q
          ? { identifier: `${NHS_NUMBER_SYSTEM}|${q.nhs_number}` }
          : 'mrn' in q
            ? { identifier: cfg.mrnSystem ? `${cfg.mrnSystem}|${q.mrn}` : q.mrn }
            : { family: q.family, birthdate: q.birthdate };
      const found = patientsIn(await search('Patient', { ...params, ...PATIENT_INCLUDES, _count: SEARCH_LIMIT }));
      return found
        .sort((a, b) => a.patient_last_name.localeCompare(b.patient_last_name) || a.patient_first_name.localeCompare(b.patient_first_name))
        .slice(0, SEARCH_LIMIT);
    },

    async getPatient(id: string) {
      const found = patientsIn(await search('Patient', { _id: id, ...PATIENT_INCLUDES }));
      return found.find((p) => p.id === id) ?? null;
    },

    async listAppointments(patientId: string) {
      const view = await search('Appointment', {
        patient: `Patient/${patientId}`,
        ...APPOINTMENT_INCLUDES,
        _sort: '-date',
        _count: APPOINTMENT_LIMIT,
      });
      return view.matches
        .filter((r): r is Appointment => r.resourceType === 'Appointment' && !!r.id)
        .map((a) => appointmentFromFhir(a, view, patientId))
        .sort((a, b) => (b.start ?? '').localeCompare(a.start ?? ''))
        .slice(0, APPOINTMENT_LIMIT);
    },
  };
}
