import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { satisfies, type AccessSubject, type Rule } from '../../../src/domain/access';
import type { HomeTab } from '../../../src/domain/statuses';
import type { Db } from '../../db/client';
import { Errors } from '../../lib/errors';
import { outsourcedMayCall } from '../outsourcing/outsourced-routes';
import { hashToken } from '../../lib/secrets';
import { cachedAuth, rememberAuth, type CachedAuth } from './auth-cache';
import { findLiveSession, type SessionRow } from './session.repository';
import { loadUserContext, type UserContext } from './user-context.repository';

/**
 * How a route is guarded, set in its `config`:
 * - `none`: open to anyone (login, password reset);
 * - `beforePin`: a valid token is enough (PIN screen, profile, logout);
 * - `required` (the default): a valid token and, where the site has mfa, a PIN verified in time.
 * `rule` adds the role/permission rule of src/domain/access.ts.
 */
export type AuthMode = 'none' | 'beforePin' | 'required';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthMode;
    rule?: Rule;
    /** Allowed for a first-login user who has not changed the password yet. */
    beforePasswordChange?: boolean;
    /**
     * May reuse the session and user checked in the last few seconds (auth-cache.ts): only for hot
     * read-only routes that use the caller's identity, never their stored data.
     */
    authCache?: boolean;
  }
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}

export interface RequestAuth {
  session: SessionRow;
  ctx: UserContext;
  subject: AccessSubject;
}

export type PinGate = 'ok' | 'required' | 'lapsed';

/** Whether this session has passed the second factor recently enough. */
export function pinGate(mfa: boolean, pinVerifiedAt: Date | null, now: number, windowMs: number): PinGate {
  if (!mfa) return 'ok';
  if (!pinVerifiedAt) return 'required';
  return now - pinVerifiedAt.getTime() > windowMs ? 'lapsed' : 'ok';
}

export function subjectFor(ctx: UserContext, session: SessionRow, pinWindowMs: number): AccessSubject {
  const apps = ctx.user.applicationTypes;
  return {
    roles: ctx.roles,
    permissions: ctx.permissions,
    isFirstLogin: ctx.user.isFirstLogin,
    amplify: apps.includes('amplify'),
    scribeAssist: apps.includes('scribe_assist'),
    needsPin: pinGate(ctx.site.mfa, session.pinVerifiedAt, Date.now(), pinWindowMs) !== 'ok',
    siteTrustId: ctx.site.trustId,
    savedStatus: ctx.user.preferences.profile?.status as HomeTab | undefined,
    outsourcingPoolId: ctx.user.outsourcingPoolId,
  };
}

function bearerToken(header: string | null | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m ? m[1]! : null;
}

async function lookUp(db: Db, token: string): Promise<CachedAuth | undefined> {
  const session = await findLiveSession(db, token);
  const ctx = session && (await loadUserContext(db, session.userId));
  return ctx ? { session: session!, ctx } : undefined;
}

async function lookUpCached(db: Db, token: string): Promise<CachedAuth | undefined> {
  const key = hashToken(token);
  const hit = cachedAuth(key);
  if (hit) return hit;
  const found = await lookUp(db, token);
  if (found) rememberAuth(key, found);
  return found;
}

/**
 * The one authentication path (API routes and the tus upload endpoint): a live session for the bearer
 * token and, in `required` mode, a PIN verified in time where the site asks for one. `cache`: the
 * route may reuse a lookup of the last few seconds (auth-cache.ts).
 */
export async function authenticate(
  db: Db,
  authorization: string | null | undefined,
  mode: Exclude<AuthMode, 'none'>,
  pinWindowMs: number,
  beforePasswordChange = false,
  cache = false,
): Promise<RequestAuth> {
  const token = bearerToken(authorization);
  const found = token ? await (cache ? lookUpCached : lookUp)(db, token) : undefined;
  if (!found) throw Errors.unauthenticated();
  const { session, ctx } = found;
  const auth = { session, ctx, subject: subjectFor(ctx, session, pinWindowMs) };
  if (mode === 'required') {
    const gate = pinGate(ctx.site.mfa, session.pinVerifiedAt, Date.now(), pinWindowMs);
    if (gate === 'required') throw ctx.user.pinHash ? Errors.pinRequired() : Errors.pinNotSet();
    if (gate === 'lapsed') throw Errors.pinVerificationExpired();
    if (ctx.user.isFirstLogin && !beforePasswordChange) throw Errors.forbidden();
  }
  return auth;
}

export default fp(
  async function requestAuth(app: FastifyInstance, opts: { db: Db; pinWindowMs: number }) {
    app.decorateRequest('auth', null);
    app.addHook('preHandler', async (req) => {
      const config = req.routeOptions.config ?? {};
      const isApi = req.routeOptions.url?.startsWith('/api/') ?? false;
      const mode: AuthMode = config.auth ?? (isApi ? 'required' : 'none');
      if (mode === 'none') return;
      req.auth = await authenticate(
        opts.db,
        req.headers.authorization,
        mode,
        opts.pinWindowMs,
        config.beforePasswordChange,
        config.authCache,
      );
      if (config.rule && !satisfies(req.auth.subject, config.rule)) throw Errors.forbidden();
      // An external typist of an outsourcing pool reaches only the routes of their own work (deny by default).
      if (mode === 'required' && req.auth.subject.outsourcingPoolId != null && !outsourcedMayCall(req.method, req.routeOptions.url))
        throw Errors.forbidden();
    });
  },
  { name: 'request-auth' },
);

/** The signed-in caller of a guarded route (the hook guarantees it is there). */
export function caller(req: FastifyRequest): RequestAuth {
  if (!req.auth) throw Errors.unauthenticated();
  return req.auth;
}
