import { randomUUID } from 'node:crypto';

/** A valid `POST /api/dictation` body for an upload, with any field overridden. */
export function finaliseBody(uploadId: string, bytes: number, departmentId: number, over: Record<string, unknown> = {}) {
  return {
    client_id: randomUUID(),
    upload_id: uploadId,
    original_filename: 'ward-round.webm',
    mime_type: 'audio/webm;codecs=opus',
    byte_size: bytes,
    status: 'READY_FOR_TYPING',
    department_id: departmentId,
    urgent: 'HIGH',
    patient: { patient_first_name: 'Ada', patient_last_name: 'Lovelace', patient_nhs_id: '943 476 5919' },
    ...over,
  };
}
