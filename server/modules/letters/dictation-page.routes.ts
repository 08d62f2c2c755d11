import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { LetterConflict } from '../../../src/domain/contract';
import { E } from '../../../src/domain/contract/endpoints';
import { errorOf } from '../../../src/domain/contract/errors';
import type { Db } from '../../db/client';
import { pageUrls } from '../../lib/pagination';
import { route } from '../../lib/route';
import type { UrlSigner } from '../../lib/signed-url';
import { caller } from '../auth/request-auth';
import { createDetailService } from './detail.service';
import { dictationDto } from './dictation-scope';
import { createHandOffService } from './handoff.service';
import type { LetterService } from './letters.service';
import { findLetter } from './letters.repository';
import type { ApprovalService } from '../review/approval.service';
import type { Distribution } from '../distribution/distribution.service';
import { markSeen } from '../review/views.repository';

/**
 * The dictation page's actions and side panel (src/domain/contract/dictation-detail.ts): claim,
 * take over, hand-offs, details corrections, comments and the audit trail.
 */
export const dictationPageRoutes: FastifyPluginAsyncZod<{
  db: Db;
  signer: UrlSigner;
  letters: LetterService;
  approvals: ApprovalService;
  distribution: Distribution;
}> = async (app, { db, signer, letters, approvals, distribution }) => {
  const handOffs = createHandOffService(db, letters, distribution);
  const details = createDetailService(db);

  route(app, E.dictationClaim, async (req) => {
    const auth = caller(req);
    await handOffs.claim(auth, req.params.id, req.ip);
    return { data: await dictationDto(db, signer, auth, req.params.id) };
  });

  route(app, E.dictationTakeOver, async (req) => {
    const auth = caller(req);
    await handOffs.takeOver(auth, req.params.id, req.ip);
    return { data: await dictationDto(db, signer, auth, req.params.id) };
  });

  route(app, E.dictationTransition, async (req, reply) => {
    const auth = caller(req);
    const { id } = req.params;
    // Approval signs the letter (server/modules/review); every other hand-off is the generic one.
    const result =
      req.body.action === 'approve'
        ? await approvals.approve(auth, id, req.body.base_version, req.ip)
        : await handOffs.transition(auth, id, req.body, req.ip);
    // What the caller handed on is what they last saw (review mode highlights changes since).
    if (result.ok && req.body.action !== 'approve') await markSeen(db, id, auth.ctx.user.id, (await findLetter(db, id))?.row.version ?? 0);
    if (!result.ok) {
      const { code, message } = errorOf('letter_conflict');
      const conflict: LetterConflict = { message, code, letter: result.current };
      return reply.status(409).send(conflict);
    }
    return { data: await dictationDto(db, signer, auth, req.params.id) };
  });

  route(app, E.dictationDetails, async (req) => {
    const auth = caller(req);
    await details.correct(auth, req.params.id, req.body, req.ip);
    return { data: await dictationDto(db, signer, auth, req.params.id) };
  });

  route(app, E.dictationCommentsGet, async (req) => {
    const { page, paginate } = req.query;
    const { rows, total } = await details.comments(caller(req), req.params.id, page, paginate);
    return { data: { data: rows, ...pageUrls(req, page, paginate, total) } };
  });

  route(app, E.dictationCommentAdd, async (req) => {
    return { data: await details.addComment(caller(req), req.params.id, req.body.comments, req.ip) };
  });

  route(app, E.dictationLogs, async (req) => {
    const { page, paginate } = req.query;
    const { rows, total } = await details.logs(caller(req), req.params.id, page, paginate);
    return { data: { data: rows, ...pageUrls(req, page, paginate, total) } };
  });
};
