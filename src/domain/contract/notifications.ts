/**
 * Notifications (spec §3, §7): the panel's page (`data.data`, `current_page`, `last_page`), marking
 * read, the badge count and the push acknowledgement.
 */
import { z } from 'zod';
import { NOTIFICATIONS_PAGE_SIZE } from '../limits';
import { idSchema, idTextSchema, safeText, pageQuerySchema } from './primitives';

export const NOTIFICATION_KINDS = [
  'author_approval',
  'new_task',
  'returned',
  'refresh_request',
  'sent',
  'delivery_failed',
  'stuck',
  'taken_over',
] as const;

/** The panel's text filter: the clinic code of the dictation's appointment. */
export const NOTIFICATION_SEARCH_KEYS = ['clinic_code'] as const;

export const notificationQuerySchema = z
  .object({
    sort: z.enum(['asc', 'desc'], { error: 'sort: asc or desc.' }).default('desc'),
    page: pageQuerySchema(),
    paginate: z
      .string()
      .regex(/^\d{1,2}$/, 'paginate: from 1 to 50 per page.')
      .transform(Number)
      .pipe(z.number().min(1, 'paginate: from 1 to 50 per page.').max(50, 'paginate: from 1 to 50 per page.'))
      .default(NOTIFICATIONS_PAGE_SIZE),
    /** An author's user id: the notifications about their dictations (Secretary and Manager). */
    clinician: idTextSchema.optional(),
    search_key: z.enum(NOTIFICATION_SEARCH_KEYS, { error: 'search_key: clinic_code.' }).optional(),
    search: safeText().trim().max(50, 'search: at most 50 characters.').optional(),
    urgent: z.enum(['true', 'false', '1', '0'], { error: 'urgent: true or false.' }).optional(),
  })
  .strict();
export type NotificationQuery = z.input<typeof notificationQuerySchema>;

export const notificationSchema = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  read_at: z.string().nullable(),
  created_at: z.string(),
  dictation_status_identifier: z.enum(NOTIFICATION_KINDS),
  /**
   * The letter it is about: its reference, and (issue 23) the patient's initials — the bell list is
   * behind sign-in; a push carries neither the name nor the initials (src/domain/notification-events.ts).
   */
  dictation: z
    .object({ id: z.number(), urgent: z.boolean(), reference: z.string().optional(), patient_initials: z.string().nullable().optional() })
    .nullable(),
});
export type NotificationItem = z.infer<typeof notificationSchema>;

export const notificationPageSchema = z.object({
  data: z.object({
    data: z.array(notificationSchema),
    current_page: z.number(),
    last_page: z.number(),
    per_page: z.number(),
    total: z.number(),
  }),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const markAsReadSchema = z
  .object({
    notificationIds: z
      .array(z.number({ error: 'notificationIds: a list of notification ids.' }).int().min(1).max(Number.MAX_SAFE_INTEGER), {
        error: 'notificationIds: a list of notification ids.',
      })
      .min(1, 'notificationIds: choose at least one notification.')
      .max(500, 'notificationIds: at most 500 at once.'),
  })
  .strict();

export const readPushNotifSchema = z
  .object({
    dictation_id: idSchema('dictation_id: the dictation the push was about.'),
    fcm_topic: safeText().max(200, 'fcm_topic: at most 200 characters.').optional(),
  })
  .strict();

export const notificationMessageSchema = z.object({ message: z.string() });
export const notificationCountSchema = z.object({ data: z.number() });
