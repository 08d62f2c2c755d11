/**
 * MESH tracking of GP copies (issue 13): a GP copy accepted by MESH is `sent` — in the practice's inbox —
 * and becomes `delivered` only when the practice has downloaded and acknowledged it; a letter is SENT only
 * when every recipient has it. A periodic job (one queued or running across processes, like the stuck
 * check) asks MESH's tracking endpoint about the copies that are due, with backoff per copy: the
 * specification says MESH is asynchronous, a practice may take hours, and tracking must not be polled often.
 *   acknowledged              → delivered at the practice's time; the letter may become SENT
 *   undeliverable, error,
 *   unknown to MESH           → failed with MESH's reason, into the failures list (Resend / change channel)
 *   accepted, uploading …     → asked again later
 *   MESH unavailable, refused → asked again later; the run stops (the other copies would fare the same)
 */
import type { FastifyBaseLogger } from 'fastify';
import { GP_TRACKING_INTERVAL_MS, GpDeliveryError, type GpDelivery, type GpTrackResult } from '../../adapters/gp-delivery';
import type { Db } from '../../db/client';
import { enqueueUnlessPending, type JobQueue } from '../../lib/jobs';
import { checkedAt, dueForTracking, logDelivery, updateDelivery, updateIfStillSent, type DeliveryRow } from './deliveries.repository';
import { settleDictation } from './settle';
import { dictationFacts, notifyChange } from '../live/live-channel';
import { readGpReports } from './gp-reports';

export const GP_TRACKING_JOB = 'distribution.gp_tracking';
/** How often the job looks for copies due a check (each copy has its own, longer, backoff); MESH_TRACKING_INTERVAL_MS. */
export { GP_TRACKING_INTERVAL_MS };
/** Copies asked about in one run; the rest wait for the next. */
const BATCH = 100;

/**
 * Wait before the next tracking request: one interval (5 minutes) after sending, then twice as long each
 * time, at most 24 intervals (2 hours).
 */
export function nextCheckDelayMs(checksDone: number, intervalMs: number = GP_TRACKING_INTERVAL_MS): number {
  return Math.min(24 * intervalMs, intervalMs * 2 ** Math.max(0, checksDone));
}

export interface GpTrackingDeps {
  db: Db;
  gp: GpDelivery;
  log: FastifyBaseLogger;
  /** Marks a delivery failed with the reason and tells the letter's typist (distribution.service). */
  failed: (row: DeliveryRow, reason: string) => Promise<void>;
  now?: () => Date;
}

const FAILED: ReadonlySet<GpTrackResult['status']> = new Set(['undeliverable', 'error', 'not_found']);

/**
 * When the practice acknowledged it: MESH's status time when it is not before our previous look (else the
 * previous look would have seen it; MESH writes whole seconds) and not in the future; otherwise the time
 * we saw it.
 */
function acknowledgedAt(row: DeliveryRow, t: GpTrackResult, now: Date): Date {
  const since = row.checkedAt ?? row.sentAt;
  const sinceSecond = since ? Math.floor(since.getTime() / 1000) * 1000 : -Infinity;
  if (t.at && t.at.getTime() <= now.getTime() && t.at.getTime() >= sinceSecond) return t.at;
  return now;
}

/** One run: asks MESH about each copy due; answers what became of them. */
export async function trackGpDeliveries(deps: GpTrackingDeps): Promise<{ checked: number; acknowledged: number; failed: number }> {
  const { db, gp, log } = deps;
  const result = { checked: 0, acknowledged: 0, failed: 0 };
  if (!gp.configured) return result;
  const now = deps.now?.() ?? new Date();
  const due = await dueForTracking(db, now, BATCH);

  for (const row of due) {
    const checked = checkedAt(now);
    const later = { ...checked, nextCheckAt: new Date(now.getTime() + nextCheckDelayMs(row.checks + 1, gp.trackingIntervalMs)) };
    let t: GpTrackResult;
    try {
      if (!row.messageId) throw new GpDeliveryError('permanent', 'The GP copy has no MESH message id to track.');
      t = await gp.track(row.messageId);
    } catch (err) {
      await updateDelivery(db, row.id, later);
      // Plain words only: the delivery id, never the recipient.
      log.warn({ delivery: row.id, reason: err instanceof GpDeliveryError ? err.reason : 'unexpected error' }, 'MESH tracking failed');
      break;
    }
    result.checked++;
    if (t.status === 'acknowledged') {
      const done = await updateIfStillSent(db, row.id, {
        ...checked,
        status: 'delivered',
        deliveredAt: acknowledgedAt(row, t, now),
        nextCheckAt: null,
        reason: null,
      });
      if (!done) continue;
      await logDelivery(db, row, 'acknowledged', 'acknowledged by the practice', null);
      await settleDictation(db, row.dictationId);
      // Open lists and Delivery tabs refresh: of those who may see the letter.
      await notifyChange(db, { t: row.trustId, p: [], u: [], dictation: await dictationFacts(db, row.dictationId) });
      result.acknowledged++;
    } else if (FAILED.has(t.status)) {
      await updateIfStillSent(db, row.id, { ...checked, nextCheckAt: null });
      await deps.failed(row, t.detail);
      result.failed++;
    } else {
      await updateIfStillSent(db, row.id, later);
    }
  }
  return result;
}

/** Adds a tracking run unless one is already waiting or running (any number of server processes). */
export async function scheduleGpTracking(db: Db): Promise<void> {
  await enqueueUnlessPending(db, GP_TRACKING_JOB);
}

/**
 * Registers the tracking job: our inbox's delivery reports first (a copy MESH reported undeliverable is
 * not asked about again), then tracking. A run that fails is simply tried at the next interval.
 */
export function registerGpTracking(jobs: JobQueue, deps: GpTrackingDeps): void {
  jobs.register(GP_TRACKING_JOB, async () => {
    await readGpReports(deps);
    await trackGpDeliveries(deps);
  });
}

/** The timer that queues a run every interval while MESH is configured; returns the function that stops it. */
export function startGpTrackingTimer(db: Db, gp: GpDelivery): () => void {
  if (!gp.configured) return () => undefined;
  const timer = setInterval(() => void scheduleGpTracking(db).catch(() => undefined), gp.trackingIntervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
