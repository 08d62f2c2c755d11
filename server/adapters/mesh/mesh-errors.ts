/**
 * Turning a MESH answer (or no answer) into a GpDeliveryError a delivery job can act on: transient
 * (retry later) or permanent (list under failures with the reason). The reasons are plain words; they
 * never quote the request, the body we sent or a secret. MESH error codes and their meanings are from
 * mesh-api.yaml "Error codes" and the endpoint lookup guide (EPL-15x).
 */
import { GpDeliveryError } from '../gp-delivery';

const CODE_MEANING: Record<string, string> = {
  '02': 'the message data was missing',
  '06': 'the message headers were malformed',
  '07': 'the sending mailbox does not match our credentials',
  '08': 'no recipient mailbox was given',
  '11': 'the message type is not allowed',
  '12': 'the recipient mailbox is not registered with MESH',
  '14': 'the recipient did not collect the message',
  '16': 'our mailbox is not allowed to send messages of this type',
  '17': 'the workflow is not registered for the mailbox',
  'EPL-150': 'more than one mailbox matched the GP practice',
  'EPL-151': 'no mailbox matched the GP practice',
  'EPL-152': 'the NHS number is not valid',
  'EPL-153': 'the NHS number was not found',
  'EPL-154': 'the NHS number does not match the patient details',
};

export function meshCodeMeaning(code: string | undefined): string | undefined {
  return code ? CODE_MEANING[code] : undefined;
}

/** The error code and description of a MESH error body, v2 (`detail[]`) or v1 (`errorCode`). */
export function meshErrorDetail(body: unknown): { code?: string; description?: string } {
  if (!body || typeof body !== 'object') return {};
  const b = body as { detail?: unknown; errorCode?: unknown; errorDescription?: unknown };
  if (Array.isArray(b.detail) && b.detail.length) {
    const d = b.detail[0] as { code?: unknown; msg?: unknown };
    return {
      ...(typeof d.code === 'string' && d.code ? { code: d.code } : {}),
      ...(typeof d.msg === 'string' && d.msg ? { description: d.msg } : {}),
    };
  }
  if (typeof b.detail === 'string') return { description: b.detail };
  return {
    ...(typeof b.errorCode === 'string' && b.errorCode ? { code: b.errorCode } : {}),
    ...(typeof b.errorDescription === 'string' && b.errorDescription ? { description: b.errorDescription } : {}),
  };
}

/** Descriptions are the server's words; keep them short and printable. */
const clean = (s: string) => s.replace(/[^\x20-\x7E]/g, ' ').slice(0, 200);

export function meshHttpError(action: string, status: number, body: unknown): GpDeliveryError {
  const { code, description } = meshErrorDetail(body);
  if (status >= 500 || status === 429 || status === 408) {
    return new GpDeliveryError('transient', `MESH was unavailable while ${action} (HTTP ${status}); it will be tried again.`, status, code);
  }
  if (status === 401 || status === 403) {
    return new GpDeliveryError(
      'permanent',
      `MESH refused our credentials while ${action} (HTTP ${status}): check the MESH mailbox id, password and shared key.`,
      status,
      code,
    );
  }
  const meaning = meshCodeMeaning(code) ?? (description ? clean(description) : undefined);
  const why = meaning ? `: ${meaning}` : '';
  const codeText = code ? ` (MESH error ${code})` : '';
  return new GpDeliveryError('permanent', `MESH rejected the request while ${action}${why}${codeText}, HTTP ${status}.`, status, code);
}

const TLS_CODES = new Set([
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'ERR_SSL_SSLV3_ALERT_CERTIFICATE_REQUIRED',
  'ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED',
  'ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE',
  'ERR_SSL_TLSV1_ALERT_UNKNOWN_CA',
]);

/** No answer: a timeout or a network failure is transient; a certificate problem is configuration. */
export function meshNetworkError(action: string, err: unknown): GpDeliveryError {
  if (err instanceof GpDeliveryError) return err;
  const e = err as { code?: unknown; name?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : undefined;
  if (e?.name === 'TimeoutError' || code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT') {
    return new GpDeliveryError('transient', `MESH did not answer in time while ${action}; it will be tried again.`);
  }
  if (code && (TLS_CODES.has(code) || code.startsWith('ERR_SSL') || code.startsWith('ERR_TLS'))) {
    return new GpDeliveryError(
      'permanent',
      `The secure connection to MESH failed while ${action} (${code}): check the MESH client certificate, key and CA certificate.`,
    );
  }
  return new GpDeliveryError('transient', `MESH could not be reached while ${action}${code ? ` (${code})` : ''}; it will be tried again.`);
}
