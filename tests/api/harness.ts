import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppDeps } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Db } from '../../server/db/client';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { seededDatabase } from './test-database';

export { DEMO_PASSWORD };

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  dbKind: string;
  /** http://127.0.0.1:<port> when started with `listen` (tus needs a real socket). */
  base: string;
  dataDir: string;
  close(): Promise<void>;
  /** Signs in a demo account and returns its bearer token. */
  login(email: string, password?: string): Promise<string>;
  call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
}

export async function startTestApp(
  env: Record<string, string> = {},
  opts: { listen?: boolean; deps?: Partial<Omit<AppDeps, 'config' | 'db'>> } = {},
): Promise<TestApp> {
  const database = await seededDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wardnote-api-'));
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env });
  const app = await buildApp({ config, db: database.db, serveClient: false, ...opts.deps });
  await app.ready();
  let base = '';
  if (opts.listen) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  }

  const call: TestApp['call'] = (method, url, opts = {}) =>
    app.inject({
      method,
      url,
      headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
      ...(opts.body === undefined ? {} : { payload: opts.body as object }),
    });

  return {
    app,
    db: database.db,
    dbKind: database.kind,
    base,
    dataDir,
    call,
    async login(email, password = DEMO_PASSWORD) {
      const res = await call('POST', '/api/login', { body: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login ${email} answered ${res.statusCode}: ${res.body}`);
      return res.json<{ access_token: string }>().access_token;
    },
    async close() {
      await app.close();
      await database.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
