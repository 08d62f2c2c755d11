/** Looking up patients and their appointments in the patient index, and the trust's outsourcing pools. */
import { RULES } from '../../access';
import { endpoint } from '../endpoint';
import { outsourcingPoolsSchema } from '../outsourcing';
import { appointmentListSchema, patientIdParamSchema, patientListSchema, patientSearchQuerySchema } from '../patients';

export const patientsEndpoints = {
  patients: endpoint({
    method: 'GET',
    path: '/api/patients',
    rule: RULES.dictation,
    query: patientSearchQuerySchema,
    response: patientListSchema,
  }),
  patientAppointments: endpoint({
    method: 'GET',
    path: '/api/patients/:id/appointments',
    rule: RULES.dictation,
    params: patientIdParamSchema,
    response: appointmentListSchema,
  }),
  /** The "Outsource to…" picker (allocating to a pool is POST /api/dictation/allocate). */
  outsourcingPools: endpoint({ method: 'GET', path: '/api/outsourcing/pools', rule: RULES.outsource, response: outsourcingPoolsSchema }),
};
