import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import { Errors } from '../../lib/errors';
import type { LinkHolder, UrlSigner } from '../../lib/signed-url';
import { subjectFor, type RequestAuth } from '../auth/request-auth';
import { loadUserContext } from '../auth/user-context.repository';

/**
 * The caller behind a signed audio link: valid only while the session it was made for is live, so
 * signing out (or a revoked or expired session) ends every link it was given. The link stands for
 * the PIN check its session passed when the link was made.
 */
export async function authFromSignedLink(
  db: Db,
  signer: UrlSigner,
  path: string,
  query: { u?: string; s?: string; exp?: string; sig?: string },
  pinWindowMs: number,
): Promise<RequestAuth> {
  const holder = signer.verify(path, query);
  if (!holder) throw Errors.unauthenticated();
  const auth = await authForLinkHolder(db, holder, pinWindowMs);
  if (!auth) throw Errors.unauthenticated();
  return auth;
}

/** The holder of a genuine link as a caller, or null once its session has ended or its user is gone. */
export async function authForLinkHolder(db: Db, holder: LinkHolder, pinWindowMs: number): Promise<RequestAuth | null> {
  const [session] = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.id, holder.sessionId),
        eq(sessions.userId, holder.userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .limit(1);
  const ctx = session ? await loadUserContext(db, holder.userId) : undefined;
  if (!session || !ctx) return null;
  const linked = { ...session, pinVerifiedAt: new Date() };
  return { ctx, session: linked, subject: subjectFor(ctx, linked, pinWindowMs) };
}
