import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers, worked out once at start and put on every response's raw socket, as helmet
 * does (so hijacked replies, the tus uploads and the live stream, carry them too). @fastify/helmet built
 * helmet's middleware again on every request, parsing the whole Content-Security-Policy each time: 4 % of
 * a search request's CPU. Our headers do not vary by request (no nonces), so once is enough.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const set = new Map<string, string>();
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: string) => void set.set(name, value),
    removeHeader: (name: string) => void removed.push(name),
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
  });
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of set) reply.raw.setHeader(name, value);
    for (const name of removed) reply.raw.removeHeader(name);
    done();
  });
}
