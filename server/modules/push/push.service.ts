import { z } from 'zod';
import {
  FCM_TOKEN_PATTERN,
  pushSubscribeBodySchema,
  pushTopicPreferenceBodySchema,
  pushTopicsForRoles,
} from '../../../src/domain/contract';
import type { Db } from '../../db/client';
import { Errors, appError } from '../../lib/errors';
import type { RequestAuth } from '../auth/request-auth';
import type { EndpointPolicy } from './endpoint-policy';
import { deleteDevices, ownDevices, setTopics, upsertDevice } from './push.repository';

type SubscribeBody = z.output<typeof pushSubscribeBodySchema>;
type PreferenceBody = z.output<typeof pushTopicPreferenceBodySchema>;

/** The topics this caller may hold (their own, for their roles); any other is refused, naming it. */
function checkTopics(auth: RequestAuth, topics: string[]): string[] {
  const allowed = pushTopicsForRoles(auth.subject.roles, auth.ctx.user.id);
  const wrong = topics.filter((t) => !allowed.includes(t));
  if (wrong.length) {
    throw Errors.validation(`You cannot subscribe to ${wrong.join(', ')}. Your topics are ${allowed.join(', ') || 'none'}.`, {
      topics: [`Not one of your topics: ${wrong.join(', ')}.`],
    });
  }
  return [...new Set(topics)];
}

export function createPushService(db: Db, opts: { policy: EndpointPolicy; fcm: boolean }) {
  /** A push endpoint the server will POST to: https, port 443, public addresses (endpoint-policy.ts). */
  async function checkEndpoint(endpoint: string) {
    const problem = await opts.policy.check(endpoint);
    if (problem) {
      const refused = appError(`push_endpoint_${problem}`);
      throw refused.withFields({ 'subscription.endpoint': [refused.message] });
    }
  }

  return {
    async subscribe(auth: RequestAuth, body: SubscribeBody) {
      const userId = auth.ctx.user.id;
      const topics = body.topics.length ? checkTopics(auth, body.topics) : pushTopicsForRoles(auth.subject.roles, userId);
      const sub = body.subscription;
      if (sub) {
        if (body.registration_tokens.length !== 1 || body.registration_tokens[0] !== sub.endpoint) {
          throw Errors.validation('registration_tokens must hold the subscription endpoint.', {
            registration_tokens: ['Must be [subscription.endpoint].'],
          });
        }
        await checkEndpoint(sub.endpoint);
        await upsertDevice(db, userId, auth.session.id, {
          transport: 'webpush',
          token: sub.endpoint,
          p256dh: sub.keys.p256dh,
          auth: sub.keys.auth,
          topics,
        });
      } else {
        if (!opts.fcm) {
          throw appError('fcm_not_configured').withFields({
            subscription: ['Required: Firebase push is not configured.'],
          });
        }
        const notTokens = body.registration_tokens.filter((t) => !FCM_TOKEN_PATTERN.test(t));
        if (notTokens.length) {
          throw Errors.validation('registration_tokens must be Firebase registration tokens, or send a Web Push subscription.', {
            registration_tokens: ['Not a Firebase registration token.'],
          });
        }
        for (const token of body.registration_tokens)
          await upsertDevice(db, userId, auth.session.id, { transport: 'fcm', token, p256dh: null, auth: null, topics });
      }
      return { message: 'Subscribed.', topics };
    },

    /** Without topics the devices are removed (logout); with topics only those are taken off them. */
    async unsubscribe(auth: RequestAuth, body: SubscribeBody) {
      const userId = auth.ctx.user.id;
      const mine = await ownDevices(db, userId, body.registration_tokens);
      if (!mine.length) throw Errors.notFound();
      if (!body.topics.length) {
        await deleteDevices(db, userId, body.registration_tokens);
        return { message: 'Unsubscribed.', topics: [] };
      }
      const drop = new Set(body.topics);
      let left: string[] = [];
      for (const d of mine) {
        left = d.topics.filter((t) => !drop.has(t));
        await setTopics(db, d.id, left);
      }
      return { message: 'Unsubscribed.', topics: left };
    },

    /** The topic-preference variant, chosen by `action`. */
    async topicPreference(auth: RequestAuth, body: PreferenceBody) {
      if (body.action === 'unsubscribe')
        return this.unsubscribe(auth, { registration_tokens: body.registration_tokens, topics: body.topics });
      const topics = checkTopics(auth, body.topics);
      const mine = await ownDevices(db, auth.ctx.user.id, body.registration_tokens);
      if (!mine.length) throw Errors.notFound();
      let now: string[] = [];
      for (const d of mine) {
        now = [...new Set([...d.topics, ...topics])];
        await setTopics(db, d.id, now);
      }
      return { message: 'Subscribed.', topics: now };
    },
  };
}
