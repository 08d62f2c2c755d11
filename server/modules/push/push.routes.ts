import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { E } from '../../../src/domain/contract/endpoints';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../lib/jobs';
import { route } from '../../lib/route';
import { caller } from '../auth/request-auth';
import { onNotification } from '../notifications/notify.service';
import type { Resolve } from '../../lib/public-address';
import { createEndpointPolicy } from './endpoint-policy';
import { createFcmTransport } from './fcm-transport';
import { createPushService } from './push.service';
import { createPushSender, type NotificationEvent } from './push.sender';
import { loadVapidKeys } from './vapid';
import { createWebPushTransport } from './webpush-transport';

export interface PushRoutesOptions {
  db: Db;
  config: Config;
  jobs?: JobQueue;
  /** VAPID subject (a mailto: or https: address Apple accepts, PITFALLS 35); VAPID_SUBJECT otherwise. */
  vapidSubject?: string;
  /** How push endpoints' names are resolved (the system resolver unless a test gives its own). */
  resolve?: Resolve;
}

function vapidSubjectFor(config: Config, given?: string) {
  const fromEnv = given ?? process.env.VAPID_SUBJECT;
  if (fromEnv) return fromEnv;
  if (config.publicUrl?.startsWith('https://')) return config.publicUrl;
  const mail = config.mailFrom?.match(/[^<\s]+@[^>\s]+/)?.[0];
  return `mailto:${mail ?? 'push@wardnote.nhs.uk'}`;
}

/** Push: the VAPID public key, subscribe / unsubscribe / topic preference (spec §7), and the sender. */
export const pushRoutes: FastifyPluginAsyncZod<PushRoutesOptions> = async (app, opts) => {
  const { db, config } = opts;
  const keys = await loadVapidKeys(db);
  // Registration tokens go by FCM when a Firebase project is configured; browsers always by Web Push.
  if (config.fcm) app.log.info(`FCM: registration tokens are sent through Firebase project ${config.fcm.projectId}`);
  // Where pushes may go: public https endpoints, plus the in-test push services PUSH_TEST_ORIGINS names.
  const policy = createEndpointPolicy({ testOrigins: config.pushTestOrigins, resolve: opts.resolve });
  if (config.pushTestOrigins.length)
    app.log.warn(`PUSH_TEST_ORIGINS is set: pushes may go to ${config.pushTestOrigins.join(', ')} (tests only)`);
  const sender = createPushSender({
    db,
    log: app.log,
    jobs: opts.jobs,
    transports: {
      webpush: createWebPushTransport(keys, vapidSubjectFor(config, opts.vapidSubject), { policy }),
      fcm: config.fcm ? createFcmTransport(config.fcm) : undefined,
    },
  });
  // Every committed notification is pushed to the user's devices; the hook goes with this app.
  const off = onNotification((n: NotificationEvent) =>
    sender.notify(n).then(
      () => {},
      (err: unknown) => app.log.warn({ error: (err as Error)?.name ?? 'error' }, 'push send failed'),
    ),
  );
  app.addHook('onClose', async () => off());
  const service = createPushService(db, { policy, fcm: !!config.fcm });

  route(app, E.pushConfig, async () => ({ transport: 'webpush' as const, vapid_public_key: keys.publicKey, fcm: !!config.fcm }));
  route(app, E.pushSubscribe, async (req) => service.subscribe(caller(req), req.body));
  route(app, E.pushUnsubscribe, async (req) => service.unsubscribe(caller(req), req.body));
  route(app, E.pushTopicPreference, async (req) => service.topicPreference(caller(req), req.body));
};
