/**
 * GET /api/events (issue 14): a server-sent event stream telling a signed-in user that their work
 * queues or their bell changed, so the open app refreshes them at once. Authenticated like every
 * /api route (bearer token: the client reads it with fetch, not EventSource); frames carry a kind
 * only. The stream is written on the raw socket (hijacked: no compression, no onSend hooks), so its
 * headers are set here: the security headers helmet already put on the reply, no-store, and
 * X-Accel-Buffering: no for proxies. A heartbeat comment every `heartbeatMs` keeps proxies from
 * closing it and re-checks the session: a revoked, expired or PIN-lapsed session ends the stream
 * (a logout anywhere ends it at once through the channel).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { OutgoingHttpHeaders } from 'node:http';
import type { LiveEvent } from '../../../src/domain/contract';
import { E } from '../../../src/domain/contract/endpoints';
import type { Db } from '../../db/client';
import { appError } from '../../lib/errors';
import { route } from '../../lib/route';
import { authenticate, caller } from '../auth/request-auth';
import { createLiveHub, type LiveKind } from './hub';
import { parseLiveMessage } from './live-channel';
import { listenLive } from './listener';

export const liveRoutes: FastifyPluginAsync<{ db: Db; pinWindowMs: number; heartbeatMs: number }> = async (
  app,
  { db, pinWindowMs, heartbeatMs },
) => {
  const hub = createLiveHub();
  const stop = await listenLive(
    db,
    (payload) => {
      const m = parseLiveMessage(payload);
      if (m) hub.deliver(m);
    },
    app.log,
  );
  app.addHook('preClose', async () => hub.closeAll());
  app.addHook('onClose', async () => stop());

  route(
    app,
    E.events,
    async (req, reply) => {
      const auth = caller(req);
      const authorization = req.headers.authorization;
      if (!hub.hasRoomFor(auth.ctx.user.id)) throw appError('too_many_streams');
      reply.hijack();
      const res = reply.raw;
      const headers: OutgoingHttpHeaders = {};
      for (const [k, v] of Object.entries(reply.getHeaders())) if (v !== undefined) headers[k] = v as string | number | string[];
      res.writeHead(200, {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      // How long the browser waits before reconnecting, then a first comment so the client knows it is open.
      res.write('retry: 5000\n: open\n\n');

      let closed = false;
      const close = () => {
        if (closed) return;
        closed = true;
        clearInterval(beat);
        remove();
        res.end();
      };
      const send = (kind: LiveKind) => {
        if (!closed) res.write(`data: ${JSON.stringify({ kind } satisfies LiveEvent)}\n\n`);
      };
      const remove = hub.add({
        userId: auth.ctx.user.id,
        trustId: auth.ctx.user.trustId,
        sessionId: auth.session.id,
        poolId: auth.ctx.user.outsourcingPoolId ?? null,
        subject: auth.subject,
        send,
        close,
      });
      const beat = setInterval(() => {
        authenticate(db, authorization, 'required', pinWindowMs).then(
          () => !closed && res.write(': ping\n\n'),
          () => close(),
        );
      }, heartbeatMs);
      beat.unref();
      req.raw.on('close', close);
      res.on('error', close);
      return reply;
    },
    { config: { eventStream: true } },
  );
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A never-ending text/event-stream answer (the fuzz test leaves it out). */
    eventStream?: boolean;
  }
}
