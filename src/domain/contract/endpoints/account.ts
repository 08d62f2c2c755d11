/**
 * Signing in and out, the PIN, passwords, the caller's own profile and preferences, the users list, and
 * the health check. The sign-in, PIN and password calls are rate limited: the server's routes say how.
 */
import { z } from 'zod';
import { RULES } from '../../access';
import { endpoint } from '../endpoint';
import { idParamSchema } from '../primitives';
import {
  loginRequestSchema,
  loginResponseSchema,
  messageResponseSchema,
  pinSetRequestSchema,
  pinVerifyRequestSchema,
  passwordChangeRequestSchema,
  passwordForgotRequestSchema,
  passwordResetRequestSchema,
  validateTokenQuerySchema,
} from '../auth';
import { interactionItemSchema, preferenceUpdateSchema, profilePreferencesSchema, userProfileSchema } from '../user';
import { paginatedSchema, usersListQuerySchema } from '../users';
import { userByIdAnswerSchema, userListRowSchema } from '../admin-users';

const session = { auth: 'beforePin', beforePasswordChange: true } as const;

export const accountEndpoints = {
  login: endpoint({ method: 'POST', path: '/api/login', auth: 'none', body: loginRequestSchema, response: loginResponseSchema }),
  logout: endpoint({ method: 'POST', path: '/api/logout', ...session, response: messageResponseSchema }),
  pinVerify: endpoint({
    method: 'POST',
    path: '/api/pin/verify',
    ...session,
    body: pinVerifyRequestSchema,
    response: messageResponseSchema,
  }),
  pinSet: endpoint({ method: 'POST', path: '/api/pin/set', ...session, body: pinSetRequestSchema, response: messageResponseSchema }),
  passwordChange: endpoint({
    method: 'POST',
    path: '/api/password/change',
    beforePasswordChange: true,
    body: passwordChangeRequestSchema,
    response: messageResponseSchema,
  }),
  passwordForgot: endpoint({
    method: 'POST',
    path: '/api/password/forgot',
    auth: 'none',
    body: passwordForgotRequestSchema,
    response: messageResponseSchema,
  }),
  validateToken: endpoint({
    method: 'GET',
    path: '/api/validateToken',
    auth: 'none',
    query: validateTokenQuerySchema,
    response: z.object({ success: z.literal(true) }),
  }),
  passwordReset: endpoint({
    method: 'POST',
    path: '/api/password/reset',
    auth: 'none',
    body: passwordResetRequestSchema,
    response: messageResponseSchema,
  }),
  user: endpoint({ method: 'GET', path: '/api/user', ...session, response: z.object({ data: userProfileSchema }) }),
  preference: endpoint({
    method: 'POST',
    path: '/api/preference/:id',
    params: idParamSchema,
    body: preferenceUpdateSchema,
    response: z.object({ data: z.object({ preferences: z.object({ profile: profilePreferencesSchema }) }) }),
  }),
  interaction: endpoint({ method: 'GET', path: '/api/interaction', response: z.object({ data: z.array(interactionItemSchema) }) }),
  users: endpoint({
    method: 'GET',
    path: '/api/users',
    rule: RULES.usersRead,
    query: usersListQuerySchema,
    response: z.object({ users: paginatedSchema(userListRowSchema) }),
  }),
  userById: endpoint({
    method: 'GET',
    path: '/api/users/:id',
    rule: RULES.usersRead,
    params: idParamSchema,
    response: userByIdAnswerSchema,
  }),
  /** For load balancers and the benches: answers while the server runs, signed in or not. */
  health: endpoint({ method: 'GET', path: '/api/health', auth: 'none', response: z.object({ status: z.literal('ok') }) }),
};
