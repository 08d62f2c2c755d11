/**
 * The letter of a dictation and its versions, manual letters, recipients, the dictation page's actions
 * and side panel (claim, take over, hand-offs, details, comments, audit trail), the letter as a document
 * and print links.
 */
import { RULES } from '../../access';
import { endpoint } from '../endpoint';
import {
  commentAnswerSchema,
  commentsPageSchema,
  detailPageQuerySchema,
  detailsCorrectionSchema,
  dictationAnswerSchema,
  logsPageSchema,
  newCommentSchema,
  transitionSchema,
} from '../dictation-detail';
import {
  letterAnswerSchema,
  letterPdfQuerySchema,
  letterRefusalSchema,
  letterVersionAnswerSchema,
  letterVersionsSchema,
  manualLetterSchema,
  saveLetterSchema,
  savedLetterAnswerSchema,
  versionParamSchema,
} from '../letter';
import { printLinkAnswerSchema, printLinkQuerySchema } from '../letters-out';
import { idParamSchema } from '../primitives';
import { recipientListsSchema, recipientsAnswerSchema } from '../recipients';

const byId = { params: idParamSchema } as const;

export const lettersEndpoints = {
  dictationLetterGet: endpoint({
    method: 'GET',
    path: '/api/dictation/:id/letter',
    rule: RULES.viewDictation,
    ...byId,
    response: letterAnswerSchema,
  }),
  /** The outbox's letter save (src/lib/sync/letter-save.ts, through SYNC_PATHS.dictationLetter). */
  dictationLetterSave: endpoint({
    method: 'PUT',
    path: '/api/dictation/:id/letter',
    rule: RULES.dictation,
    idempotent: true,
    ...byId,
    body: saveLetterSchema,
    response: savedLetterAnswerSchema,
    otherAnswers: { 409: letterRefusalSchema },
  }),
  dictationVersions: endpoint({
    method: 'GET',
    path: '/api/dictation/:id/versions',
    rule: RULES.viewDictation,
    ...byId,
    response: letterVersionsSchema,
  }),
  dictationVersion: endpoint({
    method: 'GET',
    path: '/api/dictation/:id/versions/:version',
    rule: RULES.viewDictation,
    params: versionParamSchema,
    response: letterVersionAnswerSchema,
  }),
  dictationManual: endpoint({
    method: 'POST',
    path: '/api/dictation/manual',
    rule: RULES.manualLetter,
    idempotent: true,
    body: manualLetterSchema,
    response: dictationAnswerSchema,
    status: 201,
  }),

  dictationRecipientsGet: endpoint({
    method: 'GET',
    path: '/api/dictation/:id/recipients',
    rule: RULES.viewDictation,
    ...byId,
    response: recipientsAnswerSchema,
  }),
  dictationRecipientsSave: endpoint({
    method: 'PUT',
    path: '/api/dictation/:id/recipients',
    rule: RULES.dictation,
    idempotent: true,
    outbox: 'recipients',
    ...byId,
    body: recipientListsSchema,
    response: recipientsAnswerSchema,
  }),

  /** Opening unclaimed work claims it; not queued offline, as two typists must never type the same letter. */
  dictationClaim: endpoint({
    method: 'POST',
    path: '/api/dictation/:id/claim',
    rule: RULES.typing,
    idempotent: true,
    ...byId,
    response: dictationAnswerSchema,
  }),
  dictationTakeOver: endpoint({
    method: 'POST',
    path: '/api/dictation/:id/take-over',
    rule: RULES.takeOver,
    idempotent: true,
    ...byId,
    response: dictationAnswerSchema,
  }),
  /** A hand-off, approval included: its 409 carries the current letter when the base version is stale. */
  dictationTransition: endpoint({
    method: 'POST',
    path: '/api/dictation/:id/transition',
    rule: RULES.dictation,
    idempotent: true,
    outbox: 'afterLetter',
    ...byId,
    body: transitionSchema,
    response: dictationAnswerSchema,
    otherAnswers: { 409: letterRefusalSchema },
  }),
  dictationDetails: endpoint({
    method: 'PATCH',
    path: '/api/dictation/:id/details',
    rule: RULES.dictation,
    idempotent: true,
    ...byId,
    body: detailsCorrectionSchema,
    response: dictationAnswerSchema,
  }),
  dictationCommentsGet: endpoint({
    method: 'GET',
    path: '/api/dictation/:id/comments',
    rule: RULES.viewDictation,
    ...byId,
    query: detailPageQuerySchema,
    response: commentsPageSchema,
  }),
  dictationCommentAdd: endpoint({
    method: 'POST',
    path: '/api/dictation/:id/comments',
    rule: RULES.viewDictation,
    idempotent: true,
    ...byId,
    body: newCommentSchema,
    response: commentAnswerSchema,
    status: 201,
  }),
  dictationLogs: endpoint({
    method: 'GET',
    path: '/api/dictation/:id/logs',
    rule: RULES.viewDictation,
    ...byId,
    query: detailPageQuerySchema,
    response: logsPageSchema,
  }),

  /** Shown in the browser; `?purpose=preview` is the app's preview, logged as such rather than as a download. */
  dictationLetterPdf: endpoint({
    method: 'GET',
    path: '/api/dictation/:id/letter.pdf',
    rule: RULES.viewDictation,
    ...byId,
    query: letterPdfQuerySchema,
    answer: 'file',
  }),
  dictationLetterDocx: endpoint({
    method: 'GET',
    path: '/api/dictation/:id/letter.docx',
    rule: RULES.viewDictation,
    ...byId,
    answer: 'file',
  }),
  dictationPrintLink: endpoint({
    method: 'POST',
    path: '/api/dictation/:id/print-link',
    rule: RULES.distribution,
    ...byId,
    response: printLinkAnswerSchema,
  }),
  /** A print link's PDF: no session, the link's signature instead (checked by the route, with the maker held to RULES.distribution). */
  printDocument: endpoint({
    method: 'GET',
    path: '/api/renderdocument',
    auth: 'none',
    query: printLinkQuerySchema,
    answer: 'file',
  }),
};
