import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  loginRequestSchema,
  loginResponseSchema,
  messageResponseSchema,
  pinSetRequestSchema,
  pinVerifyRequestSchema,
} from '../../../src/domain/contract';
import type { AuthService } from './auth.service';
import { caller } from './request-auth';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; perMinute: number }> = async (app, { auth, perMinute }) => {
  const rateLimit = { max: perMinute, timeWindow: '1 minute' };
  app.post(
    API_PATHS.login,
    {
      config: { auth: 'none', rateLimit },
      schema: { body: loginRequestSchema, response: { 200: loginResponseSchema } },
    },
    async (req) => auth.login(req.body.email, req.body.password, req.ip),
  );

  app.post(
    API_PATHS.logout,
    { config: { auth: 'beforePin', beforePasswordChange: true }, schema: { response: { 200: messageResponseSchema } } },
    async (req) => {
      const { session, ctx } = caller(req);
      await auth.logout(session, ctx, req.ip);
      return { message: 'Signed out.' };
    },
  );

  app.post(
    API_PATHS.pinVerify,
    {
      config: { auth: 'beforePin', beforePasswordChange: true, rateLimit },
      schema: { body: pinVerifyRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (req) => {
      const { session, ctx } = caller(req);
      await auth.verifyPin(session, ctx, req.body.pin, req.ip);
      return { message: 'PIN verified.' };
    },
  );

  app.post(
    API_PATHS.pinSet,
    {
      config: { auth: 'beforePin', beforePasswordChange: true, rateLimit },
      schema: { body: pinSetRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (req) => {
      const { session, ctx } = caller(req);
      await auth.setPin(session, ctx, req.body.pin, req.body.current_pin, req.ip);
      return { message: 'Your PIN has been set.' };
    },
  );
};
