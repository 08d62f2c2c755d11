import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  idParamSchema,
  interactionItemSchema,
  preferenceUpdateSchema,
  profilePreferencesSchema,
  userProfileSchema,
} from '../../../src/domain/contract';
import { caller } from '../auth/request-auth';
import type { UserService } from './user.service';

export const userRoutes: FastifyPluginAsyncZod<{ users: UserService }> = async (app, { users }) => {
  app.get(
    API_PATHS.user,
    { config: { auth: 'beforePin', beforePasswordChange: true }, schema: { response: { 200: z.object({ data: userProfileSchema }) } } },
    async (req) => ({ data: await users.profile(caller(req)) }),
  );

  app.post(
    '/api/preference/:id',
    {
      schema: {
        params: idParamSchema,
        body: preferenceUpdateSchema,
        response: { 200: z.object({ data: z.object({ preferences: z.object({ profile: profilePreferencesSchema }) }) }) },
      },
    },
    async (req) => ({ data: await users.savePreferences(caller(req), req.params.id, req.body, req.ip) }),
  );

  app.get(API_PATHS.interaction, { schema: { response: { 200: z.object({ data: z.array(interactionItemSchema) }) } } }, async (req) => ({
    data: await users.interaction(caller(req).ctx.user.trustId),
  }));
};
