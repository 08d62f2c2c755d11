/**
 * Trusts and sites (issue 25): /api/trusts (list, one, create, change), a trust's engines and letterhead
 * (with a PDF preview), /api/sites (list, one, create, change). Thin: the rules are in the services.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { E } from '../../../src/domain/contract/endpoints';
import type { Db } from '../../db/client';
import { pageUrls } from '../../lib/pagination';
import { route } from '../../lib/route';
import { createSecretBox } from '../../lib/secret-box';
import { caller } from '../auth/request-auth';
import { renderLimit } from '../documents/documents.routes';
import type { RenderPool } from '../documents/render-pool';
import { createEngineService } from './engines.service';
import { createLetterheadService } from './letterhead.service';
import { listSites } from './trusts.repository';
import { createTrustService } from './trusts.service';

/** A logo of LETTERHEAD_LOGO_MAX_CHARS base64 and the rest of the letterhead fit well inside this. */
const LETTERHEAD_BODY_LIMIT = 300 * 1024;

export const adminTrustsRoutes: FastifyPluginAsyncZod<{ db: Db; renderer: RenderPool; engineTestOrigins?: readonly string[] }> = async (
  app,
  { db, renderer, engineTestOrigins = [] },
) => {
  const trusts = createTrustService(db);
  const engines = createEngineService({ db, box: createSecretBox(db), testOrigins: engineTestOrigins });
  const letterheads = createLetterheadService({ db, renderer });

  route(app, E.trustsList, async (req) => {
    const { data, total } = await trusts.list(caller(req), req.query);
    return { data: { data, ...pageUrls(req, req.query.page, req.query.paginate, total) } };
  });
  route(app, E.trustGet, async (req) => ({ data: await trusts.get(caller(req), req.params.id) }));
  route(app, E.trustCreate, async (req, reply) => {
    const data = await trusts.create(caller(req), req.body, req.ip);
    reply.status(201);
    return { data };
  });
  route(app, E.trustUpdate, async (req) => ({ data: await trusts.update(caller(req), req.params.id, req.body, req.ip) }));

  route(app, E.trustEnginesGet, async (req) => {
    const trust = await trusts.reachTrust(caller(req), req.params.id);
    return { data: await engines.read(trust.id) };
  });
  route(app, E.trustEnginesUpdate, async (req) => {
    const auth = caller(req);
    const trust = await trusts.reachTrust(auth, req.params.id);
    return { data: await engines.update(auth, trust.id, req.body, req.ip) };
  });

  route(app, E.trustLetterheadGet, async (req) => {
    const trust = await trusts.reachTrust(caller(req), req.params.id);
    return { data: await letterheads.read(trust.id) };
  });
  route(
    app,
    E.trustLetterheadUpdate,
    async (req) => {
      const auth = caller(req);
      const trust = await trusts.reachTrust(auth, req.params.id);
      return { data: await letterheads.save(auth, trust.id, req.body, req.ip) };
    },
    { bodyLimit: LETTERHEAD_BODY_LIMIT },
  );
  route(
    app,
    E.trustLetterheadPreview,
    async (req, reply) => {
      const trust = await trusts.reachTrust(caller(req), req.params.id);
      const { rows } = await listSites(db, { trustId: trust.id, active: true }, 1, 1);
      const pdf = await letterheads.preview(trust, rows[0]?.name ?? '', req.body);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', 'inline; filename="letterhead-preview.pdf"')
        .header('Cache-Control', 'no-store')
        .send(pdf);
    },
    { bodyLimit: LETTERHEAD_BODY_LIMIT, config: { rateLimit: renderLimit } },
  );

  route(app, E.sitesList, async (req) => {
    const { trust, data, total } = await trusts.sites(caller(req), req.query);
    return { trust, data: { data, ...pageUrls(req, req.query.page, req.query.paginate, total) } };
  });
  route(app, E.siteGet, async (req) => ({ data: await trusts.site(caller(req), req.params.id) }));
  route(app, E.siteCreate, async (req, reply) => {
    const data = await trusts.createSite(caller(req), req.body, req.ip);
    reply.status(201);
    return { data };
  });
  route(app, E.siteUpdate, async (req) => {
    const { site, message } = await trusts.updateSite(caller(req), req.params.id, req.body, req.ip);
    return { data: site, ...(message ? { message } : {}) };
  });
};
