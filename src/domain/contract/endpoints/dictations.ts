/**
 * Dictations: the work queues and their counts, allocation, deletion and confidential marking, one
 * dictation (its finalise, draft changes and audio), the details form's options, the find-document
 * search and attachments.
 */
import { z } from 'zod';
import { RULES } from '../../access';
import { endpoint } from '../endpoint';
import { idParamSchema } from '../primitives';
import { messageResponseSchema } from '../auth';
import { dictationSchema, finaliseDictationSchema, updateDraftSchema } from '../dictations';
import { dictationOptionsSchema } from '../options';
import {
  allocateResultSchema,
  allocateSchema,
  confidentialSchema,
  worklistCountsSchema,
  worklistPageSchema,
  worklistQuerySchema,
} from '../worklist';
import { searchPageSchema, searchQuerySchema } from '../search';
import { attachmentParamsSchema, attachmentsAnswerSchema, signedLinkQuerySchema } from '../attachments';

const one = z.object({ data: dictationSchema });

export const dictationsEndpoints = {
  // The Home tabs poll these two: they may reuse the caller's session checked seconds ago (auth-cache.ts).
  worklist: endpoint({
    method: 'GET',
    path: '/api/dictation',
    rule: RULES.home,
    authCache: true,
    query: worklistQuerySchema,
    response: worklistPageSchema,
  }),
  dictationCounts: endpoint({
    method: 'GET',
    path: '/api/dictation/counts',
    rule: RULES.home,
    authCache: true,
    response: worklistCountsSchema,
  }),
  dictationAllocate: endpoint({
    method: 'POST',
    path: '/api/dictation/allocate',
    rule: RULES.dictation,
    idempotent: true,
    body: allocateSchema,
    response: allocateResultSchema,
  }),
  dictationConfidential: endpoint({
    method: 'POST',
    path: '/api/dictation/:id/confidential',
    rule: RULES.confidentialMarking,
    idempotent: true,
    params: idParamSchema,
    body: confidentialSchema,
    response: z.object({ data: confidentialSchema }),
  }),
  /**
   * Turns a finished tus upload into a dictation: 201 the first time; a replay of the same client_id
   * answers the same dictation with 200 (idempotent on client_id, not through an Idempotency-Key).
   */
  dictationFinalise: endpoint({
    method: 'POST',
    path: '/api/dictation',
    rule: RULES.createDictation,
    body: finaliseDictationSchema,
    response: one,
    status: 201,
    // The same client_id again (a retry after a lost answer): the dictation it made, 200.
    otherAnswers: { 200: one },
  }),
  dictationByClient: endpoint({
    method: 'GET',
    path: '/api/dictation/by-client/:clientId',
    rule: RULES.createDictation,
    params: z.object({ clientId: z.uuid() }),
    response: one,
  }),
  dictationGet: endpoint({ method: 'GET', path: '/api/dictation/:id', rule: RULES.viewDictation, params: idParamSchema, response: one }),
  /** The author changes a draft's details, keeping it a draft or submitting it (through the outbox). */
  dictationUpdate: endpoint({
    method: 'PATCH',
    path: '/api/dictation/:id',
    rule: RULES.createDictation,
    idempotent: true,
    params: idParamSchema,
    body: updateDraftSchema,
    response: one,
  }),
  dictationDelete: endpoint({
    method: 'DELETE',
    path: '/api/dictation/:id',
    rule: RULES.dictation,
    idempotent: true,
    params: idParamSchema,
    response: messageResponseSchema,
  }),
  /**
   * Audio for <audio>: a bearer token or a signed link, checked against the same rule as the dictation
   * itself (issue 22 point 8); HTTP ranges for seeking.
   */
  dictationAudio: endpoint({
    method: 'GET',
    path: '/api/dictation/:id/audio',
    auth: 'signedLink',
    rule: RULES.viewDictation,
    params: idParamSchema,
    query: signedLinkQuerySchema,
    answer: 'file',
  }),
  dictationOptions: endpoint({
    method: 'GET',
    path: '/api/dictation-options',
    rule: RULES.dictationOptions,
    response: z.object({ data: dictationOptionsSchema }),
  }),
  /** The find-document panel and the top-bar search (spec §7). */
  dictationDocument: endpoint({
    method: 'GET',
    path: '/api/dictation/document',
    rule: RULES.search,
    authCache: true,
    query: searchQuerySchema,
    response: searchPageSchema,
  }),
  dictationAttachments: endpoint({
    method: 'GET',
    path: '/api/dictation/:id/attachments',
    rule: RULES.viewDictation,
    params: idParamSchema,
    response: attachmentsAnswerSchema,
  }),
  /** A bearer token, or the signed link of the list (an <a download> cannot send a token). */
  dictationAttachmentGet: endpoint({
    method: 'GET',
    path: '/api/dictation/:id/attachments/:aid',
    auth: 'signedLink',
    rule: RULES.viewDictation,
    params: attachmentParamsSchema,
    query: signedLinkQuerySchema,
    answer: 'file',
  }),
  dictationAttachmentDelete: endpoint({
    method: 'DELETE',
    path: '/api/dictation/:id/attachments/:aid',
    rule: RULES.viewDictation,
    idempotent: true,
    params: attachmentParamsSchema,
    status: 204,
  }),
};
