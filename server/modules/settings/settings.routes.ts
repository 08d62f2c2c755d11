/**
 * Settings that inherit trust → site → department → user, with locks (issue 25): read a level, set or
 * clear a value (locked or not). Thin: the rules are in settings.service.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { E } from '../../../src/domain/contract/endpoints';
import type { Db } from '../../db/client';
import { route } from '../../lib/route';
import { caller } from '../auth/request-auth';
import { createSettingsService } from './settings.service';

export const settingsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const settings = createSettingsService(db);

  route(app, E.settingsGet, async (req) => ({ data: await settings.get(caller(req), req.params.scope, req.params.id) }));
  route(app, E.settingPut, async (req) => ({
    data: await settings.put(caller(req), req.params.scope, req.params.id, req.params.key, req.body, req.ip),
  }));
  route(app, E.settingDelete, async (req) => ({
    data: await settings.clear(caller(req), req.params.scope, req.params.id, req.params.key, req.ip),
  }));
};
