/**
 * Which trust a structure call is about (issue 25): departments and job types are trust-wide, so a
 * SuperAdmin reaches every trust's and anyone else their own trust's (src/domain/admin-reach.ts).
 * Another trust, or another trust's object, is not found: never a 403 that would say it exists.
 */
import { adminReach, reaches, type AdminReach } from '../../../src/domain/admin-reach';
import type { Db } from '../../db/client';
import { Errors } from '../../lib/errors';
import type { RequestAuth } from '../auth/request-auth';
import { findTrustRef, type TrustRef } from './trust-ref.repository';

export type { TrustRef };

export function reachOf(auth: RequestAuth): AdminReach {
  return adminReach(auth.subject, { trustId: auth.ctx.user.trustId, siteId: auth.ctx.user.siteId });
}

/** Throws not found unless the caller reaches this trust-wide object. */
export function mustReach(auth: RequestAuth, object: { trustId: number } | undefined): asserts object is { trustId: number } {
  if (!object || !reaches(reachOf(auth), { trustId: object.trustId })) throw Errors.notFound();
}

/** The trust asked for (the caller's own when none is named), when the caller reaches it; otherwise not found. */
export async function reachableTrust(db: Db, auth: RequestAuth, trustId?: number): Promise<TrustRef> {
  const id = trustId ?? auth.ctx.user.trustId;
  if (!reaches(reachOf(auth), { trustId: id })) throw Errors.notFound();
  const trust = await findTrustRef(db, id);
  if (!trust) throw Errors.notFound();
  return trust;
}

/** Text a user searched for, inside a LIKE pattern: their % and _ are plain characters. */
export const containsPattern = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
