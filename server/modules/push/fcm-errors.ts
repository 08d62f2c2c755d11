import type { PushOutcome } from './transport';

const FCM_ERROR_TYPE = 'type.googleapis.com/google.firebase.fcm.v1.FcmError';
const BAD_REQUEST_TYPE = 'type.googleapis.com/google.rpc.BadRequest';

export interface FcmErrorInfo {
  /** FcmError.errorCode: UNREGISTERED, INVALID_ARGUMENT, SENDER_ID_MISMATCH, QUOTA_EXCEEDED, … */
  errorCode?: string;
  /** google.rpc.Status.status: NOT_FOUND, INVALID_ARGUMENT, UNAUTHENTICATED, … */
  status?: string;
  /** Fields a google.rpc.BadRequest names (a fault in our message, not in the token). */
  badFields: string[];
}

interface Detail {
  '@type'?: unknown;
  errorCode?: unknown;
  fieldViolations?: { field?: unknown }[];
}

/** The FCM v1 error body (a google.rpc.Status under `error`), read defensively. */
export function readFcmError(body: unknown): FcmErrorInfo {
  const error = (body as { error?: { status?: unknown; details?: unknown } } | null)?.error;
  const details = Array.isArray(error?.details) ? (error.details as Detail[]) : [];
  const fcm = details.find((d) => d['@type'] === FCM_ERROR_TYPE);
  const badFields = details
    .filter((d) => d['@type'] === BAD_REQUEST_TYPE)
    .flatMap((d) => (Array.isArray(d.fieldViolations) ? d.fieldViolations : []))
    .map((v) => String(v.field ?? ''));
  return {
    errorCode: typeof fcm?.errorCode === 'string' ? fcm.errorCode : undefined,
    status: typeof error?.status === 'string' ? error.status : undefined,
    badFields,
  };
}

/**
 * What an FCM v1 error means for the device (Firebase "FCM error codes" and "Manage registration
 * tokens"): UNREGISTERED, SENDER_ID_MISMATCH and an INVALID_ARGUMENT about the token itself mean the
 * token will never work again, so it is deleted; only on FCM's own error detail, because a wrong
 * project or a fault in our message (a BadRequest naming another field) also answers 404/400 and must
 * not empty the device table. QUOTA_EXCEEDED (429), UNAVAILABLE and INTERNAL (5xx) are retried after
 * the Retry-After FCM sends. Anything else is a failure kept in the log by code.
 */
export function outcomeOfFcmError(httpStatus: number, info: FcmErrorInfo, retryAfterMs: number | null): PushOutcome {
  const code = info.errorCode;
  if (code === 'UNREGISTERED' || code === 'SENDER_ID_MISMATCH') return { kind: 'gone' };
  if (code === 'INVALID_ARGUMENT' && info.badFields.every((f) => f === 'message.token')) return { kind: 'gone' };
  if (httpStatus === 429 || httpStatus >= 500) {
    return {
      kind: 'retry',
      reason: `${httpStatus} ${code ?? info.status ?? ''}`.trim(),
      ...(retryAfterMs !== null ? { retryAfterMs } : {}),
    };
  }
  return { kind: 'failed', reason: `${httpStatus} ${code ?? info.status ?? ''}`.trim() };
}
