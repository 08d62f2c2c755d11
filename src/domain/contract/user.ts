import { z } from 'zod';
import { APPLICATION_TYPES, PERMISSIONS, ROLES } from '../roles';
import { HOME_TABS } from '../statuses';
import { idSchema, safeText } from './primitives';
import { checkColumnChoice, isListColumn } from '../list-columns';
import { MESSAGES } from '../messages';
import { resolvedSettingSchema } from './settings';

/** Preferences of spec §3 (`preferences.profile`). Unknown keys are refused. */
export const profilePreferencesSchema = z
  .object({
    status: z.enum(HOME_TABS).optional(),
    speech_recognition: z.boolean().optional(),
    notification: z.boolean().optional(),
    /** Spec §3 notification settings: e-mails (batched digests) on letters sent, author approval waiting, assigned for transcription. */
    email_notifications: z.object({ sent: z.boolean(), author_approval: z.boolean(), new_task: z.boolean() }).partial().strict().optional(),
    footpedal_mode: z.enum(['basic', 'advanced']).optional(),
    /** Seconds playback goes back when resumed on the typist's player (issue 11); 0 is off, unset is 2. */
    auto_rewind_seconds: z.number().int().min(0).max(10).optional(),
    columns: z.array(safeText().min(1).max(64)).max(40).optional(),
    signatories: z.array(idSchema()).max(20).optional(),
    scribe_assist: z
      .object({ number_of_speakers: z.number().int().min(1).max(8) })
      .strict()
      .optional(),
  })
  .strict();
export type ProfilePreferences = z.infer<typeof profilePreferencesSchema>;

/**
 * What a user may save: as read back, plus the column rule (spec §5: at least five known columns). The
 * profile answer stays lenient so a preference saved before the rule still loads (the list then shows
 * the default set).
 */
export const preferenceUpdateSchema = z
  .object({
    profile: profilePreferencesSchema.superRefine((p, ctx) => {
      if (p.columns === undefined) return;
      const unknown = p.columns.findIndex((c) => !isListColumn(c));
      if (unknown >= 0) ctx.addIssue({ code: 'custom', path: ['columns', unknown], message: MESSAGES.unknownColumn });
      else if (!checkColumnChoice(p.columns).ok) ctx.addIssue({ code: 'custom', path: ['columns'], message: MESSAGES.minColumns });
    }),
  })
  .strict();
export type PreferenceUpdate = z.infer<typeof preferenceUpdateSchema>;

export const recipientKindSchema = z.enum(['patient', 'clinician', 'gp']);

export const interactionItemSchema = z.object({
  id: z.number(),
  job_type: z.object({
    id: z.number(),
    name: z.string(),
    recipient: z.array(recipientKindSchema),
    copy: z.array(recipientKindSchema),
  }),
});
export type InteractionItem = z.infer<typeof interactionItemSchema>;

/** GET /api/user → `{ data: UserProfile }` (spec §3 "User profile"). The PIN itself is never sent. */
export const userProfileSchema = z.object({
  id: z.number(),
  full_name: z.string(),
  first_name: z.string(),
  username: z.string(),
  email: z.string(),
  is_first_login: z.boolean(),
  roles: z.array(z.object({ name: z.enum(ROLES) })),
  permissions: z.array(z.object({ code: z.enum(PERMISSIONS) })),
  site: z.object({
    id: z.number(),
    name: z.string(),
    trust_id: z.number(),
    mfa: z.boolean(),
    sr_integration: z.string().nullable(),
    support_link: z.string().nullable(),
    support_email: z.string().nullable(),
  }),
  site_id: z.number(),
  amplify: z.boolean(),
  application_types: z.array(z.object({ name: z.enum(APPLICATION_TYPES) })),
  scribe_assist: z.boolean(),
  /** "pin (JSON holding pin)": whether one is set and when it expires; never the PIN. */
  pin: z.object({ is_set: z.boolean(), expires_at: z.string().nullable(), verified: z.boolean() }),
  jobtype_filter: z.array(z.number()),
  interaction: z.array(interactionItemSchema),
  preferences: z.object({ profile: profilePreferencesSchema }),
  /** An external typist's outsourcing pool (issue 12): they see that pool's work only. */
  outsourcing_pool_id: z.number().nullable().optional(),
  /** A trainee typist: their typed letters go to QA review before the author (issue 12). */
  qa_required: z.boolean().optional(),
  /** Authors whose letters this Secretary or Manager may approve by a standing delegation (issue 22). */
  approves_for: z.array(z.number()).optional(),
  /**
   * Settings that inherit (issue 25): for each inheritable preference its effective value (also written
   * into `preferences.profile`), where it comes from and whether a level above locked it.
   */
  inherited_settings: z.array(resolvedSettingSchema).optional(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;
