import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { Errors, appError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A replay with the same `Idempotency-Key` gets the first answer instead of running again (DESIGN §3 point 4). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotencyKey: string | null;
    /** The request's fingerprint (requestHash), kept with its answer. */
    idempotencyHash: string | null;
  }
}

const KEY = /^[A-Za-z0-9_-]{8,100}$/;
export const IDEMPOTENCY_KEY_DAYS = 7;

/** JSON with object keys in sorted order, so the same values give the same text however they were sent. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 of what the request asks for (its query and its body, as parsed): a replay must ask for the same. */
export function requestHash(req: Pick<FastifyRequest, 'query' | 'body'>): string {
  return createHash('sha256')
    .update(canonical({ q: req.query ?? null, b: req.body ?? null }))
    .digest('hex');
}

const reused = () => appError('idempotency_key_reused');

/**
 * Outbox operations carry their outbox id as `Idempotency-Key`. For routes marked `idempotent`, the
 * first successful answer is stored per user and key with a hash of the request; a replay (a device
 * that never heard the answer) gets that answer again, marked `Idempotency-Replayed: true`. The same
 * key on another method, path, query or body is refused (422): answering the first answer would
 * silently drop the new request. Failures are not stored: they changed nothing, so trying again is safe.
 */
export default fp(
  async function idempotency(app: FastifyInstance, opts: { db: Db }) {
    app.decorateRequest('idempotencyKey', null);
    app.decorateRequest('idempotencyHash', null);

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
      const hash = requestHash(req);
      if (!seen) {
        req.idempotencyKey = key;
        req.idempotencyHash = hash;
        return;
      }
      if (seen.method !== req.method || seen.path !== req.url.split('?')[0]) throw reused();
      // Rows kept before requests were hashed carry none: they are answered as before.
      if (seen.requestHash !== null && seen.requestHash !== hash) throw reused();
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
          requestHash: req.idempotencyHash,
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
