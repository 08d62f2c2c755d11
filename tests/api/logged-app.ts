import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Db } from '../../server/db/client';
import { departments } from '../../server/db/schema';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { writeTone } from './audio-fixtures';
import { finaliseBody } from './finalise-body';
import { seededDatabase } from './test-database';
import { tusClient } from './tus-client';

/**
 * The API on a socket (tus needs one) with the demo data, logging at `info` into a buffer the test
 * reads: for tests that check what the server writes to its log.
 */
export async function startLoggedApp() {
  const lines: string[] = [];
  const stream = new PassThrough();
  stream.on('data', (d: Buffer) => lines.push(d.toString()));
  const database = await seededDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wardnote-logged-'));
  const app: FastifyInstance = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'info', DATA_DIR: dataDir }),
    db: database.db,
    serveClient: false,
    logStream: stream,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  const [dep] = await database.db.select().from(departments).where(eq(departments.code, 'CAR'));
  const tone = readFileSync(writeTone(path.join(dataDir, 'tone.wav'), { seconds: 1 }));

  const call = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    opts: { token?: string; body?: unknown } = {},
  ): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url,
      headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
      ...(opts.body === undefined ? {} : { payload: opts.body as object }),
    });

  return {
    app,
    db: database.db as Db,
    base,
    cardiologyId: dep!.id,
    call,
    /** Everything logged so far. */
    log: () => lines.join(''),
    async login(email: string) {
      const res = await call('POST', '/api/login', { body: { email, password: DEMO_PASSWORD } });
      if (res.statusCode !== 200) throw new Error(`login ${email} answered ${res.statusCode}`);
      return res.json<{ access_token: string }>().access_token;
    },
    /** A finished upload of a one-second tone, and a valid finalise body for it. */
    async upload(token: string, over: Record<string, unknown> = {}) {
      const uploadId = await tusClient(base, token).upload(tone, { filename: 'tone.wav' });
      return finaliseBody(uploadId, tone.length, dep!.id, { original_filename: 'tone.wav', ...over });
    },
    async close() {
      await app.close();
      await database.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type LoggedApp = Awaited<ReturnType<typeof startLoggedApp>>;
