import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { E } from '../../../src/domain/contract/endpoints';
import { route } from '../../lib/route';
import type { Db } from '../../db/client';
import { fullName } from '../../../src/domain/display-format';
import { caller } from '../auth/request-auth';
import { listActiveInRole } from '../users/trust-people.repository';
import { listOpenDepartments, listOpenJobTypes } from './options.repository';

export const dictationOptionsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(app, E.dictationOptions, async (req) => {
    const { ctx, subject } = caller(req);
    const trustId = ctx.user.trustId;
    const [deps, types, authors] = await Promise.all([
      listOpenDepartments(db, trustId),
      listOpenJobTypes(db, trustId),
      subject.roles.includes('Author') ? [] : listActiveInRole(db, trustId, 'Author'),
    ]);
    return {
      data: {
        departments: deps,
        job_types: types.map((t) => ({ id: t.id, name: t.name, department_id: t.departmentId, custom_fields: t.customFields })),
        authors: authors.map((a) => ({ id: a.id, full_name: fullName(a.firstName, a.lastName) })),
      },
    };
  });
};
