import type { PatientRecord } from '../../../domain/contract';
import { E } from '../../../domain/contract/endpoints';
import type { identifyingNumber } from '../../../domain/patient-identity';
import { apiCall } from '../../../lib/api/client';

/**
 * The index's patient of this number, or null when there is none, or it cannot be asked now (the server
 * checks again). Asked afresh each time and never cached: the wrong-patient check needs the index as it is.
 */
export async function recordOf(number: NonNullable<ReturnType<typeof identifyingNumber>>): Promise<PatientRecord | null> {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return null;
  try {
    const { data } = await apiCall(E.patients, {
      query: number.kind === 'nhs' ? { nhs_number: number.value } : { mrn: number.value },
      quiet: true,
    });
    return data.length === 1 ? data[0]! : null;
  } catch {
    return null;
  }
}
