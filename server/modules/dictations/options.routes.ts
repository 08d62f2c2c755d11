import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { E } from '../../../src/domain/contract/endpoints';
import { route } from '../../lib/route';
import type { Db } from '../../db/client';
import { departments, jobTypes, roles, userRoles, users } from '../../db/schema';
import { caller } from '../auth/request-auth';

export const dictationOptionsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(app, E.dictationOptions, async (req) => {
    const { ctx, subject } = caller(req);
    const trustId = ctx.user.trustId;
    const [deps, types] = await Promise.all([
      db
        .select({ id: departments.id, name: departments.name, code: departments.code })
        .from(departments)
        .where(and(eq(departments.trustId, trustId), eq(departments.active, true)))
        .orderBy(asc(departments.name)),
      // Only what new work may take (issue 25): an active job type, of every department or of an active one.
      db
        .select({ jobType: jobTypes })
        .from(jobTypes)
        .leftJoin(departments, eq(departments.id, jobTypes.departmentId))
        .where(
          and(eq(jobTypes.trustId, trustId), eq(jobTypes.active, true), or(isNull(jobTypes.departmentId), eq(departments.active, true))),
        )
        .orderBy(asc(jobTypes.name))
        .then((rows) => rows.map((r) => r.jobType)),
    ]);
    const authors = subject.roles.includes('Author')
      ? []
      : await db
          .select({ id: users.id, first: users.firstName, last: users.lastName })
          .from(users)
          .innerJoin(userRoles, eq(userRoles.userId, users.id))
          .innerJoin(roles, eq(roles.id, userRoles.roleId))
          .where(and(eq(users.trustId, trustId), eq(roles.name, 'Author'), eq(users.active, true)))
          .orderBy(asc(users.lastName));
    return {
      data: {
        departments: deps,
        job_types: types.map((t) => ({ id: t.id, name: t.name, department_id: t.departmentId, custom_fields: t.customFields })),
        authors: authors.map((a) => ({ id: a.id, full_name: `${a.first} ${a.last}` })),
      },
    };
  });
};
