import { and, eq, lt } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError, Errors } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A replay with the same `Idempotency-Key` gets the first answer instead of running again (DESIGN §3 point 4). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotencyKey: string | null;
  }
}

const KEY = /^[A-Za-z0-9_-]{8,100}$/;
export const IDEMPOTENCY_KEY_DAYS = 7;

/**
 * Outbox operations carry their outbox id as `Idempotency-Key`. For routes marked `idempotent`, the
 * first successful answer is stored per user and key; a replay (a device that never heard the answer)
 * gets that answer again, marked `Idempotency-Replayed: true`. Failures are not stored: they changed
 * nothing, so trying again is safe.
 */
export default fp(
  async function idempotency(app: FastifyInstance, opts: { db: Db }) {
    app.decorateRequest('idempotencyKey', null);

    app.addHook('preHandler', async (req, reply) => {
      const key = req.headers['idempotency-key'];
      if (!req.routeOptions.config?.idempotent || !req.auth || key === undefined) return;
      if (typeof key !== 'string' || !KEY.test(key)) {
        throw Errors.validation('The Idempotency-Key header must be 8 to 100 letters, digits, hyphens or underscores.');
      }
      const [seen] = await opts.db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, req.auth.ctx.user.id), eq(idempotencyKeys.key, key)));
      if (!seen) {
        req.idempotencyKey = key;
        return;
      }
      if (seen.method !== req.method || seen.path !== req.url.split('?')[0]) {
        throw new AppError(422, 'idempotency_key_reused', 'This request key was already used for a different request.');
      }
      return reply.status(seen.statusCode).header('Idempotency-Replayed', 'true').send(seen.response);
    });

    app.addHook('onSend', async (req, reply, payload) => {
      if (!req.idempotencyKey || !req.auth || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
      await opts.db
        .insert(idempotencyKeys)
        .values({
          userId: req.auth.ctx.user.id,
          key: req.idempotencyKey,
          method: req.method,
          path: req.url.split('?')[0]!,
          statusCode: reply.statusCode,
          response: typeof payload === 'string' && payload ? JSON.parse(payload) : null,
        })
        .onConflictDoNothing();
      return payload;
    });
  },
  { name: 'idempotency', dependencies: ['request-auth'] },
);

/** Keys older than a week are forgotten; a device that waited longer checks the dictation itself. */
export async function forgetOldIdempotencyKeys(db: Db, now = new Date()): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_DAYS * 86_400_000)));
}
