import type { FastifyBaseLogger } from 'fastify';
import type { AppointmentRecord, PatientRecord, PatientSearch } from '../../../src/domain/contract/patients';
import { createFhirIndex } from '../../adapters/fhir-patient-index';
import { PatientIndexUnavailable, type PatientIndex } from '../../adapters/patient-index';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { Errors, appError } from '../../lib/errors';
import { createEmbeddedIndex } from './embedded-index.repository';

export interface Caller {
  userId: number;
  trustId: number;
  ip: string;
}

const searchKind = (q: PatientSearch) => ('nhs_number' in q ? 'nhs_number' : 'mrn' in q ? 'mrn' : 'family_birthdate');

/**
 * Patient and appointment lookup for the caller's trust: the FHIR server when one is configured for
 * that trust, else the embedded index. Each answered lookup writes one audit line saying who looked
 * and how (never what was searched for); a remote failure is logged as a kind and status only.
 */
export function createPatientsService(db: Db, config: Config, log: FastifyBaseLogger) {
  const fhir = config.fhir ? createFhirIndex(config.fhir) : null;
  const fhirTrusts = config.fhir?.trustIds ?? null;
  if (fhir && /(^|,)\s*(\*|fhir-kit-client)/.test(process.env.DEBUG ?? '')) {
    log.warn('DEBUG enables fhir-kit-client logging, which writes patient searches to the log: unset it for fhir-kit-client.');
  }

  const indexFor = (trustId: number): { index: PatientIndex; provider: 'fhir' | 'embedded' } =>
    fhir && (!fhirTrusts || fhirTrusts.includes(trustId))
      ? { index: fhir, provider: 'fhir' }
      : { index: createEmbeddedIndex(db, trustId), provider: 'embedded' };

  async function answered<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (!(err instanceof PatientIndexUnavailable)) throw err;
      log.warn({ patient_index: err.kind, upstream_status: err.upstreamStatus }, 'the FHIR patient index did not answer');
      throw appError('patient_index_unavailable');
    }
  }

  return {
    async search(who: Caller, q: PatientSearch): Promise<PatientRecord[]> {
      const { index, provider } = indexFor(who.trustId);
      const found = await answered(() => index.searchPatients(q));
      await audit(db, {
        trustId: who.trustId,
        userId: who.userId,
        action: 'patients.search',
        details: { by: searchKind(q), provider, found: found.length },
        ip: who.ip,
      });
      return found;
    },

    /** The patient's appointments with the patient's names filled in; an unknown (or another trust's) patient is a 404. */
    async appointments(who: Caller, patientId: string): Promise<AppointmentRecord[]> {
      const { index, provider } = indexFor(who.trustId);
      const patient = await answered(() => index.getPatient(patientId));
      if (!patient) throw Errors.notFound();
      const list = await answered(() => index.listAppointments(patientId));
      await audit(db, {
        trustId: who.trustId,
        userId: who.userId,
        action: 'patients.appointments',
        entityType: 'patient',
        entityId: patientId,
        details: { provider, found: list.length },
        ip: who.ip,
      });
      return list.map((a) => ({
        ...a,
        patient_first_name: a.patient_first_name ?? patient.patient_first_name,
        patient_last_name: a.patient_last_name ?? patient.patient_last_name,
      }));
    },
  };
}
