/**
 * Sending a letter to the patient's GP practice electronically (issue 13, Distribution → GP electronic).
 * The delivery job calls `sendDocument` with a FHIR document Bundle (fhir-document.ts) and keeps the
 * message id; later it calls `track` until the practice has acknowledged the message or it failed.
 *
 * Failures are GpDeliveryError with a kind the job acts on:
 *   transient       try again later with backoff (network, timeout, MESH 5xx / 429)
 *   permanent       stop and list under failures with `reason` (MESH refused: unknown recipient,
 *                   workflow not allowed, bad credentials …)
 *   not_configured  no electronic route at all: the job sends the GP copy to the print queue and the
 *                   UI shows `reason`.
 * `reason` is plain words for a person; it never holds the NHS number, the bundle or a secret.
 */

export interface GpDocument {
  /** The GP practice's ODS code (e.g. A81001); the recipient mailbox is looked up from it. */
  odsCode: string;
  /** The patient's NHS number, ten digits. Used for routing checks only; never logged. */
  nhsNumber: string;
  /** The FHIR document Bundle as serialised JSON (application/fhir+json). */
  bundle: Buffer;
  /** Our reference for the message (e.g. the delivery id): must not contain patient data. */
  localId: string;
  /** A short subject such as "Clinic letter": must not contain patient data. */
  subject: string;
}

export interface GpSendResult {
  /** The transport's id for the message (MESH message_id), kept in the delivery log. */
  messageId: string;
  /** The mailbox the message was addressed to, for the delivery log. */
  recipient?: string;
}

export type GpTrackStatus =
  /** Still being uploaded (a chunked message not complete). */
  | 'uploading'
  /** In the recipient's inbox, not yet downloaded. */
  | 'accepted'
  /** The recipient downloaded and acknowledged it: delivered. */
  | 'acknowledged'
  /** Not delivered (expired uncollected, recipient gone, routing error). */
  | 'undeliverable'
  | 'error'
  /** The transport has no record of the message (never ours, or deleted 30 days after delivery). */
  | 'not_found'
  /** The transport answered with a state this adapter does not know. */
  | 'unknown';

export interface GpTrackResult {
  status: GpTrackStatus;
  /** Plain words, e.g. the transport's status description; no patient data. */
  detail: string;
  /** When the status last changed, as the transport says (e.g. when the practice acknowledged it). */
  at?: Date;
  /** When an uncollected message leaves the recipient's inbox. */
  expiresAt?: Date;
}

/**
 * A report from the transport that a message we sent could not be delivered (a MESH REPORT message in our
 * own inbox: not collected in time, recipient mailbox gone …).
 */
export interface GpReport {
  /** The report's own id: acknowledged once it has been acted on, so it is not read again. */
  id: string;
  /** The message it is about (the MESH message id we kept), when the report says. */
  messageId: string | null;
  /** Our local id of that message (GpDocument.localId), when the report says. */
  localId: string | null;
  /** Plain words: why the message was not delivered. No patient data. */
  detail: string;
}

export interface GpInbox {
  reports: GpReport[];
  /** Messages in our inbox that are not delivery reports: left alone, only counted. */
  others: number;
}

export interface GpDelivery {
  /** Whether this adapter can actually send (false for notConfigured). */
  readonly configured: boolean;
  /** Why it cannot send, in words for the UI; null when configured. */
  readonly notConfiguredReason: string | null;
  /** How often the tracking job runs, and the first wait after sending (each copy's backoff starts here). */
  readonly trackingIntervalMs: number;
  sendDocument(doc: GpDocument): Promise<GpSendResult>;
  track(messageId: string): Promise<GpTrackResult>;
  /** The delivery reports waiting in our inbox (other messages are not consumed). */
  readReports(): Promise<GpInbox>;
  /** Removes a report from our inbox once it has been acted on. */
  acknowledgeReport(id: string): Promise<void>;
}

export type GpDeliveryErrorKind = 'transient' | 'permanent' | 'not_configured';

export class GpDeliveryError extends Error {
  constructor(
    readonly kind: GpDeliveryErrorKind,
    /** Plain words for a person and for the failures list. */
    readonly reason: string,
    /** The HTTP status, when the transport answered. */
    readonly status?: number,
    /** The transport's own error code (MESH "12", "17", "EPL-151" …), when it gave one. */
    readonly code?: string,
  ) {
    super(reason);
    this.name = 'GpDeliveryError';
  }

  get retryable(): boolean {
    return this.kind === 'transient';
  }
}

/** The default tracking interval: the MESH specification asks for an inbox poll at most every 5 minutes. */
export const GP_TRACKING_INTERVAL_MS = 5 * 60_000;

export const GP_DELIVERY_NOT_CONFIGURED =
  'Electronic delivery to GP practices is not set up on this server (no MESH mailbox is configured), so GP copies are printed and posted instead.';

/** The adapter when no MESH mailbox is configured: every send fails as not_configured with the reason. */
export function notConfiguredGpDelivery(reason: string = GP_DELIVERY_NOT_CONFIGURED): GpDelivery {
  const fail = () => Promise.reject(new GpDeliveryError('not_configured', reason));
  return {
    configured: false,
    notConfiguredReason: reason,
    trackingIntervalMs: GP_TRACKING_INTERVAL_MS,
    sendDocument: fail,
    track: fail,
    readReports: fail,
    acknowledgeReport: fail,
  };
}
