/** Users: the list, invitations, CSV import, edits, unlock, PIN reset, sign-out everywhere, deactivation (issue 25). Thin: the rules are in the services. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { E } from '../../../src/domain/contract/endpoints';
import type { Db } from '../../db/client';
import { Errors } from '../../lib/errors';
import { route } from '../../lib/route';

/** Stubs while the service is written: the contract is in place, the answers are not yet. */
export const adminUsersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db: _db }) => {
  const notYet = () => {
    throw Errors.notFound();
  };
  route(app, E.userCreate, notYet);
  route(app, E.userUpdate, notYet);
  route(app, E.userDeactivate, notYet);
  route(app, E.userInvite, notYet);
  route(app, E.userUnlock, notYet);
  route(app, E.userResetPin, notYet);
  route(app, E.userSignOutEverywhere, notYet);
  route(app, E.usersImport, notYet);
};
