/**
 * The current letter of a dictation as a document (issue 13 "Documents"): GET /api/dictation/{id}/letter.pdf
 * (shown in the browser) and /letter.docx (downloaded), for whoever may see the dictation; a letter not
 * yet approved prints as a draft. Each answer is written in the dictation's audit trail: "Previewed letter
 * (PDF)" for the app's preview (`?purpose=preview`), "Downloaded letter (PDF|DOCX)" otherwise.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LETTER_VERSION_HEADER } from '../../../src/domain/contract';
import { E } from '../../../src/domain/contract/endpoints';
import { buildLetterModel, letterFileName } from '../../../src/domain/letter-model';
import type { Db } from '../../db/client';
import { dictationLogs } from '../../db/schema';
import { route } from '../../lib/route';
import { caller } from '../auth/request-auth';
import { visibleContext } from '../letters/dictation-scope';
import { readLetterSource, readLetterVersion } from './letter-source';
import type { RenderPool } from './render-pool';

const FORMATS = {
  pdf: { type: 'application/pdf', disposition: 'inline', label: 'PDF' },
  docx: { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', disposition: 'attachment', label: 'DOCX' },
} as const;

/** Rendering costs a second of a core for a long letter: a person gets 30 a minute, previews included. */
export const renderLimit = {
  max: 30,
  timeWindow: '1 minute',
  hook: 'preHandler' as const,
  groupId: 'letter-documents',
  keyGenerator: (req: FastifyRequest) => (req.auth ? `user:${req.auth.ctx.user.id}` : req.ip),
};

export const documentsRoutes: FastifyPluginAsyncZod<{ db: Db; renderer: RenderPool }> = async (app, { db, renderer }) => {
  /** Renders the letter of dictation `id` and logs who took it, or only looked at it (`preview`). */
  async function send(req: FastifyRequest, reply: FastifyReply, id: number, format: keyof typeof FORMATS, preview: boolean) {
    const f = FORMATS[format];
    const auth = caller(req);
    const { row } = await visibleContext(db, auth, id);
    const version = await readLetterVersion(db, row.id);
    const source = await readLetterSource(db, row, new Date(), (msg) => req.log.warn(msg));
    const bytes = await renderer.render(format, buildLetterModel(source));
    // Looking at the letter in the app is not taking a copy away: the trail says which it was.
    await db.insert(dictationLogs).values({
      dictationId: row.id,
      userId: auth.ctx.user.id,
      type: preview ? 'previewed' : 'downloaded',
      description: `${preview ? 'Previewed' : 'Downloaded'} letter (${f.label})`,
    });
    return reply
      .header(LETTER_VERSION_HEADER, String(version))
      .header('Content-Type', f.type)
      .header('Content-Disposition', `${f.disposition}; filename="${letterFileName(row.reference, format)}"`)
      .header('Cache-Control', 'no-store')
      .send(bytes);
  }

  route(app, E.dictationLetterPdf, (req, reply) => send(req, reply, req.params.id, 'pdf', req.query.purpose === 'preview'), {
    config: { rateLimit: renderLimit },
  });
  route(app, E.dictationLetterDocx, (req, reply) => send(req, reply, req.params.id, 'docx', false), { config: { rateLimit: renderLimit } });
};
