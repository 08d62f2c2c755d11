/** Finding a dictation for the letter path: only the caller's own trust's, only one they may view. */
import type { Dictation } from '../../../src/domain/contract';
import { mayViewDictation as mayView } from '../dictations/dictation-visibility';
import type { Db } from '../../db/client';
import { Errors } from '../../lib/errors';
import type { UrlSigner } from '../../lib/signed-url';
import type { RequestAuth } from '../auth/request-auth';
import { toDictationDto } from '../dictations/dictation-dto';
import { byId, findDictation } from '../dictations/dictations.repository';
import { findContext, type DictationContext } from './letters.repository';
import { fullName } from '../../../src/domain/display-format';

export { mayViewDictation as mayView } from '../dictations/dictation-visibility';

/** The dictation with its names; another trust's, a deleted one or one the caller may not see is not found. */
export async function visibleContext(db: Db, auth: RequestAuth, id: number): Promise<DictationContext> {
  const ctx = await findContext(db, id);
  if (!ctx || !mayView(auth, ctx.row)) throw Errors.notFound();
  return ctx;
}

/** The caller and the dictation as the workflow rules see them (one definition, shared with allocation). */
export { letterDictationOf, letterUserOf } from '../worklist/dictation-change';
export const fullNameOf = (auth: RequestAuth) => fullName(auth.ctx.user.firstName, auth.ctx.user.lastName);

/** The dictation as GET /api/dictation/{id} answers it, for the caller. */
export async function dictationDto(db: Db, signer: UrlSigner, auth: RequestAuth, id: number): Promise<Dictation> {
  const r = await findDictation(db, byId(id));
  if (!r) throw Errors.notFound();
  return toDictationDto(r, { userId: auth.ctx.user.id, sessionId: auth.session.id }, signer);
}
