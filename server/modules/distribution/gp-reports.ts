/**
 * MESH delivery error reports (issue 13): when MESH cannot deliver a message after accepting it (the
 * practice did not collect it within five days, its mailbox went …) it puts a REPORT message in the
 * SENDER's inbox (mesh-api.yaml "Asynchronous error reporting": Mex-LinkedMsgID the undelivered message,
 * Mex-LocalID our reference, Mex-StatusCode / Mex-StatusDescription why). Each tracking run reads them first:
 *   report for one of our GP copies still `sent` → failed with MESH's reason in words, into the failures
 *                                                  list (Resend / change channel), the typist told
 *   report for a message we do not hold, a copy
 *   no longer waiting, or whose local id is not
 *   that copy's                                   → nothing changes
 * and every report is acknowledged once acted on, so it is not read again. The copy is matched by the
 * MESH message id and, when the report gives it, our local id (the delivery id) too: a report never
 * touches a copy it does not name, whichever trust it belongs to. Other messages in our inbox are left
 * there, counted in the log, never their content.
 */
import { GpDeliveryError, type GpInbox } from '../../adapters/gp-delivery';
import { gpCopiesByMessageId, updateIfStillSent } from './deliveries.repository';
import type { GpTrackingDeps } from './gp-tracking';
import { deliveryLocalId } from './send-letter';

export interface GpReportsOutcome {
  /** Reports read and acknowledged. */
  read: number;
  /** GP copies failed by a report. */
  failed: number;
  /** Messages in our inbox that are not reports, left alone. */
  others: number;
}

const why = (err: unknown) => (err instanceof GpDeliveryError ? err.reason : 'unexpected error');

export async function readGpReports(deps: GpTrackingDeps): Promise<GpReportsOutcome> {
  const { db, gp, log } = deps;
  const outcome: GpReportsOutcome = { read: 0, failed: 0, others: 0 };
  if (!gp.configured) return outcome;
  let inbox: GpInbox;
  try {
    inbox = await gp.readReports();
  } catch (err) {
    log.warn({ reason: why(err) }, 'MESH inbox could not be read');
    return outcome;
  }
  outcome.others = inbox.others;
  if (inbox.others) log.info({ count: inbox.others }, 'MESH inbox: messages that are not delivery reports left alone');
  for (const report of inbox.reports) {
    const rows = report.messageId ? await gpCopiesByMessageId(db, report.messageId) : [];
    const row = rows.find((r) => !report.localId || report.localId === deliveryLocalId(r.id));
    if (row?.status === 'sent') {
      const now = deps.now?.() ?? new Date();
      // Claimed here so a tracking run at the same time does not fail it a second time.
      const claimed = await updateIfStillSent(db, row.id, { nextCheckAt: null, updatedAt: now });
      if (claimed) {
        await deps.failed(row, report.detail);
        outcome.failed++;
      }
    }
    try {
      await gp.acknowledgeReport(report.id);
      outcome.read++;
    } catch (err) {
      // Read again next run; the copy has already failed, so it is not failed twice.
      log.warn({ reason: why(err) }, 'MESH report could not be acknowledged');
      break;
    }
  }
  if (inbox.reports.length) log.info({ reports: outcome.read, failed: outcome.failed }, 'MESH delivery reports read');
  return outcome;
}
