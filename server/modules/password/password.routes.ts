import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  messageResponseSchema,
  passwordChangeRequestSchema,
  passwordForgotRequestSchema,
  passwordResetRequestSchema,
  validateTokenQuerySchema,
} from '../../../src/domain/contract';
import { MESSAGES } from '../../../src/domain/messages';
import { Errors } from '../../lib/errors';
import { caller } from '../auth/request-auth';
import type { PasswordService } from './password.service';

const limited = { rateLimit: { max: 10, timeWindow: '1 minute' } };

export const passwordRoutes: FastifyPluginAsyncZod<{ passwords: PasswordService }> = async (app, { passwords }) => {
  app.post(
    API_PATHS.passwordChange,
    {
      config: { beforePasswordChange: true, ...limited },
      schema: { body: passwordChangeRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (req) => {
      await passwords.change(caller(req), req.body.current_password, req.body.password, req.ip);
      return { message: MESSAGES.passwordChanged };
    },
  );

  app.post(
    API_PATHS.passwordForgot,
    { config: { auth: 'none', ...limited }, schema: { body: passwordForgotRequestSchema, response: { 200: messageResponseSchema } } },
    async (req) => {
      await passwords.forgot(req.body.email, req.ip);
      return { message: MESSAGES.resetLinkSent };
    },
  );

  app.get(
    API_PATHS.validateToken,
    {
      config: { auth: 'none', ...limited },
      schema: { querystring: validateTokenQuerySchema, response: { 200: z.object({ success: z.literal(true) }) } },
    },
    async (req) => {
      if (!(await passwords.validate(req.query.token))) throw Errors.validation(MESSAGES.resetTokenInvalid);
      return { success: true as const };
    },
  );

  app.post(
    API_PATHS.passwordReset,
    { config: { auth: 'none', ...limited }, schema: { body: passwordResetRequestSchema, response: { 200: messageResponseSchema } } },
    async (req) => {
      await passwords.reset(req.body.token, req.body.password, req.ip);
      return { message: MESSAGES.resetDone };
    },
  );
};
