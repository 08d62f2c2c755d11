/**
 * Every user-facing text the spec gives, verbatim (spec §2, §5, §8), plus the texts Wardnote adds
 * where the spec is silent (marked "ours"). One catalogue: client and server import from here. The words
 * of the first load and of the service worker live in two small modules spread in here, which those import
 * directly so they do not carry the whole catalogue (issue 8).
 */
import { SIGN_IN_MESSAGES } from './messages-sign-in';
import { TRANSPORT_MESSAGES } from './messages-transport';
import { formatHours } from './display-format';
import { ADMIN_AUDIT_MESSAGES } from './messages-admin-audit';
import { ADMIN_KNOWLEDGE_MESSAGES } from './messages-admin-knowledge';
import { ADMIN_STRUCTURE_MESSAGES } from './messages-admin-structure';
import { ADMIN_SETTINGS_MESSAGES } from './messages-admin-settings';
import { ADMIN_TRUSTS_MESSAGES } from './messages-admin-trusts';
import { ADMIN_GROUPS_MESSAGES } from './messages-admin-groups';
import { ADMIN_USERS_MESSAGES, ADMIN_USERS_PAGE_MESSAGES } from './messages-admin-users';

/** Sentences as one list: "a; b; c", without the full stops that would double before the next one. */
const joinLines = (lines: readonly string[]) => lines.map((l) => l.replace(/\.+$/, '')).join('; ');

export const MESSAGES = {
  ...SIGN_IN_MESSAGES,
  ...TRANSPORT_MESSAGES,
  maxTabs: 'You have reached the maximum allowed tabs',
  leavePageTitle: 'Are you sure you want to leave this page?',
  leavePageBody: 'Any unsaved changes may be lost.',
  logoutConfirm: 'Are you sure you want to logout?',
  popupBlocked: 'Popup blocked! Please allow popups for this site.',
  allocationFailed: "Oops, something went wrong, and we couldn't process your request; if this continuous, contact our customer support.",
  noComments: 'No comment(s) for this dictation',
  previewNotAvailable: 'Preview not available',
  notificationBlocked: 'Notification permission was blocked. Please enable notifications in your browser settings.',
  pushFailedIncognito: 'Push notifications failed. Please use a regular browser and enable notifications.',
  // ours: a push subscription's endpoint the server will not send to (issue 22 point 5)
  pushEndpointNotHttps: 'This browser’s push address cannot be used: it must be an https address on the standard port.',
  pushEndpointNotPublic:
    'This browser’s push address points into a private or local network: notifications are sent only to public push services.',
  pushEndpointUnresolved: 'This browser’s push service could not be found. Turn notifications on again later.',
  minColumns: 'Select a minimum of 5 columns to display.',
  invalidBase64: 'Invalid Base64 input',
  cancelledTitle: 'Cancelled',
  cancelledBody: 'Action has been cancelled.',
  serviceRequired: 'The Service field is required.',
  redirectConfirm: 'Do you want to be redirected?',
  noSearchResults: (what: string) => `No ${what} found`,
  // ours: the find-document panel offline, searching the lists kept on this device
  searchLocal: 'You are offline: these results come from the lists on this device only.',

  // ours: recordings on the device
  discardRecordingTitle: 'Discard this recording?',
  discardRecordingBody: 'The audio is deleted from this device and cannot be recovered.',
  discardUnsentBody: 'It has not reached the server. Discarding deletes the audio from this device for good.',
  discardChangeTitle: 'Discard this change?',
  discardChangeBody: 'It has not reached the server. Discarding means the server never receives it.',

  // ours: sign-in and second factor
  invalidCredentials: 'The e-mail address or password is incorrect.',
  accountLocked: (minutes: number) =>
    `Too many failed sign-in attempts. Your account is locked; try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  pinLocked: (minutes: number) => `Too many incorrect PIN attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  /** Server message when a PIN is wrong; contains 'Unauthorized' as spec §8 expects. */
  pinUnauthorized: 'Unauthorized: the PIN you entered is incorrect.',
  /** Server message when the PIN itself is too old; contains 'Expired' as spec §8 expects. */
  pinExpiredServer: 'PIN Expired: set a new PIN to continue.',
  /** Server message when the session's PIN verification has lapsed; contains 'expired' (spec §8). */
  pinVerificationExpired: 'Your PIN verification has expired. Enter your PIN again.',
  pinRequired: 'Enter your PIN to continue.',
  pinNotSet: 'You have not set a PIN yet. Set one to continue.',
  pinMismatch: 'The two PINs do not match.',
  pinFormat: 'A PIN is 4 to 8 digits.',
  currentPinRequired: 'Enter your current PIN to set a new one.',
  sessionEnded: 'Your session has ended. Sign in again.',
  passwordChanged: 'Your password has been changed.',
  passwordWrong: 'Your current password is incorrect.',
  passwordMismatch: 'The two passwords do not match.',
  passwordRule: 'Use at least 10 characters, with at least one letter and one number.',
  passwordSame: 'Choose a password different from your current one.',
  resetLinkSent: 'If an account exists for that e-mail address, we have sent a link to reset the password.',
  resetDone: 'Your password has been reset. Sign in with the new password.',
  resetTokenInvalid: 'This reset link is invalid or has expired.',
  maintenance: 'Wardnote is down for maintenance. Please try again shortly.',
  forbidden: 'You are not allowed to do this.',
  notFoundResource: 'Not found.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  /** Ours: an Idempotency-Key sent again with another request (issue 22 point 8). */
  idempotencyKeyReused: 'This request key was already used for a different request.',

  // ours: input the server refuses before it reaches the database
  idInvalid: 'This is not a valid number for this field: use a whole number from 1 to 2147483647.',
  textUnsafe: 'This contains a character that cannot be stored (a null character or half of an emoji or symbol). Remove it and try again.',
  /** Ours: on a dictation's audio once every attempt to convert it for playback has failed or run out of time. */
  audioConversionFailed:
    'This file could not be converted for playback. The original recording is kept; contact support if you need to hear it.',
  // ours: the work queues
  unknownColumn: 'This is not a column the work queue can show.',
  cannotDeleteInStatus: (status: string) =>
    `This dictation is in ${status}: it can be deleted only while in Author Approval, Ready For Typing or Being Typed.`,
  cannotMarkConfidentialInStatus: (status: string) =>
    `This dictation is in ${status}: confidential marking can be changed only while in Ready For Typing or Author Approval.`,
  // ours: autotext (snippets, their import)
  autotextShortcutMissing: 'The shortcut is missing.',
  autotextShortcutFormat: 'A shortcut is one word: letters, digits and . - _ / only, with no spaces.',
  autotextTitleMissing: 'The title is missing.',
  autotextBodyMissing: 'The text is missing.',
  autotextTooLong: (what: string, max: number, length: number) => `The ${what} is too long: ${length} characters, at most ${max}.`,
  autotextControlCharacter: (what: string) =>
    `The ${what} contains an invisible control character (often copied from another program). Retype it without that character.`,
  autotextUnknownField: (names: string) => `Unknown merge field ${names}. Use only the merge fields listed on this page.`,
  autotextDuplicateInFile: (row: number) => `The shortcut is repeated: row ${row} of the file has the same one.`,
  autotextDuplicateExisting: (where: string) => `There is already an autotext with this shortcut (${where}).`,
  autotextDepartmentRequired: 'Choose the department.',
  autotextDepartmentUnknown: 'This department is not one of your trust’s.',
  autotextScopeNotAllowed: 'You can add autotext only for yourself; the trust and department ones are kept by managers and administrators.',
  autotextScopeUnknown: (value: string) => `“${value}” is not a scope: write trust, department or user (or leave it empty).`,
  autotextNotYours: 'You cannot change this autotext: it is shared and kept by managers and administrators.',
  autotextDeleted: 'The autotext has been deleted.',
  autotextConflict:
    'Someone else changed this autotext after you opened it. Save again to replace their change with yours, or cancel to keep theirs.',
  autotextImportFileType: (name: string) => `“${name}” cannot be imported: only .xls, .xlsx and .csv files are accepted.`,
  autotextImportFileContent: (name: string) =>
    `“${name}” is not the spreadsheet its name says. Save it again from your spreadsheet program as .xlsx, .xls or .csv.`,
  autotextImportFileTooBig: (mb: number) => `The file is too large to import: at most ${mb} MB.`,
  autotextImportTooManyRows: (max: number) => `The file has more than ${max} rows. Split it into smaller files.`,
  autotextImportNoHeader: 'The first row must name the columns: shortcut, title and body (scope is optional).',
  autotextImportEmpty: 'The file has no rows to import.',
  autotextImportUnreadable: 'The file could not be read. Save it again as .xlsx or .csv and try again.',
  autotextNoWindowTarget: 'Open this window from a dictation to insert autotext into its letter.',
  // ours: letters, typing and hand-offs (issue 11)
  letterInvalid: (problem: string) => `This letter cannot be saved: ${problem}`,
  letterConflict: 'Someone else saved this letter after you opened it. Both versions are shown: keep the right text, then save again.',
  letterNotEditable: (why: string) =>
    `This letter can no longer be changed here: ${why}. Your text is kept on this device — copy it before leaving.`,
  letterBeingTypedBy: (name: string) => `Being typed by ${name}`,
  letterWaitingForTyping: 'Waiting to be typed',
  letterNotTakenYet: 'Nobody is typing this dictation yet',
  letterWithAuthor: (name: string) => `With ${name} for approval`,
  letterOutsourced: 'With outsourced typing',
  letterInQa: 'In QA review',
  letterApproved: 'Approved: waiting to be sent',
  // ours: the author's tab of their approved letters until every copy is sent (issue 23)
  authorSendingTab: 'Approved — being sent',
  noAuthorSending: 'No approved letters on their way',
  letterSent: 'Sent: the letter can no longer be changed',
  letterDraft: 'Still a draft: not submitted for typing yet',
  letterAdminReadOnly: 'Administrators can read letters but do not type them',
  // ours: what a letter may hold, so that every letter can be printed (issue 22 point 3, src/domain/letter-bounds.ts)
  letterTooLarge: (kb: number, maxKb: number) =>
    `The letter is too large to save (${kb} KB; at most ${maxKb} KB). Split it into two letters.`,
  tableRowSpanTooBig: 'A table cell cannot span more rows than the table has.',
  tableColSpanTooBig: 'A table cell cannot span more columns than the table has.',
  tableTooWide: (max: number) => `A table can have at most ${max} columns.`,
  tableTooManyCells: (max: string) => `A table can have at most ${max} cells (a merged cell counts as every cell it covers).`,
  letterTooManyTableCells: (max: string) => `A letter can have at most ${max} table cells in all its tables together.`,
  tablesNestedTooDeep: (max: number) => `Tables can be put inside tables at most ${max} deep.`,
  listsNestedTooDeep: (max: number) => `Lists can be nested at most ${max} levels deep.`,
  paragraphTooLong: (max: string) => `A paragraph can be at most ${max} characters long. Split it into shorter paragraphs.`,
  wordTooLong: (max: number) => `A word or web address can be at most ${max} characters long. Add spaces to it.`,
  /** The editor's notice over a letter that breaks the rules above (one saved before they existed, say). */
  letterNeedsFixing: (problem: string) =>
    `This letter cannot be saved to the server, printed or sent until this is put right: ${problem} Your changes are kept on this device meanwhile.`,
  /** A read-only viewer of such a letter (its author, say). */
  letterCannotBePrinted: (problem: string) => `This letter cannot be printed or sent until this is put right: ${problem}`,
  /** A save (Ctrl+S) or a hand-off of such a letter. */
  letterPutRightFirst: (problem: string) => `Put this right in the letter first: ${problem}`,
  letterNotRenderable: (format: 'PDF' | 'Word document', why: string) => `This letter could not be turned into a ${format}: ${why}`,
  letterRenderTooSlow: 'it took too long to lay out. Shorten its longest tables or paragraphs, then try again.',
  letterRenderTooBig: 'it needed more memory than a letter may use. Shorten its longest tables or paragraphs, then try again.',
  letterRenderFailed: 'its content could not be laid out. Simplify its tables, then try again.',
  letterRenderStopped: 'the program that lays letters out stopped. Try again in a minute.',
  letterRenderBusy: 'Many letters are being prepared at this moment. Try again in a minute.',
  pileLetterNotRenderable: (reference: string, why: string) => `Letter ${reference}: ${why}`,
  cannotApproveUnprintable: (problem: string) => `This letter cannot be approved until this is put right: ${problem}`,
  alreadyClaimed: (name: string) => `${name} is already typing this dictation.`,
  cannotClaimInStatus: (status: string) => `This dictation is in ${status}: only a dictation waiting for typing can be taken.`,
  cannotTakeOverInStatus: (status: string) => `This dictation is in ${status}: only a dictation being typed can be taken over.`,
  cannotHandOff: (action: string, status: string) => `“${action}” cannot be done on a dictation in ${status}.`,
  handOffNeedsTypist: 'Only the person typing this dictation can hand it on. A manager can take it over first.',
  // ours: secretarial cover and allocation of work someone is typing (issue 22)
  coverOnlyByAuthor: 'Only the author can hand a letter back with secretarial cover.',
  allocationTaken: (name: string) => `${name} is already typing this dictation. A manager can take it over from the dictation page.`,
  allocationAlreadyAssigned: (name: string) => `It is already assigned to ${name}.`,
  allocationChanged: 'Someone else changed it a moment ago. Refresh the list and try again.',
  approvedOnBehalf: (approver: string, author: string, grant: string) => `Approved by ${approver} on behalf of ${author} (${grant})`,
  coverGrantLetter: (author: string, at: string) => `per letter, granted by ${author} at ${at}`,
  coverGrantDelegation: (admin: string, on: string) => `standing delegation set by ${admin} on ${on}`,
  coverGrantUnrecorded: 'secretarial cover given before grants were recorded',
  reasonRequired: 'Give a reason: it is kept as a comment for whoever picks the dictation up.',
  noLetterToSend: 'There is no typed letter to send yet. Type the letter first.',
  dictationChanged: 'Someone else changed this dictation a moment ago. Refresh and try again.',
  detailsNotEditable:
    'The details can be corrected only by the person typing this dictation, or by its author while it waits for approval.',
  noAudioManualLetter: 'This is a typed letter without a recording.',
  // patient and appointment lookup (spec §8 empty states, then ours)
  noPatientDetails: 'Patient: No patient details',
  noPatientName: 'No patient name',
  nhsNumberInvalid: 'This is not a valid NHS number: check the 10 digits.',
  patientSearchKind: 'Search by NHS number, by hospital number (MRN), or by surname and date of birth.',
  patientIndexUnavailable: 'The patient index did not answer. Try again, or type the details by hand.',
  patientLookupOffline: 'Finding a patient needs a connection. You can type the details by hand.',
  noAppointments: 'No appointments found for this patient.',
  // wrong-patient check (issue 23; the words of both patients come from src/domain/patient-identity.ts)
  patientIdentityTitle: 'This number belongs to another patient',
  patientIdentityMismatch: (both: string) => `${both} Use the record, or correct the number.`,
  deliveryIdentityMismatch: (both: string) =>
    `${both} Nothing was sent: correct the patient details first (use the record, or correct the number).`,
  // ours: review and approval (issue 12, author side)
  noLetterToApprove: 'There is no typed letter to approve yet. Return it to the typist, or type the letter first.',
  cannotApproveInStatus: (status: string) => `This dictation is in ${status}: only a letter waiting for approval can be approved.`,
  notYoursToApprove:
    'Only the author can approve this letter, or a secretary or manager the author gave secretarial cover to (for this letter, or by a standing delegation).',
  openBeforeApproving: 'Open the letter before approving it.',
  approvedAlready: 'It is already approved.',
  approvedCount: (n: number) => `${n} ${n === 1 ? 'letter' : 'letters'} approved.`,
  notApprovedCount: (n: number) => `${n} ${n === 1 ? 'letter' : 'letters'} could not be approved.`,
  approvedSignature: (line: string) => `Approved by ${line}`,
  returnedBy: (name: string, reason: string) => `Returned by ${name}: ${reason}`,
  returnedNoName: (reason: string) => `Returned: ${reason}`,
  signatureSaved: 'Signature saved: it is printed under the letters you approve.',
  viewedConfidential: 'Viewed (confidential)',
  // attachments (ours)
  attachmentsEmpty: 'No attachments for this dictation',
  attachmentEmpty: 'This file is empty: there is nothing to attach.',
  attachmentTooLarge: (mb: number) =>
    `This file is larger than ${mb} MB and can't be attached. Send a smaller file or a scan at a lower resolution.`,
  attachmentType: "This file can't be attached: only PDF, PNG, JPEG and Word (.docx) files can.",
  attachmentProgram: "This file can't be attached: it looks like a program, not a document.",
  attachmentMacro: "This file can't be attached: it contains macros. Save it as an ordinary Word document (.docx) and try again.",
  attachmentPdfActive:
    "This PDF can't be attached: it contains scripts, launch actions, forms that send data, actions that run when it opens, links to files outside it or embedded files. Print it to a new PDF and try again.",
  attachmentMalware: "This file can't be attached: it matches a known virus signature.",
  attachmentUnpackedTooLarge: "This file can't be attached: it unpacks to far more than its size, as a zip bomb does.",
  // issue 22 points 2 and 7
  attachmentZipBomb:
    "This file can't be attached: it is packed like a zip bomb (a file built to overwhelm the computers that open it). Save it again as a new file and try again.",
  attachmentExternal:
    "This Word document can't be attached: it fetches or runs something outside itself (a template or object from elsewhere, a DDE or linked field, or a link to a file share). Save it as a PDF, or copy its text into a new document, and try again.",
  attachmentUncheckable:
    "This file can't be attached: part of it cannot be read to check it (it may be password-protected, damaged or saved in an unusual way). Save or print it again as a new file and try again.",
  attachmentPolyglot:
    "This file can't be attached: it hides something else (such as web page code) inside or after the document or picture. Save or scan it again as a new file and try again.",
  attachmentCheckTooSlow:
    "This file can't be attached: checking it took too long. Save it again as a smaller or simpler file and try again.",
  attachmentCheckBusy: 'Many files are being checked at the moment: try attaching this one again in a minute.',
  attachmentMismatch: (ext: string, what: string) => `This file can't be attached: its name ends in .${ext} but ${what}.`,
  attachmentLocked: (status: string) => `This dictation is in ${status}: its attachments can no longer be added or removed.`,
  attachmentNotYours: 'Only the person who added this attachment can remove it.',
  attachmentWaiting: 'No connection: the upload carries on by itself when the connection is back.',
  // Outsourcing and QA review (issue 12).
  poolUnknown: 'Choose an outsourcing pool of your trust.',
  poolRequired: 'Choose the outsourcing pool to send these dictations to.',
  noPools: 'Your trust has no outsourcing pool to send dictations to.',
  sentToQaReview: 'Sent to QA review: your letters are checked before the author sees them.',
  // ours: the send check (issue 23), before a typed letter goes on to its author.
  sendProblemsNeedReason: (lines: readonly string[]) =>
    `Not sent: ${joinLines(lines)}. Put ${lines.length === 1 ? 'it' : 'them'} right, or send it anyway with a reason the author will see.`,
  sentAnywayAudit: (label: string, lines: readonly string[], reason: string) => `${label} despite: ${joinLines(lines)}. Reason: ${reason}`,

  // ours: letters out (issue 13)
  resendOnlyFailed: 'Only a delivery that failed can be sent again.',
  resendReplacedAlready: 'This delivery has already been sent again: resend the newest one.',
  printNotWaiting: (n: number) =>
    n === 1
      ? 'One of the chosen letters is no longer waiting to be posted.'
      : `${n} of the chosen letters are no longer waiting to be posted.`,
  deliveryRetrying: (why: string) => `${why} It will be tried again shortly.`,
  deliveryGaveUp: (why: string) => `${why} It was tried several times and has not been sent.`,
  emailRefused: (code: string) => `The mail server refused the message (${code}).`,
  emailUnreachable: 'The mail server could not be reached.',
  emailAddressRefused: (code: string) => `The mail server refused the e-mail address (${code}).`,
  noTrustOds:
    'Electronic delivery to GP practices needs the trust’s own ODS code in its distribution settings, so GP copies are printed and posted instead.',
} as const;

/**
 * Texts of the pages' own features (ours), kept apart from MESSAGES so they stay out of the service
 * worker, which imports MESSAGES whole (sw.js has a 49 KB gzip budget).
 */
export const PAGE_MESSAGES = {
  ...ADMIN_STRUCTURE_MESSAGES,
  ...ADMIN_KNOWLEDGE_MESSAGES,
  ...ADMIN_AUDIT_MESSAGES,
  ...ADMIN_SETTINGS_MESSAGES,
  ...ADMIN_TRUSTS_MESSAGES,
  ...ADMIN_GROUPS_MESSAGES,
  ...ADMIN_USERS_MESSAGES,
  ...ADMIN_USERS_PAGE_MESSAGES,
  // The letter preview (issue 13) showing the PDF kept on this device.
  previewDeviceCopy: (renderedAt: string) => `No connection: this is the copy kept on this device, rendered ${renderedAt}.`,
  // Letters out (issue 13): the Delivery tab, the print queue and the failures list (the server's own lists).
  lettersOutOffline: 'You are offline. Deliveries and the print queue come from the server: they show again when the connection is back.',
  noDeliveries: 'No deliveries yet. When the letter is approved it goes to each recipient, and each delivery is listed here.',
  noDeliveriesApproved: 'No deliveries are recorded for this letter (it was approved before letters were sent from Wardnote).',
  printQueueEmpty: 'No letters are waiting to be printed and posted.',
  failuresEmpty: 'No failed deliveries: every letter has gone or is on its way.',
  resent: (reference: string, channel: string) => `${reference}: sent again (${channel}).`,
  postedConfirm: (n: number) =>
    `Mark ${n === 1 ? 'this letter' : `these ${n} letters`} as posted? Do it once ${n === 1 ? 'it is' : 'they are'} in the post: ${n === 1 ? 'it leaves' : 'they leave'} the print queue, and a letter whose every copy has gone is marked Sent.`,
  posted: (n: number) => (n === 1 ? 'Marked as posted.' : `${n} letters marked as posted.`),
  printReady: (n: number) =>
    n === 1 ? 'The letter is ready to print (PDF downloaded).' : `${n} letters are ready to print (one PDF downloaded).`,
  // Print links and /renderdocument (issue 13).
  printLinkInvalid: 'This print link is not valid. Ask for a new print link from the letter.',
  printLinkExpired: 'This print link has expired or the letter has changed since it was made. Ask for a new print link from the letter.',
  printLinkOpening: 'Opening the letter for printing…',
  printLinkFailed: 'The letter could not be fetched for printing. Check the connection and open the link again.',
  printLinkCopied: 'Print link copied. It works for 5 minutes.',
  printLinkCopyFailed: 'The print link could not be copied: select it and copy it yourself.',
  // Stuck letters (issue 13), shown to managers.
  stuckLetters: (n: number, hours: number) =>
    `${n === 1 ? '1 approved letter has' : `${n} approved letters have`} not reached every recipient within ${formatHours(hours)}`,
  // The recipients editor (issue 13).
  recipientsNotEditable: (why: string) => `The recipients can no longer be changed: ${why}.`,
  recipientsSaved: 'Recipients saved.',
  recipientsSavedOffline: 'Recipients saved on this device. They reach the server as soon as there is a connection.',
  recipientsRepeats: (n: number) =>
    n === 1 ? 'One recipient was listed twice and is kept once.' : `${n} recipients were listed twice and are kept once.`,
  recipientsBeforeApproval: (problem: string) => `Not approved yet. ${problem} Change the recipient in the Recipients tab.`,
  recipientsOffline: 'You are offline. The recipients come from the server: they show again when the connection is back.',
  recipientsUnsaved: 'You have changed the recipients: save them or undo the changes before approving.',
  // The send check (issue 23): what the typist is told when a letter leaves them with something missing.
  sendCheckTitle: 'Before you send this letter',
  sendCheckPlaceholders: (n: number) =>
    n === 1
      ? 'One placeholder is not filled in. Choose it to go to it in the letter:'
      : `${n} placeholders are not filled in. Choose one to go to it in the letter:`,
  sendCheckRecipients: (n: number) => (n === 1 ? 'The letter cannot reach one recipient:' : `The letter cannot reach ${n} recipients:`),
  sendCheckOpenRecipients: 'Change the recipients',
  sendCheckReason: 'Reason for sending it anyway (the author sees it on top of the letter)',
  sendCheckBack: 'Go back to the letter',
  sendCheckAnyway: 'Send anyway',
  sentAnywayNotice: (by: string, lines: readonly string[], reason: string) =>
    `${by} sent this letter with ${lines.length === 1 ? 'a problem' : `${lines.length} problems`}: ${joinLines(lines)}. Their reason: ${reason}`,
  // What a submitted dictation did (issue 23): sent now, or kept until the connection is back.
  submittedSending: 'Sending…',
  submittedSent: 'Sent.',
  submittedOffline: 'Saved on this device; it will be sent when you are back online.',
  submittedKept: 'Saved on this device; the server did not answer yet, so it will be sent again shortly.',
  draftSending: 'Saving the draft…',
  draftSent: 'Draft saved.',
  draftOffline: 'Draft saved on this device; it will be sent when you are back online.',

  // The typist's player (issue 11): foot pedals and SpeechMikes over WebHID.
  connectDevice: 'Connect foot pedal or SpeechMike',
  deviceConnected: (names: string) => `Connected: ${names}`,
  noWebHid: 'Foot pedals and SpeechMikes need Chrome or Edge on a computer: this browser cannot use them.',
  supportedDevices: 'With Chrome or Edge, these work here:',

  stuckShowAll: (n: number) => `Show ${n === 1 ? 'it' : `all ${n}`}`,
  stuckHide: 'Hide the list',
  /** Under the spec's 'No Data found' (spec §8 empty states) when filters hide every row (issue 23). */
  worklistFilteredEmpty: 'No dictation on this tab matches the filters. Use Clear filters to see them all.',
  stuckWaiting: (hours: number) => `waiting ${formatHours(hours)}`,
  stuckNone: 'No approved letter is waiting longer than the limit.',
  // A trust's distribution settings (issue 13), on its configuration page (TrustAdmin, SuperAdmin).
  distributionTagInvalid: 'The e-mail subject tag is at most 40 characters, on one line.',
  distributionOdsInvalid: 'The ODS code is 3 to 10 letters and digits, such as RXX or RTH01.',
  stuckHoursInvalid: 'The stuck-letter limit is a whole number of hours from 1 to 168 (one week).',
  meshNotConfigured: 'MESH is not configured: GP copies go to the print queue.',
  meshNeedsTrustOds: 'MESH is configured, but GP copies go to the print queue until the trust’s ODS code is saved here.',
  meshReady: 'MESH is configured: GP copies are sent to the practices electronically.',
  meshSecrets:
    'The MESH mailbox, password, shared key and certificates are set in the server’s configuration (the MESH_ variables); they are never shown here.',
  distributionSaved: 'Distribution settings saved.',
  // Standing delegations of approval (issue 22), on the trust's configuration page.
  delegationText: (delegate: string, author: string) => `${delegate} may approve for ${author}`,
  delegationExists: (delegate: string, author: string) => `${delegate} may already approve for ${author}.`,
  delegationDelegateInvalid: 'Choose a secretary or manager of this trust.',
  delegationAuthorInvalid: 'Choose an author of this trust.',
  delegationSiteOnly: 'Choose people of your own site: a site administrator sets delegations for their site only.',
  delegationSelf: 'Choose two different people: nobody approves for themselves by delegation.',
  delegationAdded: (text: string) => `Saved: ${text}.`,
  delegationRevoked: (text: string) => `Revoked: ${text}.`,
  delegationsEmpty: 'No standing delegations: only each author approves their letters, unless they hand one back with secretarial cover.',
};
