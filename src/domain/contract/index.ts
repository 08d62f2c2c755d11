/**
 * The API contract: every call of spec §7 that exists so far, plus what the spec leaves out
 * (login, PIN, password), with its zod schemas. Server routes validate with these; the client
 * parses answers with them.
 */
import './zod-messages';
export * from './primitives';
export * from './auth';
export * from './user';
export * from './users';
export * from './dictations';
export * from './options';
export * from './worklist';

export const API_PATHS = {
  login: '/api/login',
  logout: '/api/logout',
  user: '/api/user',
  pinVerify: '/api/pin/verify',
  pinSet: '/api/pin/set',
  preference: (userId: number) => `/api/preference/${userId}`,
  interaction: '/api/interaction',
  passwordChange: '/api/password/change',
  passwordForgot: '/api/password/forgot',
  passwordReset: '/api/password/reset',
  validateToken: '/api/validateToken',
  users: '/api/users',
  dictation: '/api/dictation',
  dictationOptions: '/api/dictation-options',
  dictationCounts: '/api/dictation/counts',
  dictationAllocate: '/api/dictation/allocate',
  dictationConfidential: (id: number) => `/api/dictation/${id}/confidential`,
  dictationById: (id: number) => `/api/dictation/${id}`,
  dictationByClient: (clientId: string) => `/api/dictation/by-client/${clientId}`,
  uploads: '/api/uploads',
  health: '/api/health',
} as const;
