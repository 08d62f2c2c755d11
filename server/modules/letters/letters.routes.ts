import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { LetterConflict } from '../../../src/domain/contract';
import { E } from '../../../src/domain/contract/endpoints';
import { LETTER_MAX_DEPTH, nestsDeeperThan } from '../../../src/domain/letter-doc';
import { errorOf } from '../../../src/domain/contract/errors';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { appError } from '../../lib/errors';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { route } from '../../lib/route';
import { createUrlSigner, loadSigningKey } from '../../lib/signed-url';
import { caller } from '../auth/request-auth';
import { dictationDto } from './dictation-scope';
import { dictationPageRoutes } from './dictation-page.routes';
import { createLetterService } from './letters.service';
import { createManualLetterService } from './manual-letter.service';
import { createApprovalService } from '../review/approval.service';
import type { Distribution } from '../distribution/distribution.service';
import { reviewRoutes } from '../review/review.routes';
import { recipientsRoutes } from './recipients.routes';

/**
 * A save's body is read up to this, well past the letter's own limit (LETTER_MAX_JSON_BYTES), so that a
 * letter too large is told its size in words (422) rather than refused unread (413).
 */
const LETTER_BODY_LIMIT_BYTES = 2_000_000 + 64 * 1024;

/** JSON levels of a letter at the deepest nesting allowed (a node and its content list each add one), with room for marks. */
const MAX_JSON_NESTING = LETTER_MAX_DEPTH * 2 + 8;

/** Refuses a body nested too deep before the recursive schema walks it. */
async function guardNesting(req: FastifyRequest) {
  if (nestsDeeperThan(req.body, MAX_JSON_NESTING)) {
    const why = `The letter is nested too deeply (more than ${LETTER_MAX_DEPTH} levels of lists or tables).`;
    throw appError('letter_invalid', why).withFields({ doc: [why] });
  }
}

/** The letter of a dictation, its versions, and manual letters (src/domain/contract/letter.ts). */
export const lettersRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config; distribution: Distribution }> = async (
  app,
  { db, distribution },
) => {
  const signer = createUrlSigner(await loadSigningKey(db));
  const letters = createLetterService(db);
  const manual = createManualLetterService(db);

  // Offline review's prefetch (src/lib/offline/prefetch-header.ts) is not the user opening it.
  route(app, E.dictationLetterGet, async (req) => ({
    data: await letters.get(caller(req), req.params.id, { prefetch: req.headers['x-wardnote-prefetch'] !== undefined }),
  }));

  // The nesting guard runs before validation (the recursive schema would otherwise walk any depth).
  route(
    app,
    E.dictationLetterSave,
    async (req, reply) => {
      const result = await letters.save(caller(req), req.params.id, req.body, req.ip);
      if (!result.ok) {
        const { code, message } = errorOf('letter_conflict');
        const conflict: LetterConflict = { message, code, letter: result.current };
        return reply.status(409).send(conflict);
      }
      return { data: { version: result.version, updated_at: result.updated_at } };
    },
    { bodyLimit: LETTER_BODY_LIMIT_BYTES, preValidation: guardNesting, config: { rateLimit: RATE_LIMITS.letterSave } },
  );

  route(app, E.dictationVersions, async (req) => ({ data: await letters.versions(caller(req), req.params.id) }));

  route(app, E.dictationVersion, async (req) => ({ data: await letters.version(caller(req), req.params.id, req.params.version) }));

  route(app, E.dictationManual, async (req) => {
    const auth = caller(req);
    const id = await manual.create(auth, req.body, req.ip);
    return { data: await dictationDto(db, signer, auth, id) };
  });

  const approvals = createApprovalService(db, letters, distribution);
  await app.register(dictationPageRoutes, { db, signer, letters, approvals, distribution });
  await app.register(reviewRoutes, { db, approvals });
  await app.register(recipientsRoutes, { db, distribution });
};
