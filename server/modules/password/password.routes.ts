import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { E } from '../../../src/domain/contract/endpoints';
import { MESSAGES } from '../../../src/domain/messages';
import { Errors } from '../../lib/errors';
import { route } from '../../lib/route';
import { caller } from '../auth/request-auth';
import type { PasswordService } from './password.service';

const limited = { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } };

export const passwordRoutes: FastifyPluginAsyncZod<{ passwords: PasswordService }> = async (app, { passwords }) => {
  route(
    app,
    E.passwordChange,
    async (req) => {
      await passwords.change(caller(req), req.body.current_password, req.body.password, req.ip);
      return { message: MESSAGES.passwordChanged };
    },
    limited,
  );

  route(
    app,
    E.passwordForgot,
    async (req) => {
      await passwords.forgot(req.body.email, req.ip);
      return { message: MESSAGES.resetLinkSent };
    },
    limited,
  );

  route(
    app,
    E.validateToken,
    async (req) => {
      if (!(await passwords.validate(req.query.token))) throw Errors.validation(MESSAGES.resetTokenInvalid);
      return { success: true as const };
    },
    limited,
  );

  route(
    app,
    E.passwordReset,
    async (req) => {
      await passwords.reset(req.body.token, req.body.password, req.ip);
      return { message: MESSAGES.resetDone };
    },
    limited,
  );
};
