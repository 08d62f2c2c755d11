import type { FastifyRequest } from 'fastify';

/**
 * A route's rate limit counted per signed-in user (`config.rateLimit`): a shared hospital proxy address
 * does not pool everyone's budget. It runs in the route's own onRequest hook, after the shared
 * authentication hook (request-auth.ts) and before the body is read, so a caller over the limit costs
 * no parsing. Routes given the same `group` share one budget.
 */
export function perUserLimit(group: string, max: number, timeWindow = '1 minute') {
  return {
    max,
    timeWindow,
    groupId: group,
    keyGenerator: (req: FastifyRequest) => (req.auth ? `user:${req.auth.ctx.user.id}` : req.ip),
  };
}

/**
 * The routes that take large bodies or much work per call (issue 22 point 6). Letters autosave every
 * few seconds while someone types: 120 a minute leaves a typist and their outbox room, not a script.
 */
export const RATE_LIMITS = {
  letterSave: perUserLimit('letter-save', 120),
  autotextImport: perUserLimit('autotext-import', 10),
  patientLookup: perUserLimit('patient-lookup', 30),
} as const;
