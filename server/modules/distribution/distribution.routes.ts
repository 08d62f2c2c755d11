/**
 * Letters out (issue 13): the delivery log of a dictation (whoever may see it), resending a failed
 * delivery and the print queue (Secretary, Manager; their own trust's only: another's is not found).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { E } from '../../../src/domain/contract/endpoints';
import type { Db } from '../../db/client';
import { pageUrls } from '../../lib/pagination';
import { route } from '../../lib/route';
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

  route(app, E.dictationDeliveries, async (req) => ({ data: await distribution.list(caller(req), req.params.id) }));

  route(app, E.deliveryResend, async (req) => ({
    data: await distribution.resend(caller(req), req.params.id, req.body.channel, req.ip),
  }));

  route(app, E.printQueue, async (req) => {
    const { page, per_page } = req.query;
    const { total, items } = await printQueue.list(caller(req), { limit: per_page, offset: (page - 1) * per_page });
    return { data: items, ...pageUrls(req, page, per_page, total) };
  });

  route(app, E.failedDeliveries, async (req) => {
    const { page, per_page } = req.query;
    const { total, items } = await printQueue.failed(caller(req), { limit: per_page, offset: (page - 1) * per_page });
    return { data: items, ...pageUrls(req, page, per_page, total) };
  });

  route(app, E.printQueuePdf, async (req, reply) => {
    const pdf = await printQueue.merged(caller(req), req.body.deliveries);
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', 'inline; filename="letters-to-post.pdf"')
      .header('Cache-Control', 'no-store')
      .send(pdf);
  });

  route(app, E.printQueuePosted, async (req) => ({
    data: { posted: await printQueue.markPosted(caller(req), req.body.deliveries, req.ip) },
  }));
};
