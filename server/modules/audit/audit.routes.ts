/**
 * The audit viewer's endpoints (issue 25; src/domain/contract/endpoints/audit.ts): a page of a trust's
 * audit log, the actions for its filter, and the same filter as a streamed CSV file. The rules are in
 * audit.service.ts, the queries in audit.repository.ts.
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { E } from '../../../src/domain/contract/endpoints';
import type { Db } from '../../db/client';
import { route } from '../../lib/route';
import { caller } from '../auth/request-auth';
import { createAuditService } from './audit.service';

export const auditRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const audit = createAuditService(db);

  route(app, E.auditList, async (req) => {
    /** The same query with some parameters changed (null: removed), for the envelope's links. */
    const url = (changes: Record<string, string | null>) => {
      const u = new URL(req.url, 'http://local');
      for (const [k, v] of Object.entries(changes)) {
        if (v === null) u.searchParams.delete(k);
        else u.searchParams.set(k, v);
      }
      return `${u.pathname}${u.search}`;
    };
    return audit.list(caller(req), req.query, req.ip, url);
  });

  route(app, E.auditActions, async (req) => ({ data: await audit.actions(caller(req), req.query.trust_id) }));

  route(app, E.auditExport, async (req, reply) => {
    const file = await audit.export(caller(req), req.query, req.ip);
    reply.headers({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${file.filename}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    return reply.send(Readable.from(file.lines));
  });
};
