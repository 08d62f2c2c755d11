/**
 * Letters out (issue 13): on approval one delivery per recipient — e-mail and GP electronic sent by a
 * durable job (retried with backoff on transient failures), print waiting in the print queue — the
 * delivery log, and the resend of a failed delivery (optionally on another channel).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Delivery } from '../../../src/domain/contract';
import { channelProblem, type DeliveryChannel } from '../../../src/domain/delivery-channel';
import { MESSAGES } from '../../../src/domain/messages';
import type { GpDelivery } from '../../adapters/gp-delivery';
import type { Mailer } from '../../adapters/mail';
import type { Db } from '../../db/client';
import { updateDictation } from '../dictations/dictations.repository';
import { isUniqueViolation } from '../../lib/db-errors';
import { Errors, appError } from '../../lib/errors';
import { DEFAULT_MAX_ATTEMPTS, type JobQueue } from '../../lib/jobs';
import type { RequestAuth } from '../auth/request-auth';
import { readLetterSource } from '../documents/letter-source';
import type { RenderPool } from '../documents/render-pool';
import { mayView, visibleContext } from '../letters/dictation-scope';
import { findContext, type DictationRow } from '../letters/letters.repository';
import { DeliveryFailure } from './delivery-failure';
import { channelOptions, planDeliveries, type DeliveryPlan, type PlannedDelivery } from './delivery-plan';
import {
  countAttempt,
  currentDeliveries,
  deliveryDtos,
  findDelivery,
  insertDelivery,
  isSuperseded,
  listDeliveries,
  logDelivery,
  updateDelivery,
  type DeliveryRow,
  type NewDelivery,
} from './deliveries.repository';
import { readDistributionSetting } from './distribution-settings.repository';
import { sendByEmail, sendToGp } from './send-letter';
import { emit, publish } from '../notifications/notify.service';
import { settleDictation } from './settle';
import { dictationFacts, notifyChange } from '../live/live-channel';
import { nextCheckDelayMs, registerGpTracking, startGpTrackingTimer } from './gp-tracking';

export const DELIVERY_JOB = 'deliver_letter';

export interface DistributionDeps {
  db: Db;
  jobs: JobQueue;
  mailer: Mailer;
  gp: GpDelivery;
  renderer: RenderPool;
  log: FastifyBaseLogger;
}

const contactOf = (p: PlannedDelivery): DeliveryRow['contact'] => ({
  name: p.recipient.block.name,
  lines: p.recipient.block.lines,
  email: p.recipient.contact.email ?? null,
  ods_code: p.recipient.contact.odsCode ?? null,
});

const contactForChoice = (r: DeliveryRow) => ({
  type: r.recipient.type as never,
  name: r.contact.name,
  email: r.contact.email,
  odsCode: r.contact.ods_code,
  addressLines: r.contact.lines,
});

export function createDistribution(deps: DistributionDeps) {
  const { db, jobs } = deps;

  /** A new delivery row (queued for a job, or waiting in the print queue) with its audit entry. */
  async function addDelivery(
    tx: Db,
    d: Pick<DictationRow, 'id' | 'trustId'>,
    values: {
      role: string;
      recipient: Record<string, string>;
      contact: DeliveryRow['contact'];
      channel: DeliveryChannel;
      note: string | null;
    },
    userId: number | null,
    resendOf: number | null,
    ip?: string,
  ): Promise<DeliveryRow> {
    const printing = values.channel === 'print';
    const row = await insertDelivery(tx, {
      trustId: d.trustId,
      dictationId: d.id,
      role: values.role,
      recipient: values.recipient,
      contact: values.contact,
      channel: values.channel,
      status: printing ? 'printing' : 'queued',
      reason: values.note,
      resendOf,
      createdBy: userId,
    });
    await logDelivery(
      tx,
      row,
      resendOf ? 'resent' : 'created',
      `${resendOf ? 'sent again, ' : ''}${printing ? 'waiting in the print queue' : 'being sent'}${values.note ? ` (${values.note})` : ''}`,
      userId,
      ip,
    );
    if (!printing) await jobs.enqueue(DELIVERY_JOB, { dictationId: d.id, deliveryId: row.id }, tx);
    return row;
  }

  /** Failed for good: kept with the reason, and the letter's typist (else its author) is told to act. */
  async function failed(row: DeliveryRow, reason: string) {
    const ctx = await findContext(db, row.dictationId);
    const told = await db.transaction(async (tx) => {
      await updateDelivery(tx, row.id, { status: 'failed', reason, updatedAt: new Date() });
      await logDelivery(tx, row, 'failed', `failed. ${reason}`, null);
      const out = ctx
        ? [
            await emit(tx, {
              trustId: row.trustId,
              userId: ctx.row.assignedTo ?? ctx.row.authorId,
              dictationId: row.dictationId,
              kind: 'delivery_failed',
              urgent: ctx.row.urgent === 'HIGH',
              reference: ctx.row.reference,
            }),
          ]
        : [];
      // Open apps refresh the failed-letters list and the bell of whoever was told (issue 14: live lists).
      await notifyChange(tx, { t: row.trustId, p: [], u: out.map((n) => n.userId), dictation: ctx ? [ctx.row] : undefined });
      return out;
    });
    publish(told);
  }

  /**
   * A delivery's outcome and its log line in one transaction, with the live signal (issue 14): the
   * letters-out lists of open apps in the trust refresh once it commits.
   */
  async function recordOutcome(row: DeliveryRow, values: Partial<NewDelivery>, event: string, words: string) {
    await db.transaction(async (tx) => {
      await updateDelivery(tx, row.id, values);
      await logDelivery(tx, row, event, words, null);
      await notifyChange(tx, { t: row.trustId, p: [], u: [], dictation: await dictationFacts(tx, row.dictationId) });
    });
  }

  /** One try of a queued delivery (the job). A transient failure throws, so the queue tries again later. */
  async function run(payload: Record<string, unknown>): Promise<void> {
    const row = await findDelivery(db, Number(payload.deliveryId));
    if (!row || row.status !== 'queued') return;
    const ctx = await findContext(db, row.dictationId);
    if (!ctx || ctx.row.deletedAt) return failed(row, 'The dictation was deleted before its letter was sent.');
    await countAttempt(db, row.id);
    const source = await readLetterSource(db, ctx.row, new Date(), (msg) => deps.log.warn(msg));
    // Issue 23: the details were changed to disagree with the index after approval: nothing is sent.
    if (source.identity_mismatch) return failed(row, MESSAGES.deliveryIdentityMismatch(source.identity_mismatch));
    const setting = await readDistributionSetting(db, row.trustId, (msg) => deps.log.warn(msg));
    try {
      const email = row.channel === 'email';
      const sent = email ? await sendByEmail(deps, row, source, setting) : await sendToGp(deps, row, source, setting);
      const now = new Date();
      // A GP copy is in the practice's MESH inbox: delivered only once the practice acknowledges it (gp-tracking.ts).
      await recordOutcome(
        row,
        {
          status: email ? 'delivered' : 'sent',
          messageId: sent.messageId,
          result: sent.result,
          reason: null,
          sentAt: now,
          deliveredAt: email ? now : null,
          nextCheckAt: email ? null : new Date(now.getTime() + nextCheckDelayMs(0, deps.gp.trackingIntervalMs)),
          updatedAt: now,
        },
        email ? 'delivered' : 'sent',
        email ? 'accepted by the mail server' : 'accepted by MESH, waiting for the practice to acknowledge it',
      );
    } catch (err) {
      const f = err instanceof DeliveryFailure ? err : new DeliveryFailure('transient', 'The letter could not be sent.');
      if (f.kind === 'transient') {
        await updateDelivery(db, row.id, { reason: f.reason, updatedAt: new Date() });
        // The last try's failure is told by the give-up handler ("failed …"), not as one more retry.
        if (row.attempts + 1 < DEFAULT_MAX_ATTEMPTS)
          await logDelivery(db, row, 'retrying', `not sent this time. ${MESSAGES.deliveryRetrying(f.reason)}`, null);
        // The queue logs this message: plain words, no address or patient data.
        throw new Error(f.reason);
      }
      if (f.kind === 'not_configured' && row.contact.lines.some((l) => l.trim())) {
        // No electronic route: the GP copy goes to the print queue, and the log says why.
        await recordOutcome(
          { ...row, channel: 'print' },
          { channel: 'print', status: 'printing', reason: f.reason, updatedAt: new Date() },
          'rerouted',
          `waiting in the print queue (${f.reason})`,
        );
      } else {
        await failed(row, f.reason);
      }
    }
    await settleDictation(db, row.dictationId);
  }

  /** After the last try: the delivery has failed, with the last reason. */
  async function giveUp(payload: Record<string, unknown>, lastError: string): Promise<void> {
    const row = await findDelivery(db, Number(payload.deliveryId));
    if (!row || row.status !== 'queued') return;
    await failed(row, MESSAGES.deliveryGaveUp(row.reason ?? lastError));
  }

  jobs.register(DELIVERY_JOB, run, giveUp);
  registerGpTracking(jobs, { db, gp: deps.gp, log: deps.log, failed });

  return {
    /** Who gets the letter and how; refused (with the recipient named) when one cannot be reached. */
    plan: (d: DictationRow): Promise<DeliveryPlan> => planDeliveries(db, deps.gp, d),

    /** Whether GP copies of this trust can go over MESH (the recipients editor shows each channel). */
    channelOptions: (trustId: number) => channelOptions(db, deps.gp, trustId),

    /** In the approval's transaction: a delivery per recipient. */
    async start(tx: Db, d: DictationRow, plan: PlannedDelivery[], userId: number, ip: string): Promise<void> {
      for (const p of plan) {
        await addDelivery(
          tx,
          d,
          {
            role: p.recipient.role,
            recipient: p.recipient.recipient as unknown as Record<string, string>,
            contact: contactOf(p),
            channel: p.channel,
            note: p.note,
          },
          userId,
          null,
          ip,
        );
      }
    },

    /** Runs the jobs just queued (after the transaction that queued them). */
    kick: () => void jobs.kick(),

    /** GET /api/dictation/{id}/deliveries: every delivery, resends and what they replaced included. */
    async list(auth: RequestAuth, dictationId: number): Promise<Delivery[]> {
      await visibleContext(db, auth, dictationId);
      const rows = await listDeliveries(db, dictationId);
      return deliveryDtos(db, rows);
    },

    /** POST /api/deliveries/{id}/resend: a new delivery replaces a failed one; the failed one stays. */
    async resend(auth: RequestAuth, id: number, channel: DeliveryChannel | undefined, ip: string): Promise<Delivery> {
      const row = await findDelivery(db, id);
      const ctx = row ? await findContext(db, row.dictationId) : undefined;
      if (!row || !ctx || row.trustId !== auth.ctx.user.trustId || !mayView(auth, ctx.row)) throw Errors.notFound();
      const alreadyResent = () => appError('already_resent');
      if (await isSuperseded(db, row.id)) throw alreadyResent();
      if (row.status !== 'failed') throw appError('not_failed');
      // Issue 23: no new delivery for a letter whose patient details disagree with the index.
      const { identity_mismatch } = await readLetterSource(db, ctx.row, new Date());
      if (identity_mismatch) throw Errors.deliveryIdentityMismatch(identity_mismatch);
      const to = channel ?? (row.channel as DeliveryChannel);
      const problem = channelProblem(contactForChoice(row), to, await channelOptions(db, deps.gp, row.trustId));
      if (problem) throw Errors.validation(problem, { channel: [problem] });
      // The check above is a courtesy: the database decides. `resend_of` is unique, so of two resends of
      // one delivery made at once the second waits for the first and is refused (issue 22 point 8).
      const fresh = await db
        .transaction(async (tx) => {
          const added = await addDelivery(
            tx,
            ctx.row,
            { role: row.role, recipient: row.recipient, contact: row.contact, channel: to, note: null },
            auth.ctx.user.id,
            row.id,
            ip,
          );
          await updateDictation(tx, ctx.row.id, { isResend: true, updatedAt: new Date() });
          return added;
        })
        .catch((err: unknown) => Promise.reject(isUniqueViolation(err) ? alreadyResent() : err));
      void jobs.kick();
      return (await deliveryDtos(db, [fresh]))[0]!;
    },

    /** Queues MESH tracking runs every few minutes while MESH is configured; answers the function that stops it. */
    startTracking: () => startGpTrackingTimer(db, deps.gp),

    /** For the print queue: a dictation may have become complete. */
    settle: (dictationId: number) => settleDictation(db, dictationId),
    current: (dictationId: number) => currentDeliveries(db, dictationId),
  };
}

export type Distribution = ReturnType<typeof createDistribution>;
