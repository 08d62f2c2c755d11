import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { E } from '../../../src/domain/contract/endpoints';
import type { Db } from '../../db/client';
import { route } from '../../lib/route';
import { caller } from '../auth/request-auth';
import type { Distribution } from '../distribution/distribution.service';
import { createRecipientsService } from './recipients.service';

/** A letter's send-to and copy-to lists (src/domain/contract/recipients.ts). */
export const recipientsRoutes: FastifyPluginAsyncZod<{ db: Db; distribution: Distribution }> = async (app, { db, distribution }) => {
  const recipients = createRecipientsService(db, distribution);

  route(app, E.dictationRecipientsGet, async (req) => ({ data: await recipients.read(caller(req), req.params.id) }));

  route(app, E.dictationRecipientsSave, async (req) => {
    const auth = caller(req);
    await recipients.save(auth, req.params.id, req.body, req.ip);
    return { data: await recipients.read(auth, req.params.id) };
  });
};
