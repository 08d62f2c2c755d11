import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { E } from '../../../src/domain/contract/endpoints';
import { route } from '../../lib/route';
import type { AuthService } from './auth.service';
import { caller } from './request-auth';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; perMinute: number }> = async (app, { auth, perMinute }) => {
  const limited = { config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } } };

  route(app, E.login, async (req) => auth.login(req.body.email, req.body.password, req.ip), limited);

  route(app, E.logout, async (req) => {
    const { session, ctx } = caller(req);
    await auth.logout(session, ctx, req.ip);
    return { message: 'Signed out.' };
  });

  route(
    app,
    E.pinVerify,
    async (req) => {
      const { session, ctx } = caller(req);
      await auth.verifyPin(session, ctx, req.body.pin, req.ip);
      return { message: 'PIN verified.' };
    },
    limited,
  );

  route(
    app,
    E.pinSet,
    async (req) => {
      const { session, ctx } = caller(req);
      await auth.setPin(session, ctx, req.body.pin, req.body.current_pin, req.ip);
      return { message: 'Your PIN has been set.' };
    },
    limited,
  );
};
