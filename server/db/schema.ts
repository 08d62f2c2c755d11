import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { RecipientLists } from '../../src/domain/recipient-entries';
import type { LetterNode } from '../../src/domain/contract/letter';
import type { DeliveryStatus } from '../../src/domain/contract/distribution';
import type { DictationStatus } from '../../src/domain/statuses';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const trusts = pgTable(
  'trusts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    timezone: text('timezone').notNull().default('Europe/London'),
    /** The organisation's ODS code (e.g. RX1); unique where set (issue 25). */
    odsCode: text('ods_code'),
    /** A letter's turnaround target in working days, unless its job type sets its own. */
    turnaroundDays: integer('turnaround_days').notNull().default(5),
    /** How long audio and transcripts are kept after a letter is sent; null: the trust keeps them. */
    audioRetentionDays: integer('audio_retention_days'),
    transcriptRetentionDays: integer('transcript_retention_days'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('trusts_ods_code').on(t.odsCode)],
);

export const sites = pgTable('sites', {
  id: serial('id').primaryKey(),
  trustId: integer('trust_id')
    .notNull()
    .references(() => trusts.id),
  name: text('name').notNull(),
  mfa: boolean('mfa').notNull().default(false),
  /** How long a verified PIN lasts at this site, in minutes; null: the deployment's PIN_VERIFICATION_MINUTES (issue 25). */
  pinLifetimeMinutes: integer('pin_lifetime_minutes'),
  srIntegration: text('sr_integration'),
  supportLink: text('support_link'),
  supportEmail: text('support_email'),
  address: text('address'),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});

export const departments = pgTable(
  'departments',
  {
    id: serial('id').primaryKey(),
    trustId: integer('trust_id')
      .notNull()
      .references(() => trusts.id),
    name: text('name').notNull(),
    code: text('code').notNull(),
    /** Deactivated rather than deleted once work refers to it (issue 25). */
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('departments_trust_code').on(t.trustId, t.code),
    uniqueIndex('departments_trust_name').on(t.trustId, sql`lower(${t.name})`),
  ],
);

/** A custom field of a job type: what the author or typist fills in (the `/` shortcut on the dictation page). */
export interface JobTypeField {
  id: string;
  label: string;
  kind?: 'text' | 'number' | 'date' | 'choice';
  required?: boolean;
  /** The choices of a `choice` field. */
  options?: string[];
}

export const jobTypes = pgTable(
  'job_types',
  {
    id: serial('id').primaryKey(),
    trustId: integer('trust_id')
      .notNull()
      .references(() => trusts.id),
    departmentId: integer('department_id').references(() => departments.id),
    name: text('name').notNull(),
    /** Who a letter of this type is sent to and copied to: 'patient' | 'clinician' | 'gp'. */
    recipient: jsonb('recipient')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    copy: jsonb('copy')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Extra fields the author fills in for this kind of letter: [{ id, label, required }]. */
    customFields: jsonb('custom_fields')
      .$type<JobTypeField[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The letter's section headings, in order (a clinic letter's Diagnosis, Plan, …): the editor's starting document. */
    template: jsonb('template')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Letters of this type go to QA review before the author sees them (issue 12). */
    qaRequired: boolean('qa_required').notNull().default(false),
    /** Besides qaRequired (every letter) and trainee typists: this share of letters, sampled, goes to QA review. */
    qaPercent: integer('qa_percent').notNull().default(0),
    outsourcingAllowed: boolean('outsourcing_allowed').notNull().default(true),
    /** Working days; null: the trust's target. */
    turnaroundDays: integer('turnaround_days'),
    /** A secretary or manager may approve letters of this type under secretarial cover. */
    coverAllowed: boolean('cover_allowed').notNull().default(true),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  // The job types list: a trust's, by department (issue 25).
  (t) => [index('job_types_trust_department').on(t.trustId, t.departmentId)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    trustId: integer('trust_id')
      .notNull()
      .references(() => trusts.id),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    email: text('email').notNull(),
    username: text('username').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    isFirstLogin: boolean('is_first_login').notNull().default(false),
    applicationTypes: jsonb('application_types')
      .$type<string[]>()
      .notNull()
      .default(sql`'["amplify"]'::jsonb`),
    jobtypeFilter: jsonb('jobtype_filter')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    preferences: jsonb('preferences')
      .$type<{ profile: Record<string, unknown> }>()
      .notNull()
      .default(sql`'{"profile":{}}'::jsonb`),
    pinHash: text('pin_hash'),
    pinSetAt: timestamp('pin_set_at', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    /** The signature under an approved letter: "Consultant Cardiologist", "GMC 1234567". */
    jobTitle: text('job_title'),
    registrationNumber: text('registration_number'),
    /** A trainee typist: every letter they type goes to QA review first (issue 12). */
    qaRequired: boolean('qa_required').notNull().default(false),
    /** An external (outsourced) typist: sees only the dictations allocated to this pool. */
    outsourcingPoolId: integer('outsourcing_pool_id'),
    /** When the last invitation was sent (issue 25): the user sets a password from its link. */
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email').on(sql`lower(${t.email})`),
    index('users_site').on(t.siteId),
    // The work queues' author sort walks authors in name order (server/modules/worklist).
    index('users_name').on(t.lastName, t.firstName, t.id),
    // The administration's users list: a trust's users in name order, and search by name or e-mail prefix.
    index('users_trust_name').on(t.trustId, t.lastName, t.firstName, t.id),
    index('users_search_last').on(sql`lower(${t.lastName}) text_pattern_ops`),
    index('users_search_email').on(sql`lower(${t.email}) text_pattern_ops`),
  ],
);

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

export const permissions = pgTable('permissions', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
});

export const userPermissions = pgTable(
  'user_permissions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permissionId] })],
);

export const groups = pgTable(
  'groups',
  {
    id: serial('id').primaryKey(),
    trustId: integer('trust_id')
      .notNull()
      .references(() => trusts.id),
    siteId: integer('site_id').references(() => sites.id),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: createdAt(),
  },
  // A group's name is unique in its trust whatever the letter case: two saves at once cannot both pass the check.
  (t) => [uniqueIndex('groups_trust_name').on(t.trustId, sql`lower(${t.name})`)],
);

export const groupUsers = pgTable(
  'group_users',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  // The sign-in permission lookup goes from the user to their groups.
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_users_user').on(t.userId)],
);

export const groupPermissions = pgTable(
  'group_permissions',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.permissionId] })],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    pinVerifiedAt: timestamp('pin_verified_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/** Reset links; at most one live (unused) per user: a new request replaces it, a password change ends it. */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** 'reset' (forgotten password) or 'invite' (a new user's first password, issue 25). */
    purpose: text('purpose').notNull().default('reset'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_resets_live_user')
      .on(t.userId)
      .where(sql`${t.usedAt} IS NULL`),
  ],
);

/**
 * Failed credential checks, one row per key: `login:<e-mail in lower case>` (known or unknown account,
 * so both answer alike) and `pin:<user id>`. Counted atomically before the check (server/modules/auth/lockout.ts).
 */
export const authFailures = pgTable('auth_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    trustId: integer('trust_id'),
    userId: integer('user_id'),
    action: text('action').notNull(),
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_trust_created').on(t.trustId, t.createdAt),
    // The audit viewer's filters (issue 25): by who, by what, by which object, newest first.
    index('audit_log_trust_user_created').on(t.trustId, t.userId, t.createdAt),
    index('audit_log_trust_action_created').on(t.trustId, t.action, t.createdAt),
    index('audit_log_entity').on(t.entityType, t.entityId),
  ],
);

/**
 * A setting held at one level (issue 25): trust → site → department → user. The resolver
 * (src/domain/settings-inheritance.ts) takes the nearest level that holds it, unless a higher level locked it.
 */
export const settingValues = pgTable(
  'setting_values',
  {
    scope: text('scope').$type<'trust' | 'site' | 'department' | 'user'>().notNull(),
    scopeId: integer('scope_id').notNull(),
    /** Which trust the level belongs to: every read is scoped by it. */
    trustId: integer('trust_id')
      .notNull()
      .references(() => trusts.id),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    locked: boolean('locked').notNull().default(false),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.scopeId, t.key] }), index('setting_values_trust').on(t.trustId)],
);

/**
 * A trust's engine settings (issue 25): where the scribe sends audio to be transcribed and transcripts
 * to be drafted. The API key is kept encrypted (server/lib/secret-box.ts) and never answered back.
 */
export const trustEngines = pgTable(
  'trust_engines',
  {
    trustId: integer('trust_id')
      .notNull()
      .references(() => trusts.id),
    kind: text('kind').$type<'transcription' | 'drafting'>().notNull(),
    baseUrl: text('base_url'),
    model: text('model'),
    apiKeyCiphertext: text('api_key_ciphertext'),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.trustId, t.kind] })],
);

/** Knowledge base articles (issue 25): global (no trust) or a trust's own; Markdown, rendered sanitised. */
export const knowledgeArticles = pgTable(
  'knowledge_articles',
  {
    id: serial('id').primaryKey(),
    trustId: integer('trust_id').references(() => trusts.id),
    title: text('title').notNull(),
    body: text('body').notNull(),
    tags: jsonb('tags')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    updatedBy: integer('updated_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('knowledge_articles_trust_title').on(t.trustId, t.title),
    index('knowledge_articles_search').using('gin', sql`to_tsvector('english', ${t.title} || ' ' || ${t.body})`),
  ],
);

/** A replayed request with the same key answers the first answer (DESIGN §3 point 4). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response'),
    /** SHA-256 of the request's query and body: the same key with another request is refused. Null for older rows. */
    requestHash: text('request_hash'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/**
 * Who is writing to a tus upload right now, shared by every API process: a lease renewed while the
 * request runs, and a flag another process sets to ask the holder to let go (uploads/upload-locker.ts).
 */
export const uploadLocks = pgTable('upload_locks', {
  uploadId: text('upload_id').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  releaseRequested: boolean('release_requested').notNull().default(false),
});

/** Outgoing mail when no SMTP server is configured, and a record of what was sent when one is. */
export const mailbox = pgTable('mailbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  transport: text('transport').notNull(),
  createdAt: createdAt(),
});

/** Deployment-wide switches kept in the database (maintenance mode, generated keys). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

/** The Home tab a dictation lists under: its status, except RECEIVED which shows as READY_FOR_TYPING. */
const queueTab = (t: { status: unknown }) => sql`(CASE ${t.status} WHEN 'RECEIVED' THEN 'READY_FOR_TYPING' ELSE ${t.status} END)`;

export const dictations = pgTable(
  'dictations',
  {
    id: serial('id').primaryKey(),
    trustId: integer('trust_id')
      .notNull()
      .references(() => trusts.id),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    /** The author the dictation belongs to. */
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    /** Who recorded or uploaded it (a Secretary may upload for an author). */
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    /** The device's id for the recording: finalising twice gives one dictation. */
    clientId: text('client_id').notNull(),
    reference: text('reference').notNull(),
    status: text('status').$type<DictationStatus>().notNull(),
    urgent: text('urgent').notNull().default('STANDARD'),
    isConfidential: boolean('is_confidential').notNull().default(false),
    isMobile: boolean('is_mobile').notNull().default(false),
    isResend: boolean('is_resend').notNull().default(false),
    sr: text('sr'),
    departmentId: integer('department_id').references(() => departments.id),
    jobTypeId: integer('job_type_id').references(() => jobTypes.id),
    assignedTo: integer('assigned_to').references(() => users.id),
    /**
     * Handed back by its author with secretarial cover (spec §4): a Secretary or Manager may approve on
     * their behalf. Only the author grants it (issue 22): who granted it and when are kept beside it, and
     * it is cleared when the letter leaves approval other than by approval.
     */
    secretarialCover: boolean('secretarial_cover').notNull().default(false),
    secretarialCoverBy: integer('secretarial_cover_by').references(() => users.id),
    secretarialCoverAt: timestamp('secretarial_cover_at', { withTimezone: true }),
    /** Soft deletion: hidden from every list, kept with its audio for the audit trail. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id),
    patient: jsonb('patient')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    customFields: jsonb('custom_fields')
      .$type<{ id: string; value: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The appointment chosen in the appointment finder (spec §3 appointment fields), if any. */
    appointment: jsonb('appointment').$type<Record<string, string>>(),
    /** The outsourcing pool an OUTSOURCED dictation is allocated to. */
    outsourcingPoolId: integer('outsourcing_pool_id'),
    /** Why the letter was last sent back (return to typist, QA return); cleared when it is passed on again. */
    returnReason: text('return_reason'),
    /**
     * Issue 23: the letter was sent on with problems the send check found (unfilled placeholders,
     * recipients no channel can reach) and the typist's reason; the author sees both on top of the
     * letter. Set by each send for approval (null when nothing was wrong).
     */
    sentAnyway: jsonb('sent_anyway').$type<{ reason: string; problems: string[]; by: string }>(),
    /**
     * The letter's send-to and copy-to lists as the typist or author saved them (issue 13 recipients
     * editor, src/domain/recipient-entries.ts); null: the job type's defaults from the patient index.
     * Patient data, never logged.
     */
    recipients: jsonb('recipients').$type<RecipientLists>(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('dictations_client').on(t.createdBy, t.clientId),
    uniqueIndex('dictations_reference').on(t.trustId, t.reference),
    index('dictations_trust_status').on(t.trustId, t.status),
    // The work queues (server/modules/worklist, worklist.order.sql.ts), keyed by the tab (`queueTab`:
    // RECEIVED lists under READY_FOR_TYPING) so one index range serves a whole tab in order: the
    // typists' default order (urgent first, then oldest), date and reference sorts; the author,
    // department and document type sorts walk one author, department or job type at a time in name
    // order, each by id. Deleted rows never list.
    index('dictations_queue')
      .on(t.trustId, queueTab(t), t.urgent, t.createdAt, t.id)
      .where(sql`deleted_at IS NULL`),
    index('dictations_queue_date')
      .on(t.trustId, queueTab(t), t.createdAt, t.id)
      .where(sql`deleted_at IS NULL`),
    index('dictations_queue_reference')
      .on(t.trustId, queueTab(t), t.reference)
      .where(sql`deleted_at IS NULL`),
    index('dictations_queue_author')
      .on(t.trustId, queueTab(t), t.authorId, t.id)
      .where(sql`deleted_at IS NULL`),
    index('dictations_queue_department')
      .on(t.trustId, queueTab(t), t.departmentId, t.id)
      .where(sql`deleted_at IS NULL`),
    index('dictations_queue_job_type')
      .on(t.trustId, queueTab(t), t.jobTypeId, t.id)
      .where(sql`deleted_at IS NULL`),
    // Filtered totals the kept counts do not hold (assignee, author: worklist.counts.sql.ts) counted from the
    // index alone: it holds every column the filters and the visibility rule read (status too: an
    // index-only scan needs the columns under the tab expression).
    index('dictations_queue_filters')
      .on(
        t.trustId,
        queueTab(t),
        t.departmentId,
        t.jobTypeId,
        t.isMobile,
        t.isConfidential,
        t.authorId,
        t.createdBy,
        t.assignedTo,
        t.status,
      )
      .where(sql`deleted_at IS NULL`),
    // An author's own rows (dictated, recorded for someone else, assigned to them: worklist.scope.sql.ts
    // ownRows), with every column their lists filter and sort by and their counts read: index-only.
    index('dictations_own_author')
      .on(t.authorId, t.trustId, t.status, t.urgent, t.createdAt, t.departmentId, t.jobTypeId, t.isMobile, t.createdBy, t.assignedTo, t.id)
      .where(sql`deleted_at IS NULL`),
    index('dictations_own_creator')
      .on(t.createdBy, t.trustId, t.status, t.urgent, t.createdAt, t.departmentId, t.jobTypeId, t.isMobile, t.authorId, t.assignedTo, t.id)
      .where(sql`deleted_at IS NULL`),
    index('dictations_own_assignee')
      .on(t.assignedTo, t.trustId, t.status, t.urgent, t.createdAt, t.departmentId, t.jobTypeId, t.isMobile, t.authorId, t.createdBy, t.id)
      .where(sql`deleted_at IS NULL AND assigned_to IS NOT NULL`),
    // Confidential rows a trust-wide viewer other than a Manager may still see: their own, counted
    // index-only on every refresh (the same three parts as ownRows), filtered lists' totals too
    // (department, job type, web/mobile: worklist.counts.sql.ts).
    index('dictations_confidential_author')
      .on(t.authorId, t.trustId, t.status, t.departmentId, t.jobTypeId, t.isMobile)
      .where(sql`is_confidential AND deleted_at IS NULL`),
    index('dictations_confidential_creator')
      .on(t.createdBy, t.trustId, t.status, t.authorId, t.departmentId, t.jobTypeId, t.isMobile)
      .where(sql`is_confidential AND deleted_at IS NULL`),
    // An outsourced typist's list: their pool's dictations only (issue 12).
    index('dictations_outsourcing_pool')
      .on(t.outsourcingPoolId, t.status, t.createdAt, t.id)
      .where(sql`outsourcing_pool_id IS NOT NULL AND deleted_at IS NULL`),
    index('dictations_confidential_assigned')
      .on(t.assignedTo, t.trustId, t.status, t.authorId, t.createdBy, t.departmentId, t.jobTypeId, t.isMobile)
      .where(sql`is_confidential AND deleted_at IS NULL`),
  ],
);

/**
 * Live (not deleted) dictations per trust, status and confidential flag, kept exact by statement-level
 * triggers on `dictations` (migration 0005) in the same transaction as every insert, status change,
 * confidential marking and deletion: the tab counts read a handful of rows instead of the trust's million.
 */
export const dictationCounts = pgTable(
  'dictation_counts',
  {
    trustId: integer('trust_id').notNull(),
    status: text('status').$type<DictationStatus>().notNull(),
    isConfidential: boolean('is_confidential').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.trustId, t.status, t.isConfidential] })],
);

/**
 * The same live rows per trust, status and confidential flag, further split by what a list can be
 * filtered by without reading rows: department, job type, web/mobile (migration 0015, triggers like
 * `dictation_counts`'s). A filtered list's total sums a few of these rows instead of counting the
 * tab's index entries. A second table, not a wider key, so the tab counts still read a handful of rows.
 * Department and job type may be missing: one row holds those, as the key treats missing as equal.
 */
export const dictationFilterCounts = pgTable(
  'dictation_filter_counts',
  {
    trustId: integer('trust_id').notNull(),
    status: text('status').$type<DictationStatus>().notNull(),
    departmentId: integer('department_id'),
    jobTypeId: integer('job_type_id'),
    isMobile: boolean('is_mobile').notNull(),
    isConfidential: boolean('is_confidential').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [
    unique('dictation_filter_counts_key')
      .on(t.trustId, t.status, t.departmentId, t.jobTypeId, t.isMobile, t.isConfidential)
      .nullsNotDistinct(),
  ],
);

export const dictationAudio = pgTable(
  'dictation_audio',
  {
    dictationId: integer('dictation_id')
      .primaryKey()
      .references(() => dictations.id, { onDelete: 'cascade' }),
    originalFilename: text('original_filename').notNull(),
    mimeType: text('mime_type'),
    /** Bytes received from the device: the client deletes its copy only when this matches. */
    filesize: bigint('filesize', { mode: 'number' }).notNull(),
    /** Where the received file is kept (storage key). */
    originalKey: text('original_key').notNull(),
    /** The browser-playable copy, once transcoded. */
    playableKey: text('playable_key'),
    state: text('state').notNull(),
    message: text('message'),
    durationMs: integer('duration_ms'),
    peaks: jsonb('peaks').$type<number[]>(),
    createdAt: createdAt(),
  },
  // The work queue's sort by length walks the audio in length order (worklist.order.sql.ts).
  (t) => [index('dictation_audio_duration').on(t.durationMs, t.dictationId)],
);

export const dictationLogs = pgTable(
  'dictation_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    dictationId: integer('dictation_id')
      .notNull()
      .references(() => dictations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id),
    type: text('type').notNull(),
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  // The audit trail tab pages a dictation's entries newest first.
  (t) => [index('dictation_logs_dictation').on(t.dictationId, t.createdAt)],
);

/** The durable job queue (DESIGN §1 "jobs"): claimed with FOR UPDATE SKIP LOCKED by any process. */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    state: text('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('jobs_ready').on(t.state, t.runAt)],
);

/**
 * The letter being typed for a dictation: a TipTap JSON document. `version` is the optimistic-concurrency
 * counter: every accepted save adds one, and a save based on an older version is refused (409).
 */
export const letters = pgTable('letters', {
  dictationId: integer('dictation_id')
    .primaryKey()
    .references(() => dictations.id, { onDelete: 'cascade' }),
  trustId: integer('trust_id')
    .notNull()
    .references(() => trusts.id),
  doc: jsonb('doc').$type<LetterNode>().notNull(),
  /** Plain text of the document (word count, search in a later issue). */
  text: text('text').notNull().default(''),
  version: integer('version').notNull().default(1),
  updatedBy: integer('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set on approval: who signed the letter, as printed under it (issue 12). */
  approval: jsonb('approval').$type<{
    user_id: number;
    name: string;
    job_title: string | null;
    registration_number: string | null;
    on_behalf_of: string | null;
    approved_at: string;
  }>(),
});

/** Snapshots of a letter: each final save and each hand-off (spec §3 versions); numbered by the letter's version. */
export const letterVersions = pgTable(
  'letter_versions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    dictationId: integer('dictation_id')
      .notNull()
      .references(() => dictations.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** 'final' (Ctrl/Cmd+S) or the hand-off that made it ('send_for_approval', 'approve', …). */
    kind: text('kind').notNull(),
    doc: jsonb('doc').$type<LetterNode>().notNull(),
    text: text('text').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('letter_versions_dictation_version').on(t.dictationId, t.version)],
);

export const dictationComments = pgTable(
  'dictation_comments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    dictationId: integer('dictation_id')
      .notNull()
      .references(() => dictations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id),
    comments: text('comments').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('dictation_comments_dictation').on(t.dictationId, t.createdAt)],
);

/** Autotext snippets: a trust's, a department's or a user's own; the shortcut is unique within its scope. */
export const autotexts = pgTable(
  'autotexts',
  {
    id: serial('id').primaryKey(),
    trustId: integer('trust_id')
      .notNull()
      .references(() => trusts.id),
    /** 'trust' | 'department' | 'user' */
    scope: text('scope').notNull(),
    departmentId: integer('department_id').references(() => departments.id),
    userId: integer('user_id').references(() => users.id),
    shortcut: text('shortcut').notNull(),
    title: text('title').notNull(),
    /** Plain text with merge fields such as {{patient_name}}; never HTML. */
    body: text('body').notNull(),
    /** Goes up by one with every change: an update names the version it was made on (like letters). */
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('autotexts_scope_shortcut').on(
      t.trustId,
      t.scope,
      sql`coalesce(${t.departmentId}, 0)`,
      sql`coalesce(${t.userId}, 0)`,
      sql`lower(${t.shortcut})`,
    ),
  ],
);

/** The embedded patient index (the default provider; FHIR R4 when FHIR_BASE_URL is set). */
export const patients = pgTable(
  'patients',
  {
    id: serial('id').primaryKey(),
    trustId: integer('trust_id')
      .notNull()
      .references(() => trusts.id),
    nhsNumber: text('nhs_number'),
    mrn: text('mrn'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** ISO date (YYYY-MM-DD). */
    birthdate: text('birthdate').notNull(),
    gender: text('gender'),
    email: text('email'),
    address: jsonb('address').$type<{ lines: string[]; postCode: string }>(),
    /** Registered GP practice: { code (ODS), name, practice, address }. */
    gp: jsonb('gp').$type<Record<string, string>>(),
    nextOfKin: jsonb('next_of_kin')
      .$type<{ name: string; relationship: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [
    index('patients_nhs').on(t.trustId, t.nhsNumber),
    index('patients_mrn').on(t.trustId, t.mrn),
    index('patients_name_dob').on(t.trustId, sql`lower(${t.lastName})`, t.birthdate),
  ],
);

export const appointments = pgTable(
  'appointments',
  {
    id: serial('id').primaryKey(),
    trustId: integer('trust_id')
      .notNull()
      .references(() => trusts.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    /** Checkup | Emergency | Followup | Routine | Walkin (spec §9). */
    type: text('type').notNull(),
    /** A FHIR appointment status (spec §9). */
    status: text('status').notNull(),
    clinicCode: text('clinic_code'),
    referrerCode: text('referrer_code'),
    referrerFirstName: text('referrer_first_name'),
    referrerLastName: text('referrer_last_name'),
    createdAt: createdAt(),
  },
  (t) => [index('appointments_patient').on(t.patientId, t.startAt)],
);

/** A group of external typist accounts a Manager allocates dictations to (issue 12, OUTSOURCED). */
export const outsourcingPools = pgTable('outsourcing_pools', {
  id: serial('id').primaryKey(),
  trustId: integer('trust_id')
    .notNull()
    .references(() => trusts.id),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

/**
 * Standing delegations of approval (issue 22): "Jenny Walsh may approve for Daniel Reid", recorded by an
 * administrator, with who set it and when; revoked, never deleted (the audit trail names it). At most one
 * live delegation per pair.
 */
export const approvalDelegations = pgTable(
  'approval_delegations',
  {
    id: serial('id').primaryKey(),
    trustId: integer('trust_id')
      .notNull()
      .references(() => trusts.id),
    /** The Secretary or Manager who may approve. */
    delegateId: integer('delegate_id')
      .notNull()
      .references(() => users.id),
    /** The Author they may approve for. */
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    setBy: integer('set_by')
      .notNull()
      .references(() => users.id),
    setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('approval_delegations_live')
      .on(t.delegateId, t.authorId)
      .where(sql`revoked_at IS NULL`),
    index('approval_delegations_trust').on(t.trustId, t.setAt),
  ],
);

/**
 * Who has opened a dictation's letter, and which letter version they last saw: batch approval takes
 * only letters the author has opened; review mode highlights what changed since that version.
 */
export const dictationViews = pgTable(
  'dictation_views',
  {
    dictationId: integer('dictation_id')
      .notNull()
      .references(() => dictations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    firstViewedAt: timestamp('first_viewed_at', { withTimezone: true }).notNull().defaultNow(),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The letter version they last had in front of them (0: no letter then). */
    lastSeenVersion: integer('last_seen_version').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.dictationId, t.userId] })],
);

/** Files attached to a dictation (referral letters, results, photographs): uploaded through tus. */
export const dictationAttachments = pgTable(
  'dictation_attachments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    dictationId: integer('dictation_id')
      .notNull()
      .references(() => dictations.id, { onDelete: 'cascade' }),
    trustId: integer('trust_id')
      .notNull()
      .references(() => trusts.id),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    filesize: bigint('filesize', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    uploadedBy: integer('uploaded_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('dictation_attachments_dictation').on(t.dictationId, t.createdAt)],
);

/**
 * What a user should hear of (issue 14): author approval waiting, a new typing task, a letter returned
 * with a reason, a refresh request, a letter sent, a delivery failure, a stuck letter. `kind` is the
 * spec's dictation_status_identifier. Titles and bodies hold no patient data (they go into pushes).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    trustId: integer('trust_id')
      .notNull()
      .references(() => trusts.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    dictationId: integer('dictation_id').references(() => dictations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When an e-mail about it went out (batched digests), if the user asked for e-mails of this kind. */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // The panel pages a user's notifications newest first; the badge counts the unread ones.
    index('notifications_user').on(t.userId, t.createdAt, t.id),
    index('notifications_user_unread')
      .on(t.userId)
      .where(sql`read_at IS NULL`),
    // The e-mail digest reads the last day's unread rows not yet mailed, user by user.
    index('notifications_email_pending')
      .on(t.userId, t.id)
      .where(sql`emailed_at IS NULL AND read_at IS NULL`),
  ],
);

/** Web Push subscriptions (and FCM registration tokens) with the topics they receive (spec §7). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The session that registered (or last re-registered) the device: ending that session on the server
     * (logout, revocation) deletes the device, and an expired one gets no pushes (spec §4 step 5).
     * Null for devices registered before this column.
     */
    sessionId: integer('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    /** 'webpush' (endpoint + keys) or 'fcm' (registration token). */
    transport: text('transport').notNull(),
    /** The push endpoint URL or the FCM registration token: unique per device. */
    token: text('token').notNull(),
    p256dh: text('p256dh'),
    auth: text('auth'),
    topics: jsonb('topics')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_token').on(t.token),
    index('push_subscriptions_user').on(t.userId),
    index('push_subscriptions_session').on(t.sessionId),
  ],
);

/**
 * One recipient's copy of an approved letter (issue 13 "Letters out"): by e-mail, to a GP practice over
 * MESH, or printed and posted. A resend is a new row (`resend_of` the failed one, which stays as it was),
 * so the history is kept; a dictation's current deliveries are the rows no resend replaced. The dictation
 * becomes SENT when every current delivery is delivered or posted.
 *   queued     a job will send it (e-mail, MESH), retried with backoff on transient failures
 *   printing   waiting in the print queue until someone marks it posted
 *   delivered  the mail server or MESH accepted it
 *   posted     printed and posted (by whom, when)
 *   failed     given up: `reason` says why
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    trustId: integer('trust_id')
      .notNull()
      .references(() => trusts.id),
    dictationId: integer('dictation_id')
      .notNull()
      .references(() => dictations.id, { onDelete: 'cascade' }),
    /** 'to' or 'cc'. */
    role: text('role').notNull(),
    /** The recipient entry (spec §3) as the letter names them; patient data, never logged. */
    recipient: jsonb('recipient').$type<Record<string, string>>().notNull(),
    /** How they are reached: { name, lines, email, ods_code }; patient data, never logged. */
    contact: jsonb('contact').$type<{ name: string; lines: string[]; email: string | null; ods_code: string | null }>().notNull(),
    channel: text('channel').notNull(),
    status: text('status').$type<DeliveryStatus>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Why it failed, or why this channel (a GP copy printed because MESH is not set up). Plain words. */
    reason: text('reason'),
    /** What the channel answered: the SMTP reply, "Accepted by MESH …". */
    result: text('result'),
    /** The e-mail's Message-ID or the MESH message id. */
    messageId: text('message_id'),
    resendOf: bigint('resend_of', { mode: 'number' }),
    createdBy: integer('created_by').references(() => users.id),
    postedBy: integer('posted_by').references(() => users.id),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** When the channel accepted it (mail server, MESH); a GP copy is delivered only once the practice acknowledges it. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** MESH tracking of a `sent` GP copy: when it was last asked, how often, and when to ask next (backoff). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    checks: integer('checks').notNull().default(0),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('deliveries_dictation').on(t.dictationId, t.id),
    // MESH tracking (issue 13): the GP copies sent and not yet acknowledged, by when they are due.
    index('deliveries_tracking')
      .on(t.nextCheckAt)
      .where(sql`status = 'sent'`),
    // The print queue: a trust's copies waiting to be posted.
    index('deliveries_print_queue')
      .on(t.trustId, t.id)
      .where(sql`status = 'printing'`),
    // A failed delivery is sent again at most once: a second resend of it is refused by the database.
    uniqueIndex('deliveries_resend_of_unique').on(t.resendOf),
    // The failures list: a trust's deliveries that failed, paged by id.
    index('deliveries_failed')
      .on(t.trustId, t.id)
      .where(sql`status = 'failed'`),
    // MESH error reports (issue 13) name the GP copy by its MESH message id.
    index('deliveries_mesh_message')
      .on(t.messageId)
      .where(sql`channel = 'gp_electronic'`),
    // The stuck-letter check (issue 13): the few copies not yet delivered or posted.
    index('deliveries_outstanding')
      .on(t.dictationId)
      .where(sql`status NOT IN ('delivered', 'posted')`),
  ],
);

/**
 * Stuck letters (issue 13) the trust's managers were told of: one row per letter while it stays stuck,
 * so the notification goes once; the row goes when the letter is no longer stuck (it may come again).
 */
export const stuckAlarms = pgTable('stuck_alarms', {
  dictationId: integer('dictation_id')
    .primaryKey()
    .references(() => dictations.id, { onDelete: 'cascade' }),
  trustId: integer('trust_id')
    .notNull()
    .references(() => trusts.id),
  raisedAt: timestamp('raised_at', { withTimezone: true }).notNull().defaultNow(),
});

/** When a manager was last sent the daily stuck-letter digest (at most one a day, across processes). */
export const stuckDigests = pgTable('stuck_digests', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
});
