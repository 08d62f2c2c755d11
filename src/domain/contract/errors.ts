/**
 * The error catalogue (issue 24 point 3): every error code the server sends, with its HTTP status and its
 * words. The server builds each refusal from this table (server/lib/errors.ts `appError`), and the client
 * reads `ErrorCode` so a code it compares against is checked by the compiler.
 *
 * A row's `message` is a MESSAGES entry, or a function of the arguments a parametrised one needs. A code
 * said with different words in different places lists those as `variants` (a variant may have its own
 * status: `attachment_too_large` is 413 when the upload itself is too big, 422 when its content unpacks
 * too far). The texts are the catalogue's (src/domain/messages.ts), verbatim; the few that are not there
 * yet are quoted here as the server has always sent them.
 *
 * Besides these, a 4xx raised by the framework itself (a body that is not JSON, too large, of the wrong
 * type) keeps the framework's own code (FST_ERR_…) with the words of `STATUS_FALLBACK` below.
 */
import type { AttachmentRefusal } from '../attachment-types';
import { MESSAGES, PAGE_MESSAGES } from '../messages';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a row's words take whatever arguments they need
type Words = string | ((...args: any[]) => string);

export interface ErrorRow {
  readonly status: number;
  readonly message: Words;
  readonly variants?: Readonly<Record<string, { readonly status?: number; readonly message: Words }>>;
}

/** The domain's own words for a refused attachment (src/domain/attachment-verdict.ts), as given. */
const givenWords = (words: string) => words;
const attachmentRefusal = { status: 422, message: givenWords } as const;

export const ERROR_CATALOGUE = {
  // The session and the caller
  unauthenticated: { status: 401, message: MESSAGES.sessionEnded },
  forbidden: {
    status: 403,
    message: MESSAGES.forbidden,
    variants: {
      autotextScope: { message: MESSAGES.autotextScopeNotAllowed },
      autotextNotYours: { message: MESSAGES.autotextNotYours },
      notYoursToApprove: { message: MESSAGES.notYoursToApprove },
    },
  },
  not_found: { status: 404, message: MESSAGES.notFoundResource },
  invalid_credentials: { status: 422, message: MESSAGES.invalidCredentials },
  account_locked: { status: 429, message: MESSAGES.accountLocked },
  pin_required: { status: 403, message: MESSAGES.pinRequired },
  pin_not_set: { status: 403, message: MESSAGES.pinNotSet },
  pin_incorrect: { status: 403, message: MESSAGES.pinUnauthorized },
  pin_expired: { status: 403, message: MESSAGES.pinExpiredServer },
  pin_verification_expired: { status: 403, message: MESSAGES.pinVerificationExpired },
  pin_locked: { status: 429, message: MESSAGES.pinLocked },
  too_many_requests: { status: 429, message: MESSAGES.tooManyRequests },
  too_many_streams: { status: 429, message: MESSAGES.tooManyRequests },
  idempotency_key_reused: { status: 422, message: MESSAGES.idempotencyKeyReused },

  // The server as a whole
  maintenance: { status: 503, message: MESSAGES.maintenance },
  server_error: { status: 500, message: MESSAGES.serverError },
  bad_request: { status: 400, message: 'The request could not be read. Check what you entered and try again.' },
  /** The words of a refused body or query (the contract's zod messages, by field). */
  validation: { status: 422, message: (words: string) => words },

  // Patients
  patient_index_unavailable: { status: 502, message: MESSAGES.patientIndexUnavailable },
  patient_identity_mismatch: {
    status: 422,
    message: MESSAGES.patientIdentityMismatch,
    variants: {
      delivery: { message: MESSAGES.deliveryIdentityMismatch },
      /** The reason planDeliveries gave: MESSAGES.deliveryIdentityMismatch, already filled in. */
      planned: { message: (reason: string) => reason },
    },
  },

  // Dictations and their workflow
  changed: { status: 409, message: MESSAGES.dictationChanged },
  wrong_status: {
    status: 409,
    message: MESSAGES.cannotClaimInStatus,
    variants: {
      takeOver: { message: MESSAGES.cannotTakeOverInStatus },
      handOff: { message: MESSAGES.cannotHandOff },
      delete: { message: MESSAGES.cannotDeleteInStatus },
      markConfidential: { message: MESSAGES.cannotMarkConfidentialInStatus },
      approve: { message: MESSAGES.cannotApproveInStatus },
      approvedAlready: { message: MESSAGES.approvedAlready },
    },
  },
  already_claimed: { status: 409, message: MESSAGES.alreadyClaimed },
  not_typist: { status: 403, message: MESSAGES.handOffNeedsTypist },
  no_letter: { status: 422, message: MESSAGES.noLetterToSend, variants: { approve: { message: MESSAGES.noLetterToApprove } } },
  not_opened: { status: 409, message: MESSAGES.openBeforeApproving },
  details_not_editable: { status: 403, message: MESSAGES.detailsNotEditable },
  recipients_not_editable: { status: 403, message: PAGE_MESSAGES.recipientsNotEditable },
  not_a_draft: { status: 409, message: 'This dictation has already been submitted, so its details can no longer be changed here.' },
  upload_missing: {
    status: 422,
    message: 'The recording has not reached the server. It is still on your device and will be sent again.',
  },
  upload_incomplete: { status: 409, message: 'The recording has not finished uploading yet. It will carry on from where it stopped.' },
  size_mismatch: {
    status: 409,
    message: (received: number, held: number) =>
      `The server received ${received} bytes but the device holds ${held}. The recording is kept on the device.`,
  },
  not_audio: {
    status: 422,
    message: (filename: string) =>
      `“${filename}” is not an audio recording Wardnote can read, so no dictation was made. The upload is kept for 24 hours.`,
  },
  no_audio: { status: 404, message: MESSAGES.noAudioManualLetter },
  audio_not_ready: {
    status: 404,
    message: (why?: string | null) => why ?? 'The audio is still being prepared. Try again in a moment.',
  },
  delegation_exists: { status: 409, message: PAGE_MESSAGES.delegationExists },

  // Letters
  letter_invalid: { status: 422, message: MESSAGES.letterInvalid },
  letter_not_editable: { status: 403, message: MESSAGES.letterNotEditable },
  /** Sent with the server's copy of the letter (LetterConflict in letter.ts). */
  letter_conflict: { status: 409, message: MESSAGES.letterConflict },
  letter_not_renderable: {
    status: 422,
    message: MESSAGES.letterNotRenderable,
    variants: {
      inPile: { message: MESSAGES.pileLetterNotRenderable },
      approve: { message: MESSAGES.cannotApproveUnprintable },
    },
  },
  render_unavailable: { status: 503, message: MESSAGES.letterNotRenderable },
  send_problems: { status: 422, message: MESSAGES.sendProblemsNeedReason },
  /** The first problem planDeliveries found, in its words. */
  no_channel: { status: 422, message: (reason: string) => reason },
  print_link_invalid: { status: 403, message: PAGE_MESSAGES.printLinkInvalid },
  print_link_expired: { status: 410, message: PAGE_MESSAGES.printLinkExpired },
  not_waiting: { status: 409, message: MESSAGES.printNotWaiting },
  already_resent: { status: 409, message: MESSAGES.resendReplacedAlready },
  not_failed: { status: 409, message: MESSAGES.resendOnlyFailed },

  // Autotext
  autotext_conflict: { status: 409, message: MESSAGES.autotextConflict },

  // Attachments: the checks' own refusals, one code per AttachmentRefusal
  attachments_locked: { status: 409, message: MESSAGES.attachmentLocked },
  attachment_not_yours: { status: 403, message: MESSAGES.attachmentNotYours },
  attachment_check_timeout: { status: 422, message: MESSAGES.attachmentCheckTooSlow },
  attachment_check_busy: { status: 503, message: MESSAGES.attachmentCheckBusy },
  attachment_empty: attachmentRefusal,
  attachment_too_large: {
    status: 422,
    message: givenWords,
    variants: {
      unpacked: { message: MESSAGES.attachmentUnpackedTooLarge },
      upload: { status: 413, message: MESSAGES.attachmentTooLarge },
    },
  },
  attachment_eicar: attachmentRefusal,
  attachment_program: attachmentRefusal,
  attachment_macro: attachmentRefusal,
  attachment_pdf_active: attachmentRefusal,
  attachment_type: attachmentRefusal,
  attachment_mismatch: attachmentRefusal,
  attachment_bomb: attachmentRefusal,
  attachment_external: attachmentRefusal,
  attachment_uncheckable: { status: 422, message: givenWords, variants: { pool: { message: MESSAGES.attachmentUncheckable } } },
  attachment_polyglot: attachmentRefusal,

  // Push notifications
  push_endpoint_not_https: { status: 422, message: MESSAGES.pushEndpointNotHttps },
  push_endpoint_not_public: { status: 422, message: MESSAGES.pushEndpointNotPublic },
  push_endpoint_unresolved: { status: 422, message: MESSAGES.pushEndpointUnresolved },
  fcm_not_configured: { status: 422, message: 'Firebase push is not configured on this server: send a Web Push subscription.' },

  // Administration: departments and job types (issue 25)
  department_name_taken: { status: 422, message: PAGE_MESSAGES.departmentNameTaken },
  department_code_taken: { status: 422, message: PAGE_MESSAGES.departmentCodeTaken },
  department_in_use: { status: 409, message: PAGE_MESSAGES.departmentInUse },
  department_inactive: { status: 422, message: PAGE_MESSAGES.departmentInactive },
  job_type_name_taken: { status: 422, message: PAGE_MESSAGES.jobTypeNameTaken },
  job_type_in_use: { status: 409, message: PAGE_MESSAGES.jobTypeInUse },

  // The knowledge base (issue 25)
  /** A TrustAdmin writing, changing or deleting an article for every trust (they may read it, so not a 404). */
  knowledge_global_only: { status: 403, message: PAGE_MESSAGES.kbGlobalOnlySuperAdmin },

  // The audit viewer (issue 25): a reference of no dictation within the caller's reach (another trust's too: a 404)
  audit_reference_unknown: { status: 404, message: PAGE_MESSAGES.auditReferenceUnknown },

  // Users: the list, invitations, CSV import, edits, unlock, PIN reset, sign-out everywhere, deactivation (issue 25)
  user_email_taken: { status: 422, message: PAGE_MESSAGES.userEmailTaken },
  /** Giving or taking away a role, permission or group the caller may not give (src/domain/user-grants.ts). */
  user_grant_refused: {
    status: 403,
    message: PAGE_MESSAGES.userRoleNotYours,
    variants: {
      permission: { message: PAGE_MESSAGES.userPermissionNotYours },
      group: { message: PAGE_MESSAGES.userGroupNotYours },
    },
  },
  /** The user holds a role the caller cannot give: only a higher administrator changes their account. */
  user_outranks_you: { status: 403, message: PAGE_MESSAGES.userOutranksYou },
  /** A SiteAdmin placing a user at another site. */
  user_site_not_yours: { status: 403, message: PAGE_MESSAGES.userSiteNotYours },
  /** A site, group, pool, job type or author named in the body that is not the user's trust's (or not active). */
  user_reference_unknown: {
    status: 422,
    message: PAGE_MESSAGES.userSiteUnknown,
    variants: {
      group: { message: PAGE_MESSAGES.userGroupUnknown },
      pool: { message: PAGE_MESSAGES.userPoolUnknown },
      jobType: { message: PAGE_MESSAGES.userJobTypeUnknown },
      author: { message: PAGE_MESSAGES.userDelegationAuthorUnknown },
      notTypist: { message: PAGE_MESSAGES.userDelegationNotTypist },
    },
  },
  user_last_admin: { status: 409, message: PAGE_MESSAGES.userLastAdmin },
  user_deactivate_self: { status: 409, message: PAGE_MESSAGES.userDeactivateSelf },
  user_inactive: { status: 409, message: PAGE_MESSAGES.userInactive },
  user_not_invited: { status: 409, message: PAGE_MESSAGES.userNotInvited },
  /** Deactivating a user with work in progress and no heir: the counts in words. */
  user_needs_heir: { status: 409, message: PAGE_MESSAGES.userNeedsHeir },
  user_heir_invalid: {
    status: 422,
    message: PAGE_MESSAGES.userHeirInvalid,
    variants: { typist: { message: PAGE_MESSAGES.userTypistHeirInvalid } },
  },
  /** The CSV import: a file that cannot be read as a whole (no header, too many rows), or a commit with rows in error. */
  users_import_invalid: {
    status: 422,
    message: PAGE_MESSAGES.usersImportEmpty,
    variants: {
      header: { message: PAGE_MESSAGES.usersImportHeader },
      unknownColumn: { message: PAGE_MESSAGES.usersImportUnknownColumn },
      tooManyRows: { message: PAGE_MESSAGES.usersImportTooManyRows },
      rowErrors: { message: PAGE_MESSAGES.usersImportHasErrors },
    },
  },

  // Groups: permission bundles scoped to a trust or site, and their members (issue 25)
  group_name_taken: { status: 422, message: PAGE_MESSAGES.groupNameTaken },
  /** Nobody grants a permission they do not hold: giving it to a group, or changing (members too) a group that gives it. */
  group_permission_not_held: {
    status: 403,
    message: PAGE_MESSAGES.groupPermissionNotHeld,
    variants: { change: { message: PAGE_MESSAGES.groupChangeNotHeld } },
  },
  group_site_unknown: {
    status: 422,
    message: PAGE_MESSAGES.groupSiteUnknown,
    variants: { notYours: { message: PAGE_MESSAGES.groupSiteOnlyYours } },
  },
  group_member_unknown: { status: 422, message: PAGE_MESSAGES.groupMemberUnknown },
  group_member_other_site: { status: 422, message: PAGE_MESSAGES.groupMemberOtherSite },
  group_members_elsewhere: { status: 422, message: PAGE_MESSAGES.groupMembersElsewhere },

  // Trusts and sites: identity, targets, retention, letterhead, engine settings with write-only secrets (issue 25)
  trust_ods_taken: { status: 422, message: PAGE_MESSAGES.trustOdsTaken },
  trust_own_deactivate: { status: 422, message: PAGE_MESSAGES.trustOwnDeactivate },
  site_name_taken: { status: 422, message: PAGE_MESSAGES.siteNameTaken },
  site_own_deactivate: { status: 422, message: PAGE_MESSAGES.siteOwnDeactivate },
  site_last_active: { status: 422, message: PAGE_MESSAGES.siteLastActive },
  engine_url_not_public: { status: 422, message: PAGE_MESSAGES.engineUrlNotPublic },
  letterhead_logo_invalid: { status: 422, message: PAGE_MESSAGES.letterheadLogoType },
  letterhead_logo_too_large: { status: 422, message: PAGE_MESSAGES.letterheadLogoSize },

  // Settings that inherit trust → site → department → user, with locks (issue 25)
  /** A preference or setting a higher level locked: names the setting and who locked it. */
  setting_locked: { status: 422, message: PAGE_MESSAGES.settingLocked },
  /** A setting this level cannot hold (second factor for a user, retention for a user or the trust). */
  setting_not_at_level: { status: 422, message: PAGE_MESSAGES.settingNotAtLevel },
  /** A value that breaks the setting's rule (its words say which), or a lock on a user's own level. */
  setting_invalid: { status: 422, message: (words: string) => words },
} as const satisfies Record<string, ErrorRow>;

/** Every code the server sends in an error's `code`. */
export type ErrorCode = keyof typeof ERROR_CATALOGUE;

// Every attachment refusal has its code: a new AttachmentRefusal without a row fails typecheck here.
type MissingAttachmentCodes = Exclude<`attachment_${AttachmentRefusal}`, ErrorCode>;
export const ATTACHMENT_CODES_COMPLETE: [MissingAttachmentCodes] extends [never] ? true : MissingAttachmentCodes = true;

type Row<C extends ErrorCode> = (typeof ERROR_CATALOGUE)[C];
type ArgsOf<W> = W extends (...args: infer A) => string ? A : [];
/** The arguments a code's words take (none for a fixed text). */
export type ErrorArgs<C extends ErrorCode> = ArgsOf<Row<C>['message']>;
/** The named variants of a code, if it has any. */
export type ErrorVariant<C extends ErrorCode> = Row<C> extends { variants: infer V } ? keyof V & string : never;
type VariantsOf<C extends ErrorCode> = Row<C> extends { variants: infer R } ? R : never;
/** The arguments of each variant's words, by variant. */
export type ErrorVariantArgs<C extends ErrorCode> = {
  [V in keyof VariantsOf<C>]: ArgsOf<VariantsOf<C>[V] extends { message: infer W } ? W : never>;
};

const say = (words: Words, args: readonly unknown[]): string => (typeof words === 'string' ? words : words(...args));

/** A code's status and words. */
export function errorOf<C extends ErrorCode>(code: C, ...args: NoInfer<ErrorArgs<C>>): { status: number; code: C; message: string } {
  const row: ErrorRow = ERROR_CATALOGUE[code];
  return { status: row.status, code, message: say(row.message, args) };
}

/** A code's status and words, said one of its other ways. */
export function errorVariantOf<C extends ErrorCode, V extends ErrorVariant<C>>(
  code: C,
  variant: V,
  ...args: ErrorVariantArgs<C>[V]
): { status: number; code: C; message: string } {
  const row: ErrorRow = ERROR_CATALOGUE[code];
  const v = row.variants?.[variant];
  if (!v) throw new Error(`error catalogue: ${code} has no variant ${variant}`);
  return { status: v.status ?? row.status, code, message: say(v.message, args) };
}

/**
 * The words for a status the framework refused without a code of ours (a body that is not JSON, too large,
 * of a type not accepted), by the row that stands for that status.
 */
export const STATUS_FALLBACK: Readonly<Record<number, string>> = {
  400: ERROR_CATALOGUE.bad_request.message,
  401: ERROR_CATALOGUE.unauthenticated.message,
  403: ERROR_CATALOGUE.forbidden.message,
  404: ERROR_CATALOGUE.not_found.message,
  413: 'What you sent is too large.',
  415: 'This kind of content is not accepted here.',
  429: ERROR_CATALOGUE.too_many_requests.message,
};
/** The words for any other refused status. */
export const REFUSED_FALLBACK = 'The request was refused.';
