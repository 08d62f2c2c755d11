import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema, recipientListsSchema, recipientsAnswerSchema } from '../../../src/domain/contract';
import { RULES } from '../../../src/domain/access';
import type { Db } from '../../db/client';
import { caller } from '../auth/request-auth';
import type { Distribution } from '../distribution/distribution.service';
import { createRecipientsService } from './recipients.service';

/** A letter's send-to and copy-to lists (src/domain/contract/recipients.ts). */
export const recipientsRoutes: FastifyPluginAsyncZod<{ db: Db; distribution: Distribution }> = async (app, { db, distribution }) => {
  const recipients = createRecipientsService(db, distribution);
  const path = '/api/dictation/:id/recipients';

  app.get(
    path,
    { config: { rule: RULES.viewDictation }, schema: { params: idParamSchema, response: { 200: recipientsAnswerSchema } } },
    async (req) => ({ data: await recipients.read(caller(req), req.params.id) }),
  );

  app.put(
    path,
    {
      config: { rule: RULES.dictation, idempotent: true },
      schema: { params: idParamSchema, body: recipientListsSchema, response: { 200: recipientsAnswerSchema } },
    },
    async (req) => {
      const auth = caller(req);
      await recipients.save(auth, req.params.id, req.body, req.ip);
      return { data: await recipients.read(auth, req.params.id) };
    },
  );
};
