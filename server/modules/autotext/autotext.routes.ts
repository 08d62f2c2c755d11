import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  autotextDepartmentsSchema,
  autotextImportResultSchema,
  autotextImportSchema,
  autotextInputSchema,
  autotextListQuerySchema,
  autotextSchema,
  autotextUpdateSchema,
  autotextUsableSchema,
  idParamSchema,
  paginatedSchema,
} from '../../../src/domain/contract';
import { MESSAGES } from '../../../src/domain/messages';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { pageUrls } from '../../lib/pagination';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { caller } from '../auth/request-auth';
import { createAutotextService } from './autotext.service';

/** A full import batch of long rows is larger than the default 1 MB body limit. */
const IMPORT_BODY_LIMIT = 5 * 1024 * 1024;

/**
 * Autotext for every signed-in user: each reads the trust's shared snippets and their own; who may
 * change which is decided in the service (src/domain/autotext-access.ts).
 */
export const autotextRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db }) => {
  const service = createAutotextService(db);

  app.get(
    API_PATHS.autotext,
    { schema: { querystring: autotextListQuerySchema, response: { 200: z.object({ data: paginatedSchema(autotextSchema) }) } } },
    async (req) => {
      const { data, total } = await service.list(caller(req), req.query);
      return { data: { data, ...pageUrls(req, req.query.page, req.query.paginate, total) } };
    },
  );

  app.get(API_PATHS.autotextUsable, { schema: { response: { 200: autotextUsableSchema } } }, async (req) => ({
    data: await service.usable(caller(req)),
  }));

  app.get(API_PATHS.autotextDepartments, { schema: { response: { 200: autotextDepartmentsSchema } } }, async (req) => ({
    data: await service.departments(caller(req)),
  }));

  app.post(
    API_PATHS.autotext,
    { schema: { body: autotextInputSchema, response: { 201: z.object({ data: autotextSchema }) } } },
    async (req, reply) => reply.status(201).send({ data: await service.create(caller(req), req.body, req.ip) }),
  );

  app.post(
    API_PATHS.autotextImport,
    {
      config: { rateLimit: RATE_LIMITS.autotextImport },
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: { body: autotextImportSchema, response: { 200: autotextImportResultSchema } },
    },
    async (req) => service.importRows(caller(req), req.body, req.ip),
  );

  app.get(
    '/api/autotext/:id',
    { schema: { params: idParamSchema, response: { 200: z.object({ data: autotextSchema }) } } },
    async (req) => ({ data: await service.get(caller(req), req.params.id) }),
  );

  app.put(
    '/api/autotext/:id',
    { schema: { params: idParamSchema, body: autotextUpdateSchema, response: { 200: z.object({ data: autotextSchema }) } } },
    async (req) => ({ data: await service.update(caller(req), req.params.id, req.body, req.ip) }),
  );

  app.delete(
    '/api/autotext/:id',
    { schema: { params: idParamSchema, response: { 200: z.object({ message: z.string() }) } } },
    async (req) => {
      await service.remove(caller(req), req.params.id, req.ip);
      return { message: MESSAGES.autotextDeleted };
    },
  );
};
