import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { E } from '../../../src/domain/contract/endpoints';
import { MESSAGES } from '../../../src/domain/messages';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { pageUrls } from '../../lib/pagination';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { route } from '../../lib/route';
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

  route(app, E.autotextList, async (req) => {
    const { data, total } = await service.list(caller(req), req.query);
    return { data: { data, ...pageUrls(req, req.query.page, req.query.paginate, total) } };
  });

  route(app, E.autotextUsable, async (req) => ({ data: await service.usable(caller(req)) }));

  route(app, E.autotextDepartments, async (req) => ({ data: await service.departments(caller(req)) }));

  route(app, E.autotextCreate, async (req) => {
    return { data: await service.create(caller(req), req.body, req.ip) };
  });

  route(app, E.autotextImport, async (req) => service.importRows(caller(req), req.body, req.ip), {
    bodyLimit: IMPORT_BODY_LIMIT,
    config: { rateLimit: RATE_LIMITS.autotextImport },
  });

  route(app, E.autotextGet, async (req) => ({ data: await service.get(caller(req), req.params.id) }));

  route(app, E.autotextUpdate, async (req) => ({ data: await service.update(caller(req), req.params.id, req.body, req.ip) }));

  route(app, E.autotextDelete, async (req) => {
    await service.remove(caller(req), req.params.id, req.ip);
    return { message: MESSAGES.autotextDeleted };
  });
};
