/**
 * Reading a MESH tracking answer (GET /messageexchange/{mailbox}/outbox/tracking?messageID=, mesh-api.yaml
 * "Track outbox", v2 fields) as a GP delivery's state. The statuses are the MESH server's message states
 * (mesh-sandbox models/message.py): uploading, accepted (in the recipient's inbox), acknowledged (the
 * recipient downloaded and acknowledged it), undeliverable and error (MESH gave up: not collected within
 * five days — error code 14 —, mailbox deactivated …). The specification's own examples write
 * `status_timestamp` as ISO without a zone ("2020-06-01T12:21:52") and `expiry_time` as yyyyMMddHHmmss
 * ("20200606122153"): both are read, as UTC.
 */
import type { GpTrackResult, GpTrackStatus } from '../gp-delivery';
import { meshCodeMeaning } from './mesh-errors';

export interface MeshTracking {
  message_id: string;
  local_id?: string | null;
  workflow_id?: string | null;
  recipient?: string | null;
  status?: string | null;
  status_success?: boolean | null;
  status_code?: string | null;
  status_description?: string | null;
  status_event?: string | null;
  status_timestamp?: string | null;
  expiry_time?: string | null;
  upload_timestamp?: string | null;
}

export const TRACKING_NOT_FOUND = 'MESH has no record of the message any more, so it cannot be confirmed that the GP practice received it.';

const KNOWN: readonly GpTrackStatus[] = ['uploading', 'accepted', 'acknowledged', 'undeliverable', 'error'];

/** A MESH timestamp (ISO with or without zone, or yyyyMMddHHmmss[SSS]) as a Date; null when absent or unreadable. */
export function meshTimestamp(value: string | null | undefined): Date | null {
  const v = (value ?? '').trim();
  if (!v) return null;
  const compact = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?(\d{3})?$/.exec(v);
  if (compact) {
    const [, y, mo, d, h, mi, s, ms] = compact;
    const date = new Date(Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, s ? +s : 0, ms ? +ms : 0));
    return Number.isNaN(date.getTime()) || date.getUTCMonth() !== +mo! - 1 ? null : date;
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v)) return null;
  // No zone given: MESH times are UTC.
  const date = new Date(/(Z|[+-]\d{2}:?\d{2})$/i.test(v) ? v : `${v}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Printable and short: the description is MESH's words and goes into the failures list. */
const clean = (s: string) =>
  s
    .replace(/[^\x20-\x7E]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);

/** The tracking answer in the adapter's terms: status, words for a person, and when the status last changed. */
export function readTracking(body: unknown): GpTrackResult {
  const t = (body && typeof body === 'object' ? body : {}) as Partial<MeshTracking>;
  const raw = typeof t.status === 'string' ? t.status.trim().toLowerCase() : '';
  const status: GpTrackStatus = (KNOWN as readonly string[]).includes(raw) ? (raw as GpTrackStatus) : 'unknown';
  const at = meshTimestamp(typeof t.status_timestamp === 'string' ? t.status_timestamp : null);
  const expiresAt = meshTimestamp(typeof t.expiry_time === 'string' ? t.expiry_time : null);
  const code = typeof t.status_code === 'string' && t.status_code && t.status_code !== '00' ? t.status_code : undefined;
  const description = typeof t.status_description === 'string' ? clean(t.status_description) : '';
  const words: Record<GpTrackStatus, string> = {
    uploading: 'Still being uploaded to MESH.',
    accepted: 'In the GP practice’s MESH inbox, not yet collected.',
    acknowledged: 'Collected and acknowledged by the GP practice.',
    undeliverable:
      code === '14'
        ? 'The GP practice did not collect the letter from MESH within five days, so MESH withdrew it.'
        : 'MESH could not deliver the letter to the GP practice.',
    error: 'MESH reported an error delivering the letter to the GP practice.',
    not_found: TRACKING_NOT_FOUND,
    unknown: `MESH reported the status “${clean(raw) || 'none'}”.`,
  };
  let detail = words[status];
  if (status === 'undeliverable' || status === 'error' || status === 'unknown') {
    // Code 14 of an undeliverable message is already said in words above.
    const explained = status === 'undeliverable' && code === '14';
    const meaning = explained ? '' : (meshCodeMeaning(code) ?? (/^success$/i.test(description) ? '' : description));
    const why = [meaning, code ? `MESH code ${code}` : ''].filter(Boolean).join(', ');
    if (why) detail = `${detail} (${why})`;
  }
  return { status, detail, ...(at ? { at } : {}), ...(expiresAt ? { expiresAt } : {}) };
}

/**
 * A MESH error report (a REPORT message in our inbox, mesh-api.yaml "Asynchronous error reporting") in the
 * same words as tracking: Mex-StatusCode 14 is "not collected within five days" (undeliverable), any other
 * code an error, with its meaning from the code table, else MESH's description. `mex` holds the report's
 * Mex-* headers by lower-case name without the prefix (MeshClient.download).
 */
export function readReport(mex: Record<string, string>): { messageId: string | null; localId: string | null; detail: string } {
  const code = (mex.statuscode ?? '').trim();
  const t = readTracking({
    status: code === '14' ? 'undeliverable' : 'error',
    status_code: code || null,
    status_description: mex.statusdescription ?? null,
  });
  const id = (v: string | undefined) => (v && v.trim() ? v.trim() : null);
  return { messageId: id(mex.linkedmsgid), localId: id(mex.localid), detail: t.detail };
}
