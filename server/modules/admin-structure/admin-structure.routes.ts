/**
 * A trust's structure (issue 25): /api/departments and /api/job-types (list, one, create, change, delete).
 * Thin: the rules are in departments.service.ts and job-types.service.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { E } from '../../../src/domain/contract/endpoints';
import type { Db } from '../../db/client';
import { pageUrls } from '../../lib/pagination';
import { route } from '../../lib/route';
import { caller } from '../auth/request-auth';
import { createDepartmentService } from './departments.service';
import { createJobTypeService } from './job-types.service';

export const adminStructureRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const departments = createDepartmentService(db);
  const jobTypes = createJobTypeService(db);

  route(app, E.departmentsList, async (req) => {
    const { trust, data, total } = await departments.list(caller(req), req.query);
    return { trust, data: { data, ...pageUrls(req, req.query.page, req.query.paginate, total) } };
  });
  route(app, E.departmentGet, async (req) => ({ data: await departments.get(caller(req), req.params.id) }));
  route(app, E.departmentCreate, async (req, reply) => {
    const data = await departments.create(caller(req), req.body, req.ip);
    reply.status(201);
    return { data };
  });
  route(app, E.departmentUpdate, async (req) => ({ data: await departments.update(caller(req), req.params.id, req.body, req.ip) }));
  route(app, E.departmentDelete, async (req) => departments.remove(caller(req), req.params.id, req.ip));

  route(app, E.jobTypesList, async (req) => {
    const { trust, data, total } = await jobTypes.list(caller(req), req.query);
    return { trust, data: { data, ...pageUrls(req, req.query.page, req.query.paginate, total) } };
  });
  route(app, E.jobTypeGet, async (req) => ({ data: await jobTypes.get(caller(req), req.params.id) }));
  route(app, E.jobTypeCreate, async (req, reply) => {
    const data = await jobTypes.create(caller(req), req.body, req.ip);
    reply.status(201);
    return { data };
  });
  route(app, E.jobTypeUpdate, async (req) => ({ data: await jobTypes.update(caller(req), req.params.id, req.body, req.ip) }));
  route(app, E.jobTypeDelete, async (req) => jobTypes.remove(caller(req), req.params.id, req.ip));
};
