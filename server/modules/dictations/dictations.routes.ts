import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS, dictationSchema, finaliseDictationSchema, idParamSchema, updateDraftSchema } from '../../../src/domain/contract';
import { RULES } from '../../../src/domain/access';
import { sendRanged } from '../../lib/byte-ranges';
import { caller } from '../auth/request-auth';
import type { DictationService } from './dictations.service';

interface Opts {
  dictations: DictationService;
}

const one = z.object({ data: dictationSchema });

export const dictationRoutes: FastifyPluginAsyncZod<Opts> = async (app, { dictations }) => {
  app.post(
    API_PATHS.dictation,
    { config: { rule: RULES.createDictation }, schema: { body: finaliseDictationSchema, response: { 200: one, 201: one } } },
    async (req, reply) => {
      const { created, dto } = await dictations.finalise(caller(req), req.body, req.ip);
      return reply.status(created ? 201 : 200).send({ data: dto });
    },
  );

  app.get(
    '/api/dictation/by-client/:clientId',
    { config: { rule: RULES.createDictation }, schema: { params: z.object({ clientId: z.uuid() }), response: { 200: one } } },
    async (req) => ({ data: await dictations.getByClientId(caller(req), req.params.clientId) }),
  );

  app.get(
    '/api/dictation/:id',
    { config: { rule: RULES.viewDictation }, schema: { params: idParamSchema, response: { 200: one } } },
    async (req) => ({ data: await dictations.get(caller(req), req.params.id) }),
  );

  app.patch(
    '/api/dictation/:id',
    {
      config: { rule: RULES.createDictation, idempotent: true },
      schema: { params: idParamSchema, body: updateDraftSchema, response: { 200: one } },
    },
    async (req) => ({ data: await dictations.updateDraft(caller(req), req.params.id, req.body, req.ip) }),
  );

  /**
   * Audio for <audio>: a bearer token or a signed link, checked by the hook against the same rule as
   * the dictation itself (issue 22 point 8); HTTP ranges for seeking.
   */
  app.get(
    '/api/dictation/:id/audio',
    {
      config: { auth: 'signedLink', rule: RULES.viewDictation },
      schema: {
        params: idParamSchema,
        querystring: z.object({
          u: z.string().max(20).optional(),
          s: z.string().max(20).optional(),
          exp: z.string().max(20).optional(),
          sig: z.string().max(100).optional(),
        }),
      },
    },
    async (req, reply) => {
      const audio = await dictations.playableAudio(caller(req), req.params.id);
      reply.headers({ 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' });
      return sendRanged(req, reply, audio, 'audio/mp4');
    },
  );
};
