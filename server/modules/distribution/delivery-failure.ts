/**
 * What went wrong with one try of a delivery, in words for the delivery log: transient (try again with
 * backoff), permanent (stop, the delivery has failed) or not configured (a GP copy goes to print). The
 * words never hold the letter, the patient's details or the recipient's address.
 */
import { MESSAGES } from '../../../src/domain/messages';
import { FhirDocumentInputError } from '../../adapters/fhir-document';
import { GpDeliveryError } from '../../adapters/gp-delivery';
import { LetterRenderError } from '../documents/render-error';

export type FailureKind = 'transient' | 'permanent' | 'not_configured';

export class DeliveryFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'DeliveryFailure';
  }
}

const ENHANCED = /\b[245]\.\d{1,3}\.\d{1,3}\b/;
const NETWORK = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETLS', 'EPROTOCOL']);

/** A nodemailer error (SMTP reply code, enhanced status code, command) as a delivery failure. */
export function smtpFailure(err: unknown): DeliveryFailure {
  const e = (err ?? {}) as { responseCode?: number; response?: string; code?: string; command?: string };
  const enhanced = ENHANCED.exec(e.response ?? '')?.[0];
  const code = [e.responseCode, enhanced].filter(Boolean).join(' ');
  if (typeof e.responseCode === 'number' && e.responseCode >= 500) {
    const forAddress = /RCPT/i.test(e.command ?? '') || /^5\.1\./.test(enhanced ?? '');
    return new DeliveryFailure('permanent', forAddress ? MESSAGES.emailAddressRefused(code) : MESSAGES.emailRefused(code));
  }
  if (typeof e.responseCode === 'number' && e.responseCode >= 400) return new DeliveryFailure('transient', MESSAGES.emailRefused(code));
  if (e.code === 'EENVELOPE') return new DeliveryFailure('permanent', 'The e-mail address is not one a mail server can deliver to.');
  if (e.code === 'EAUTH') return new DeliveryFailure('transient', 'The mail server did not accept this server’s sign-in (check SMTP_URL).');
  if (e.code && NETWORK.has(e.code)) return new DeliveryFailure('transient', MESSAGES.emailUnreachable);
  return new DeliveryFailure('transient', 'The e-mail could not be sent.');
}

/** A GP delivery adapter's or FHIR builder's error as a delivery failure. */
export function gpFailure(err: unknown): DeliveryFailure {
  if (err instanceof GpDeliveryError) return new DeliveryFailure(err.kind, err.reason);
  if (err instanceof FhirDocumentInputError)
    return new DeliveryFailure('permanent', `The letter could not be made into a GP document: ${err.message}`);
  return new DeliveryFailure('transient', 'The letter could not be sent to the GP practice.');
}

/**
 * A letter that could not be laid out (issue 22 point 3): for good when the letter itself is the reason
 * (it breaks the letter bounds, or its layout ran over the limits), else worth another try later.
 */
export function renderFailure(err: unknown): DeliveryFailure {
  if (err instanceof LetterRenderError) return new DeliveryFailure(err.permanent ? 'permanent' : 'transient', err.message);
  return new DeliveryFailure('transient', 'The letter could not be made into a PDF this time.');
}
