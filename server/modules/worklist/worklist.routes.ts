import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  allocateResultSchema,
  allocateSchema,
  confidentialSchema,
  idParamSchema,
  worklistCountsSchema,
  worklistPageSchema,
  worklistQuerySchema,
} from '../../../src/domain/contract';
import { RULES } from '../../../src/domain/access';
import type { Db } from '../../db/client';
import { pageUrls } from '../../lib/pagination';
import { caller } from '../auth/request-auth';
import { createWorklistService } from './worklist.service';
import { createAllocationService } from './allocation.service';

export const worklistRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const worklist = createWorklistService(db);
  const allocation = createAllocationService(db);

  app.get(
    API_PATHS.dictation,
    // The Home tabs poll these two: they may reuse the caller's session checked seconds ago (auth-cache.ts).
    {
      config: { rule: RULES.home, authCache: true },
      schema: { querystring: worklistQuerySchema, response: { 200: worklistPageSchema } },
    },
    async (req) => {
      const { rows, total } = await worklist.list(caller(req), req.query);
      return { data: { data: rows, ...pageUrls(req, req.query.page, req.query.paginate, total) } };
    },
  );

  app.get(
    API_PATHS.dictationCounts,
    { config: { rule: RULES.home, authCache: true }, schema: { response: { 200: worklistCountsSchema } } },
    async (req) => worklist.counts(caller(req)),
  );

  app.post(
    API_PATHS.dictationAllocate,
    {
      config: { rule: RULES.dictation, idempotent: true },
      schema: { body: allocateSchema, response: { 200: allocateResultSchema } },
    },
    async (req) => allocation.allocate(caller(req), req.body, req.ip),
  );

  app.delete(
    '/api/dictation/:id',
    {
      config: { rule: RULES.dictation, idempotent: true },
      schema: { params: idParamSchema, response: { 200: z.object({ message: z.string() }) } },
    },
    async (req) => {
      await allocation.remove(caller(req), req.params.id, req.ip);
      return { message: 'The dictation has been deleted.' };
    },
  );

  app.post(
    '/api/dictation/:id/confidential',
    {
      config: { rule: RULES.confidentialMarking, idempotent: true },
      schema: { params: idParamSchema, body: confidentialSchema, response: { 200: z.object({ data: confidentialSchema }) } },
    },
    async (req) => ({ data: await allocation.setConfidential(caller(req), req.params.id, req.body.is_confidential, req.ip) }),
  );
};
