/**
 * The PostgreSQL benches' app (the audit viewer's, the users list's): the server built on the bench database
 * with the reference and demo data, a one-connection pool for seeding and floor queries, and signed-in callers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export async function openBenchApp(databaseUrl: string, name: string) {
  const { loadConfig } = await import('../server/config');
  const { openDatabase } = await import('../server/db/client');
  const { seedDemoData, seedReferenceData } = await import('../server/db/seed');
  const { buildApp } = await import('../server/app');
  const dataDir = mkdtempSync(path.join(tmpdir(), `wardnote-${name}-bench-`));
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RUN_JOBS: '0',
    SEED_DEMO: '0',
  });
  const database = await openDatabase({ databaseUrl, dataDir: config.dataDir });
  await seedReferenceData(database.db);
  await seedDemoData(database.db);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const app = await buildApp({ config, db: database.db, serveClient: false });
  return {
    /** The app's own database handle (the services the benches call directly). */
    database,
    pool,
    /** Listens on a free port; answers its address and a sign-in that answers a bearer token. */
    async serve(password: string) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      const login = async (email: string) => {
        const res = await fetch(`${base}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password }),
        });
        if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}`);
        return ((await res.json()) as { access_token: string }).access_token;
      };
      return { base, login };
    },
    async close() {
      await app.close();
      await pool.end();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
