/**
 * The Manager's stuck-letter count and list (issue 13): GET /api/stuck-letters, the caller's trust's
 * approved letters not delivered within the limit (the trust's own, else STUCK_LETTER_HOURS), longest waiting first. Manager
 * and SuperAdmin only. Also registers the periodic check that notifies managers and mails their digest.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { E } from '../../../src/domain/contract/endpoints';
import type { Mailer } from '../../adapters/mail';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../lib/jobs';
import { pageFields } from '../../lib/pagination';
import { route } from '../../lib/route';
import { caller } from '../auth/request-auth';
import { registerStuckCheck } from './stuck-check';
import { trustStuckPage } from './stuck-letters.repository';
import { trustStuckHours } from './stuck-limits';

export const stuckLettersRoutes: FastifyPluginAsyncZod<{
  db: Db;
  jobs: JobQueue;
  mailer: Mailer;
  hours: number;
  linkOrigin: () => string;
}> = async (app, { db, jobs, mailer, hours, linkOrigin }) => {
  const stopCheck = registerStuckCheck(jobs, { db, mailer, hours, linkOrigin });
  app.addHook('onClose', async () => stopCheck());

  route(app, E.stuckLetters, async (req) => {
    const auth = caller(req);
    const { page, per_page } = req.query;
    const limit = await trustStuckHours(db, auth.ctx.user.trustId, hours);
    const { total, rows } = await trustStuckPage(db, auth.ctx.user.trustId, limit, { limit: per_page, offset: (page - 1) * per_page });
    const now = Date.now();
    return {
      data: {
        ...pageFields(page, per_page, total),
        limit_hours: limit,
        data: rows.map((r) => ({
          dictation_id: r.dictationId,
          reference: r.reference,
          author: r.author,
          approved_at: r.approvedAt.toISOString(),
          hours_waiting: Math.max(0, Math.floor((now - r.approvedAt.getTime()) / 3_600_000)),
          outstanding: r.outstanding.map((o) => ({
            id: o.id,
            channel: o.channel,
            status: o.status,
            role: o.role,
            recipient_type: o.recipientType,
          })),
        })),
      },
    };
  });
};
