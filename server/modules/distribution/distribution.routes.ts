/**
 * Letters out (issue 13): the delivery log of a dictation (whoever may see it), resending a failed
 * delivery and the print queue (Secretary, Manager; their own trust's only: another's is not found).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  deliveriesAnswerSchema,
  deliveryAnswerSchema,
  deliveryPageQuerySchema,
  idParamSchema,
  postedAnswerSchema,
  printQueueAnswerSchema,
  printSelectionSchema,
  resendSchema,
} from '../../../src/domain/contract';
import { RULES } from '../../../src/domain/access';
import type { Db } from '../../db/client';
import { pageUrls } from '../../lib/pagination';
import { caller } from '../auth/request-auth';
import type { RenderPool } from '../documents/render-pool';
import type { Distribution } from './distribution.service';
import { createPrintQueue } from './print-queue';

export const distributionRoutes: FastifyPluginAsyncZod<{ db: Db; distribution: Distribution; renderer: RenderPool }> = async (
  app,
  { db, distribution, renderer },
) => {
  const printQueue = createPrintQueue(db, renderer);
  const stopTracking = distribution.startTracking();
  app.addHook('onClose', async () => stopTracking());

  app.get(
    '/api/dictation/:id/deliveries',
    { config: { rule: RULES.viewDictation }, schema: { params: idParamSchema, response: { 200: deliveriesAnswerSchema } } },
    async (req) => ({ data: await distribution.list(caller(req), req.params.id) }),
  );

  app.post(
    '/api/deliveries/:id/resend',
    {
      config: { rule: RULES.distribution, idempotent: true },
      schema: { params: idParamSchema, body: resendSchema, response: { 200: deliveryAnswerSchema } },
    },
    async (req) => ({ data: await distribution.resend(caller(req), req.params.id, req.body.channel, req.ip) }),
  );

  app.get(
    API_PATHS.printQueue,
    { config: { rule: RULES.distribution }, schema: { querystring: deliveryPageQuerySchema, response: { 200: printQueueAnswerSchema } } },
    async (req) => {
      const { page, per_page } = req.query;
      const { total, items } = await printQueue.list(caller(req), { limit: per_page, offset: (page - 1) * per_page });
      return { data: items, ...pageUrls(req, page, per_page, total) };
    },
  );

  app.get(
    API_PATHS.failedDeliveries,
    { config: { rule: RULES.distribution }, schema: { querystring: deliveryPageQuerySchema, response: { 200: printQueueAnswerSchema } } },
    async (req) => {
      const { page, per_page } = req.query;
      const { total, items } = await printQueue.failed(caller(req), { limit: per_page, offset: (page - 1) * per_page });
      return { data: items, ...pageUrls(req, page, per_page, total) };
    },
  );

  app.post(
    API_PATHS.printQueuePdf,
    { config: { rule: RULES.distribution }, schema: { body: printSelectionSchema } },
    async (req, reply) => {
      const pdf = await printQueue.merged(caller(req), req.body.deliveries);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', 'inline; filename="letters-to-post.pdf"')
        .header('Cache-Control', 'no-store')
        .send(pdf);
    },
  );

  app.post(
    API_PATHS.printQueuePosted,
    {
      config: { rule: RULES.distribution, idempotent: true },
      schema: { body: printSelectionSchema, response: { 200: postedAnswerSchema } },
    },
    async (req) => ({ data: { posted: await printQueue.markPosted(caller(req), req.body.deliveries, req.ip) } }),
  );
};
