/**
 * Sessions checked in the last few seconds, for the routes that opt in with `config.authCache`: the
 * work queue's list and counts, which every open Home tab polls and which read only who the caller is
 * (user, trust, roles, permissions). Every other route loads the session and user afresh.
 *
 * Revocation: an entry lives AUTH_CACHE_MS at most. In this process it is dropped at once when its
 * session is revoked (logout), when the user's sessions are revoked (password change or reset) and when
 * its PIN is verified, and for AUTH_CACHE_MS after that the session (or user) is not cached again, so a
 * lookup that raced with the change, or ran before a surrounding transaction committed it, is not kept. Another
 * process (several behind a load balancer) honours a logout, a deactivation or a role change on these
 * two routes within AUTH_CACHE_MS; the session's expiry and the PIN window are checked on every request.
 */
import type { SessionRow } from './session.repository';
import type { UserContext } from './user-context.repository';

export const AUTH_CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;

export interface CachedAuth {
  session: SessionRow;
  ctx: UserContext;
}

const entries = new Map<string, CachedAuth & { until: number }>();
/** Sessions (`s:<id>`) and users (`u:<id>`) changed lately, until when: not cached meanwhile. */
const changed = new Map<string, number>();

/** The live entry for a token hash, if any. */
export function cachedAuth(tokenHash: string, now = Date.now()): CachedAuth | undefined {
  const e = entries.get(tokenHash);
  if (!e) return undefined;
  if (e.until > now && e.session.expiresAt.getTime() > now) return e;
  entries.delete(tokenHash);
  return undefined;
}

function changedLately(key: string, now: number): boolean {
  const until = changed.get(key);
  if (until === undefined) return false;
  if (until > now) return true;
  changed.delete(key);
  return false;
}

export function rememberAuth(tokenHash: string, auth: CachedAuth, now = Date.now()): void {
  if (changedLately(`s:${auth.session.id}`, now) || changedLately(`u:${auth.ctx.user.id}`, now)) return;
  if (entries.size >= MAX_ENTRIES) {
    for (const [k, e] of entries) if (e.until <= now) entries.delete(k);
    // Still full: the oldest entry goes (a Map keeps insertion order).
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  }
  entries.set(tokenHash, { ...auth, until: now + AUTH_CACHE_MS });
}

function forgetWhere(key: string, match: (e: CachedAuth) => boolean, now = Date.now()): void {
  for (const [k, until] of changed) if (until <= now) changed.delete(k);
  changed.set(key, now + AUTH_CACHE_MS);
  for (const [k, e] of entries) if (match(e)) entries.delete(k);
}

export const forgetSession = (sessionId: number) => forgetWhere(`s:${sessionId}`, (e) => e.session.id === sessionId);
export const forgetUser = (userId: number) => forgetWhere(`u:${userId}`, (e) => e.ctx.user.id === userId);
/** A site's second factor changed (issue 25, settings that inherit): its users' entries go, so the PIN gate reads the new value. */
export const forgetSite = (siteId: number) => {
  for (const [k, e] of entries) if (e.ctx.site.id === siteId) entries.delete(k);
};
