import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { E } from '../../../src/domain/contract/endpoints';
import { route } from '../../lib/route';
import { sendRanged } from '../../lib/byte-ranges';
import { caller } from '../auth/request-auth';
import type { DictationService } from './dictations.service';

interface Opts {
  dictations: DictationService;
}

export const dictationRoutes: FastifyPluginAsyncZod<Opts> = async (app, { dictations }) => {
  // The entry's 201 is the first time; a replay of the same client_id answers 200.
  route(app, E.dictationFinalise, async (req, reply) => {
    const { created, dto } = await dictations.finalise(caller(req), req.body, req.ip);
    return reply.status(created ? 201 : 200).send({ data: dto });
  });

  route(app, E.dictationByClient, async (req) => ({ data: await dictations.getByClientId(caller(req), req.params.clientId) }));

  route(app, E.dictationGet, async (req) => ({ data: await dictations.get(caller(req), req.params.id) }));

  route(app, E.dictationUpdate, async (req) => ({ data: await dictations.updateDraft(caller(req), req.params.id, req.body, req.ip) }));

  route(app, E.dictationAudio, async (req, reply) => {
    const audio = await dictations.playableAudio(caller(req), req.params.id);
    reply.headers({ 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' });
    return sendRanged(req, reply, audio, 'audio/mp4');
  });
};
