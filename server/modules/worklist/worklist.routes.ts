import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { E } from '../../../src/domain/contract/endpoints';
import type { Db } from '../../db/client';
import { pageUrls } from '../../lib/pagination';
import { route } from '../../lib/route';
import { caller } from '../auth/request-auth';
import { createWorklistService } from './worklist.service';
import { createAllocationService } from './allocation.service';

export const worklistRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const worklist = createWorklistService(db);
  const allocation = createAllocationService(db);

  route(app, E.worklist, async (req) => {
    const { rows, total } = await worklist.list(caller(req), req.query);
    return { data: { data: rows, ...pageUrls(req, req.query.page, req.query.paginate, total) } };
  });

  route(app, E.dictationCounts, async (req) => worklist.counts(caller(req)));

  route(app, E.dictationAllocate, async (req) => allocation.allocate(caller(req), req.body, req.ip));

  route(app, E.dictationDelete, async (req) => {
    await allocation.remove(caller(req), req.params.id, req.ip);
    return { message: 'The dictation has been deleted.' };
  });

  route(app, E.dictationConfidential, async (req) => ({
    data: await allocation.setConfidential(caller(req), req.params.id, req.body.is_confidential, req.ip),
  }));
};
