import { patientInitials } from '../../../src/domain/notification-events';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { NotificationItem } from '../../../src/domain/contract';
import { E } from '../../../src/domain/contract/endpoints';
import { RULES, satisfies } from '../../../src/domain/access';
import type { Mailer } from '../../adapters/mail';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../lib/jobs';
import { pageFields } from '../../lib/pagination';
import { Errors } from '../../lib/errors';
import { route } from '../../lib/route';
import { caller } from '../auth/request-auth';
import { registerDigest } from './email-digest';
import { notifyChange } from '../live/live-channel';
import { setNotificationLog } from './notify.service';
import { listNotifications, markDictationRead, markRead, unreadCount } from './notifications.repository';

/** The notifications calls of spec §7, for the bell's roles; each answers only the caller's own. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ db: Db; jobs: JobQueue; mailer: Mailer; linkOrigin: () => string }> = async (
  app,
  { db, jobs, mailer, linkOrigin },
) => {
  setNotificationLog(app.log);
  const stopDigest = registerDigest(jobs, { db, mailer, linkOrigin });
  app.addHook('onClose', async () => stopDigest());

  route(app, E.notifications, async (req) => {
    const auth = caller(req);
    const q = req.query;
    if (q.clinician !== undefined && !satisfies(auth.subject, RULES.clinicianFilter)) throw Errors.forbidden();
    const { rows, total } = await listNotifications(
      db,
      { userId: auth.ctx.user.id, trustId: auth.ctx.user.trustId },
      {
        sort: q.sort,
        page: q.page,
        perPage: q.paginate,
        clinician: q.clinician,
        clinicCode: q.search_key === 'clinic_code' || q.search_key === undefined ? q.search || undefined : undefined,
        urgent: q.urgent === undefined ? undefined : q.urgent === 'true' || q.urgent === '1',
      },
    );
    const data: NotificationItem[] = rows.map((r) => ({
      id: Number(r.id),
      title: r.title,
      body: r.body,
      read_at: r.readAt ? r.readAt.toISOString() : null,
      created_at: r.createdAt.toISOString(),
      dictation_status_identifier: r.kind as NotificationItem['dictation_status_identifier'],
      dictation:
        r.dictationId === null
          ? null
          : {
              id: r.dictationId,
              urgent: r.urgent === 'HIGH',
              ...(r.reference ? { reference: r.reference } : {}),
              patient_initials: patientInitials(r.patient),
            },
    }));
    return { data: { data, ...pageFields(q.page, q.paginate, total) } };
  });

  route(app, E.notificationsMarkRead, async (req) => {
    const auth = caller(req);
    await markRead(db, { userId: auth.ctx.user.id, trustId: auth.ctx.user.trustId }, req.body.notificationIds);
    // The user's other open devices update their badge (issue 14: live lists).
    await notifyChange(db, { t: null, p: [], u: [auth.ctx.user.id] });
    return { message: 'Notifications marked as read.' };
  });

  route(app, E.notificationCount, async (req) => {
    const auth = caller(req);
    return { data: await unreadCount(db, { userId: auth.ctx.user.id, trustId: auth.ctx.user.trustId }) };
  });

  route(app, E.notificationReadPush, async (req) => {
    const auth = caller(req);
    await markDictationRead(db, { userId: auth.ctx.user.id, trustId: auth.ctx.user.trustId }, req.body.dictation_id);
    await notifyChange(db, { t: null, p: [], u: [auth.ctx.user.id] });
    return { message: 'Acknowledged.' };
  });
};
