import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AccessSubject, Rule } from '../../../src/domain/access';
import type { HomeTab } from '../../../src/domain/statuses';
import type { AuthMode } from '../../../src/domain/contract/endpoint';
import type { Db } from '../../db/client';
import { Errors } from '../../lib/errors';
import { mayCall } from '../../../src/domain/outsourced-calls';
import { hashToken } from '../../lib/secrets';
import type { LinkHolder, UrlSigner } from '../../lib/signed-url';
import { cachedAuth, rememberAuth, type CachedAuth } from './auth-cache';
import { findLiveSession, findLiveSessionById, type SessionRow } from './session.repository';
import { loadUserContext, type UserContext } from './user-context.repository';

/**
 * How a route is guarded, set in its `config`:
 * - `none`: open to anyone (login, password reset);
 * - `beforePin`: a valid token is enough (PIN screen, profile, logout);
 * - `required` (the default): a valid token and, where the site has mfa, a PIN verified in time;
 * - `signedLink`: as `required`, or without a token the signed link of this very path (lib/signed-url.ts),
 *   for what an <audio> or an <a download> fetches: the caller is whoever the link was made for, while
 *   the session it was made for is live.
 * `rule` adds the role/permission rule of src/domain/access.ts, and an external typist reaches only
 * the routes of their work (outsourced-routes.ts): for every mode but `none`, a signed link included,
 * checked for the link's user as they are when it is used (issue 22 point 8).
 */
export type { AuthMode };

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

/** How long a verified PIN lasts at this site: its own lifetime (issue 25) or the deployment's default. */
export function pinWindowFor(site: { pinLifetimeMinutes?: number | null }, defaultMs: number): number {
  return site.pinLifetimeMinutes ? site.pinLifetimeMinutes * 60_000 : defaultMs;
}

export function subjectFor(ctx: UserContext, session: SessionRow, pinWindowMs: number): AccessSubject {
  const apps = ctx.user.applicationTypes;
  return {
    roles: ctx.roles,
    permissions: ctx.permissions,
    isFirstLogin: ctx.user.isFirstLogin,
    amplify: apps.includes('amplify'),
    scribeAssist: apps.includes('scribe_assist'),
    needsPin: pinGate(ctx.site.mfa, session.pinVerifiedAt, Date.now(), pinWindowFor(ctx.site, pinWindowMs)) !== 'ok',
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
    const gate = pinGate(ctx.site.mfa, session.pinVerifiedAt, Date.now(), pinWindowFor(ctx.site, pinWindowMs));
    if (gate === 'required') throw ctx.user.pinHash ? Errors.pinRequired() : Errors.pinNotSet();
    if (gate === 'lapsed') throw Errors.pinVerificationExpired();
    if (ctx.user.isFirstLogin && !beforePasswordChange) throw Errors.forbidden();
  }
  return auth;
}

/** The holder of a genuine link as a caller, or null once its session has ended or its user is gone. */
export async function authForLinkHolder(db: Db, holder: LinkHolder, pinWindowMs: number): Promise<RequestAuth | null> {
  const session = await findLiveSessionById(db, holder.sessionId, holder.userId);
  const ctx = session && (await loadUserContext(db, holder.userId));
  if (!session || !ctx) return null;
  // The link stands for the PIN check its session passed when the link was made.
  const linked = { ...session, pinVerifiedAt: new Date() };
  return { ctx, session: linked, subject: subjectFor(ctx, linked, pinWindowMs) };
}

/** Only the link's own fields, as strings (a repeated one is not a link's). */
function linkQuery(query: unknown): { u?: string; s?: string; exp?: string; sig?: string } {
  const q = (query ?? {}) as Record<string, unknown>;
  const one = (k: string) => (typeof q[k] === 'string' ? q[k] : undefined);
  return { u: one('u'), s: one('s'), exp: one('exp'), sig: one('sig') };
}

/**
 * The caller behind a signed link to `path`: valid only while the session it was made for is live, so
 * signing out (or a revoked or expired session) ends every link it was given.
 */
export async function authFromSignedLink(
  db: Db,
  signer: UrlSigner,
  path: string,
  query: unknown,
  pinWindowMs: number,
): Promise<RequestAuth> {
  const holder = signer.verify(path, linkQuery(query));
  const auth = holder && (await authForLinkHolder(db, holder, pinWindowMs));
  if (!auth) throw Errors.unauthenticated();
  if (auth.ctx.user.isFirstLogin) throw Errors.forbidden();
  return auth;
}

/**
 * Largest body read before anyone is authenticated: routes open to anyone (`auth: 'none'`: sign-in and
 * password-reset forms are a few hundred bytes) and addresses no route serves (the app's default
 * `bodyLimit`). Larger bodies are read only from a caller already authenticated (issue 22 point 6):
 * `SIGNED_IN_BODY_LIMIT` unless the route sets its own.
 */
export const ANONYMOUS_BODY_LIMIT = 16 * 1024;
export const SIGNED_IN_BODY_LIMIT = 1024 * 1024;

/** The guard a route has: its `auth`, else `required` under /api/ and `none` elsewhere (the app's pages). */
export function authModeOf(config: { auth?: AuthMode } | undefined, url: string | undefined): AuthMode {
  return config?.auth ?? (url?.startsWith('/api/') ? 'required' : 'none');
}

export default fp(
  async function requestAuth(app: FastifyInstance, opts: { db: Db; pinWindowMs: number; signer: UrlSigner }) {
    app.decorateRequest('auth', null);
    // A route open to anyone reads small bodies only; a guarded one, bodies up to its own limit
    // (routes registered after this plugin: all of them).
    app.addHook('onRoute', (route) => {
      if (authModeOf(route.config, route.url) === 'none')
        route.bodyLimit = Math.min(route.bodyLimit ?? ANONYMOUS_BODY_LIMIT, ANONYMOUS_BODY_LIMIT);
      else route.bodyLimit ??= SIGNED_IN_BODY_LIMIT;
    });
    // onRequest, before the body is read or validated (PITFALLS 52): an anonymous caller, or one the
    // route's rule refuses, costs one session lookup and learns nothing of the route's schema. The
    // route's own rate limit (route-level onRequest) runs after this, so it can count per user.
    app.addHook('onRequest', async (req) => {
      const config = req.routeOptions.config ?? {};
      const mode = authModeOf(config, req.routeOptions.url);
      if (mode === 'none') return;
      req.auth =
        mode === 'signedLink' && !req.headers.authorization
          ? await authFromSignedLink(opts.db, opts.signer, req.url.split('?')[0]!, req.query, opts.pinWindowMs)
          : await authenticate(
              opts.db,
              req.headers.authorization,
              mode === 'signedLink' ? 'required' : mode,
              opts.pinWindowMs,
              config.beforePasswordChange,
              config.authCache,
            );
      // The route's rule; an external typist of an outsourcing pool reaches only the routes of their own work.
      if (!mayCall(req.auth.subject, config.rule, mode === 'beforePin' ? null : `${req.method} ${req.routeOptions.url ?? ''}`))
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
