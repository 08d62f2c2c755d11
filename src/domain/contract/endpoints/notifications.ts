/** The notification bell, push subscriptions, and the live events stream. */
import { RULES } from '../../access';
import { endpoint } from '../endpoint';
import {
  markAsReadSchema,
  notificationCountSchema,
  notificationMessageSchema,
  notificationPageSchema,
  notificationQuerySchema,
  readPushNotifSchema,
} from '../notifications';
import { pushAnswerSchema, pushConfigSchema, pushSubscribeBodySchema, pushTopicPreferenceBodySchema } from '../push';

const rule = RULES.notificationBell;

export const notificationsEndpoints = {
  notifications: endpoint({
    method: 'GET',
    path: '/api/notification',
    rule,
    query: notificationQuerySchema,
    response: notificationPageSchema,
  }),
  notificationsMarkRead: endpoint({
    method: 'POST',
    path: '/api/notification/mark_as_read',
    rule,
    body: markAsReadSchema,
    response: notificationMessageSchema,
  }),
  notificationCount: endpoint({
    method: 'GET',
    path: '/api/notification/notification_count',
    rule,
    authCache: true,
    response: notificationCountSchema,
  }),
  notificationReadPush: endpoint({
    method: 'POST',
    path: '/api/notification/read_push_notif',
    rule,
    body: readPushNotifSchema,
    response: notificationMessageSchema,
  }),
  pushConfig: endpoint({ method: 'GET', path: '/api/notification/push-config', rule, response: pushConfigSchema }),
  pushSubscribe: endpoint({
    method: 'POST',
    path: '/api/notification/subscribe',
    rule,
    body: pushSubscribeBodySchema,
    response: pushAnswerSchema,
  }),
  pushUnsubscribe: endpoint({
    method: 'POST',
    path: '/api/notification/unsubscribe',
    rule,
    body: pushSubscribeBodySchema,
    response: pushAnswerSchema,
  }),
  pushTopicPreference: endpoint({
    method: 'POST',
    path: '/api/notification/topic-preference',
    rule,
    body: pushTopicPreferenceBodySchema,
    response: pushAnswerSchema,
  }),
  /** Server-sent events, one `liveEventSchema` frame each (src/domain/contract/live.ts); read with `apiStream`. */
  events: endpoint({ method: 'GET', path: '/api/events', answer: 'stream' }),
};
