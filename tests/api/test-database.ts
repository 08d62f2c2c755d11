/**
 * The API tests' databases. The migrated database with the reference and demo data is built once per run
 * (global-setup.ts) and every test app starts from a copy of it: PGlite loads the template's data directory
 * (no initdb, no migrations, no seeding), PostgreSQL copies the template database (CREATE DATABASE …
 * TEMPLATE). A test that needs an empty database asks for `emptyDatabase()`.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { seedDemoData, seedReferenceData } from '../../server/db/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PGlite template's data directory (a tarball), and, with TEST_DB=postgres, the template database. */
    apiTemplate: { pgliteFile: string; postgresDatabase: string | null };
  }
}

export type TestDatabase = Database & { drop(): Promise<void> };

/** TEST_DATABASE_URL when this run is on PostgreSQL (TEST_DB=postgres), else null: PGlite. */
export function postgresUrl(): string | null {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB !== 'postgres') return null;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  return url;
}

export async function adminQuery(url: string, statement: string): Promise<void> {
  const { Client } = await import('pg');
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

export function databaseUrl(serverUrl: string, name: string): string {
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A new PostgreSQL database on the test server, copied from `template` when given; dropped by `drop()`. */
async function newPostgresDatabase(url: string, template: string | null): Promise<TestDatabase> {
  const name = `wardnote_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const database = await openDatabase({ databaseUrl: databaseUrl(url, name), dataDir: null });
  return { ...database, drop: () => adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

let pgliteTemplate: Blob | null = null;

/**
 * Outside vitest (a benchmark using the harness): no global setup provided the template, so this process
 * seeds one PGlite database itself, once, and copies it like the tests do.
 */
async function ownPgliteTemplate(): Promise<Blob> {
  const database = await openDatabase({ dataDir: null });
  await seedReferenceData(database.db);
  await seedDemoData(database.db);
  const dump = await database.dump!();
  await database.close();
  return dump;
}

/** A private copy of the seeded template: in-memory PGlite, or a new database on PostgreSQL. */
export async function seededDatabase(): Promise<TestDatabase> {
  if (!process.env.VITEST) {
    pgliteTemplate ??= await ownPgliteTemplate();
    return { ...(await openDatabase({ dataDir: null, template: pgliteTemplate })), drop: async () => {} };
  }
  const { pgliteFile, postgresDatabase } = inject('apiTemplate');
  const url = postgresUrl();
  if (url) {
    if (!postgresDatabase) throw new Error('the PostgreSQL template was not built: run the api project with TEST_DB=postgres');
    return newPostgresDatabase(url, postgresDatabase);
  }
  pgliteTemplate ??= new Blob([readFileSync(pgliteFile)]);
  return { ...(await openDatabase({ dataDir: null, template: pgliteTemplate })), drop: async () => {} };
}

/** A migrated database with no data at all, for the tests that seed it themselves. */
export async function emptyDatabase(): Promise<TestDatabase> {
  const url = postgresUrl();
  if (url) return newPostgresDatabase(url, null);
  return { ...(await openDatabase({ dataDir: null })), drop: async () => {} };
}
