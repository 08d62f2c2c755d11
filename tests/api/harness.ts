import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type Db } from '../../server/db/client';
import { DEMO_PASSWORD, seedDemoData, seedReferenceData } from '../../server/db/seed';

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

/**
 * A fresh database with the demo data: in-memory PGlite, or, when TEST_DB=postgres, a new database
 * on the server of TEST_DATABASE_URL, dropped afterwards.
 */
async function freshDatabase() {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB === 'postgres' && !url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  if (process.env.TEST_DB !== 'postgres' || !url) return { ...(await openDatabase({ dataDir: null })), drop: async () => {} };
  const { Client } = await import('pg');
  const name = `wardnote_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: dbUrl.toString(), dataDir: null });
  return {
    ...database,
    drop: async () => {
      const c = new Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function startTestApp(env: Record<string, string> = {}, opts: { listen?: boolean } = {}): Promise<TestApp> {
  const database = await freshDatabase();
  await seedReferenceData(database.db);
  await seedDemoData(database.db);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wardnote-api-'));
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env });
  const app = await buildApp({ config, db: database.db, serveClient: false });
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
