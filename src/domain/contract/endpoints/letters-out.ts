/**
 * Letters out (issue 13): a dictation's deliveries, resending a failed one, the print queue (its merged
 * PDF and marking copies posted), the failures list, and the Manager's stuck letters.
 */
import { RULES } from '../../access';
import { endpoint } from '../endpoint';
import {
  deliveriesAnswerSchema,
  deliveryAnswerSchema,
  deliveryPageQuerySchema,
  postedAnswerSchema,
  printQueueAnswerSchema,
  printSelectionSchema,
  resendSchema,
} from '../distribution';
import { stuckLettersAnswerSchema, stuckLettersQuerySchema } from '../letters-out';
import { idParamSchema } from '../primitives';

export const lettersOutEndpoints = {
  dictationDeliveries: endpoint({
    method: 'GET',
    path: '/api/dictation/:id/deliveries',
    rule: RULES.viewDictation,
    params: idParamSchema,
    response: deliveriesAnswerSchema,
  }),
  deliveryResend: endpoint({
    method: 'POST',
    path: '/api/deliveries/:id/resend',
    rule: RULES.distribution,
    idempotent: true,
    params: idParamSchema,
    body: resendSchema,
    response: deliveryAnswerSchema,
  }),
  printQueue: endpoint({
    method: 'GET',
    path: '/api/print-queue',
    rule: RULES.distribution,
    query: deliveryPageQuerySchema,
    response: printQueueAnswerSchema,
  }),
  failedDeliveries: endpoint({
    method: 'GET',
    path: '/api/deliveries/failed',
    rule: RULES.distribution,
    query: deliveryPageQuerySchema,
    response: printQueueAnswerSchema,
  }),
  printQueuePdf: endpoint({
    method: 'POST',
    path: '/api/print-queue/letters.pdf',
    rule: RULES.distribution,
    body: printSelectionSchema,
    answer: 'file',
  }),
  printQueuePosted: endpoint({
    method: 'POST',
    path: '/api/print-queue/posted',
    rule: RULES.distribution,
    idempotent: true,
    body: printSelectionSchema,
    response: postedAnswerSchema,
  }),
  stuckLetters: endpoint({
    method: 'GET',
    path: '/api/stuck-letters',
    rule: RULES.stuckLetters,
    query: stuckLettersQuerySchema,
    response: stuckLettersAnswerSchema,
  }),
};
