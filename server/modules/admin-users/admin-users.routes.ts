/** Users: the list, invitations, CSV import, edits, unlock, PIN reset, sign-out everywhere, deactivation (issue 25). Thin: the rules are in the services. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { E } from '../../../src/domain/contract/endpoints';
import { USER_IMPORT_MAX_BYTES } from '../../../src/domain/limits';
import type { Db } from '../../db/client';
import { route } from '../../lib/route';
import { caller } from '../auth/request-auth';
import type { AdminUsersService } from './admin-users.service';
import { createUsersImportService } from './users-import.service';

export const adminUsersRoutes: FastifyPluginAsyncZod<{ db: Db; users: AdminUsersService }> = async (app, { db, users }) => {
  const importer = createUsersImportService(db, users);

  route(app, E.userCreate, async (req, reply) => {
    const data = await users.create(caller(req), req.body, req.ip);
    reply.status(201);
    return { data };
  });
  route(app, E.userUpdate, async (req) => ({ data: await users.update(caller(req), req.params.id, req.body, req.ip) }));
  route(app, E.userDeactivate, async (req) => users.deactivate(caller(req), req.params.id, req.query, req.ip));
  route(app, E.userInvite, async (req) => users.invite(caller(req), req.params.id, req.ip));
  route(app, E.userUnlock, async (req) => users.unlock(caller(req), req.params.id, req.ip));
  route(app, E.userResetPin, async (req) => users.resetPin(caller(req), req.params.id, req.ip));
  route(app, E.userSignOutEverywhere, async (req) => users.signOutEverywhere(caller(req), req.params.id, req.ip));
  // The file's text inside JSON: escaping can make it longer than the file; the contract bounds the file itself.
  route(app, E.usersImport, async (req) => importer.run(caller(req), req.body, req.ip), { bodyLimit: 2 * USER_IMPORT_MAX_BYTES + 4096 });
};
