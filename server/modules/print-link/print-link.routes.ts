/**
 * Print links (issue 13, `/renderdocument`): whoever may see a dictation and types or manages letters
 * (Secretary, Manager) mints a link that opens the current letter's PDF for a few minutes without
 * signing in, so a print room or a headless printer can fetch it. The link is the signed-URL mechanism
 * of the audio and attachment links (server/lib/signed-url.ts) over the path
 * `/api/renderdocument/<dictation>/<letter version>`: it names who made it and their session, which must
 * still be live, and binds the letter version, so a letter changed since is not printed from an old link.
 * An altered link is 403, an expired one or one whose letter changed or is no longer visible 410 — the
 * answer never says whether a dictation exists. Each PDF served is logged in the dictation's trail.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LETTER_VERSION_HEADER } from '../../../src/domain/contract';
import { E } from '../../../src/domain/contract/endpoints';
import { buildLetterModel, letterFileName } from '../../../src/domain/letter-model';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { appError } from '../../lib/errors';
import { route } from '../../lib/route';
import { createUrlSigner, loadSigningKey } from '../../lib/signed-url';
import { authForLinkHolder, caller } from '../auth/request-auth';
import { mayCall } from '../../../src/domain/outsourced-calls';
import { renderLimit } from '../documents/documents.routes';
import { readLetterSource, readLetterVersion } from '../documents/letter-source';
import type { RenderPool } from '../documents/render-pool';
import { mayView, visibleContext } from '../letters/dictation-scope';
import { findContext } from '../letters/letters.repository';
import { addDictationLog } from '../dictations/dictations.repository';

/** How long a print link works. */
export const PRINT_LINK_TTL_MS = 5 * 60_000;

const signedPath = (dictationId: number, version: number) => `/api/renderdocument/${dictationId}/${version}`;
const invalid = () => appError('print_link_invalid');
const expired = () => appError('print_link_expired');

export const printLinkRoutes: FastifyPluginAsyncZod<{ db: Db; renderer: RenderPool; pinWindowMs: number }> = async (
  app,
  { db, renderer, pinWindowMs },
) => {
  const signer = createUrlSigner(await loadSigningKey(db), PRINT_LINK_TTL_MS);

  route(app, E.dictationPrintLink, async (req) => {
    const auth = caller(req);
    const { row } = await visibleContext(db, auth, req.params.id);
    const version = await readLetterVersion(db, row.id);
    const signed = signer.sign(signedPath(row.id, version), { userId: auth.ctx.user.id, sessionId: auth.session.id });
    await audit(db, {
      trustId: row.trustId,
      userId: auth.ctx.user.id,
      action: 'letter.print_link',
      entityType: 'dictation',
      entityId: row.id,
      details: { version },
      ip: req.ip,
    });
    const query = `d=${row.id}&v=${version}&${signed.slice(signed.indexOf('?') + 1)}`;
    const exp = Number(new URLSearchParams(query).get('exp'));
    return {
      data: { url: `/renderdocument?${query}`, pdf_url: `${E.printDocument.path}?${query}`, expires_at: new Date(exp).toISOString() },
    };
  });

  route(
    app,
    E.printDocument,
    async (req, reply) => {
      const q = req.query;
      const dictationId = Number(q.d);
      const version = Number(q.v);
      if (!Number.isSafeInteger(dictationId) || !Number.isSafeInteger(version)) throw invalid();
      const checked = signer.inspect(signedPath(dictationId, version), q);
      if ('problem' in checked) throw checked.problem === 'expired' ? expired() : invalid();
      // The holder, as they are now, is held to the rule of the route that made the link (issue 22 point 8):
      // one whose role no longer prints letters, or who has moved to an outsourcing pool, prints nothing.
      const auth = await authForLinkHolder(db, checked.holder, pinWindowMs);
      const allowed = auth && mayCall(auth.subject, E.dictationPrintLink.rule, `GET ${E.printDocument.path}`);
      const ctx = allowed ? await findContext(db, dictationId) : null;
      if (!auth || !ctx || !mayView(auth, ctx.row) || (await readLetterVersion(db, dictationId)) !== version) throw expired();
      const source = await readLetterSource(db, ctx.row, new Date(), (msg) => req.log.warn(msg));
      const bytes = await renderer.render('pdf', buildLetterModel(source));
      await addDictationLog(db, {
        dictationId,
        userId: auth.ctx.user.id,
        type: 'printed',
        description: 'Printed letter (PDF) from a print link',
      });
      await audit(db, {
        trustId: ctx.row.trustId,
        userId: auth.ctx.user.id,
        action: 'letter.printed',
        entityType: 'dictation',
        entityId: dictationId,
        details: { version, via: 'print_link' },
        ip: req.ip,
      });
      return reply
        .header(LETTER_VERSION_HEADER, String(version))
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `inline; filename="${letterFileName(ctx.row.reference, 'pdf')}"`)
        .header('Cache-Control', 'no-store')
        .header('Referrer-Policy', 'no-referrer')
        .send(bytes);
    },
    { config: { rateLimit: renderLimit } },
  );
};
