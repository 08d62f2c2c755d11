/**
 * Builds the API tests' seeded database once per run (see test-database.ts): migrated, with the reference
 * and demo data, as a PGlite data directory on disk and, when the run is on PostgreSQL, as a template database.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';
import { seedDemoData, seedReferenceData } from '../../server/db/seed';
import { adminQuery, databaseUrl, postgresUrl } from './test-database';

export default async function setup(project: TestProject) {
  const id = randomBytes(6).toString('hex');
  const url = postgresUrl();
  let postgresDatabase: string | null = null;
  let pgliteFile = '';
  if (url) {
    postgresDatabase = `wardnote_template_${id}`;
    await adminQuery(url, `CREATE DATABASE ${postgresDatabase}`);
    const database = await openDatabase({ databaseUrl: databaseUrl(url, postgresDatabase), dataDir: null });
    await seedReferenceData(database.db);
    await seedDemoData(database.db);
    // A template database may not be copied while anyone is connected to it.
    await database.close();
  } else {
    const database = await openDatabase({ dataDir: null });
    await seedReferenceData(database.db);
    await seedDemoData(database.db);
    const dir = path.resolve('.tmp/api-template');
    mkdirSync(dir, { recursive: true });
    pgliteFile = path.join(dir, `pglite-${id}.tar`);
    writeFileSync(pgliteFile, Buffer.from(await (await database.dump!()).arrayBuffer()));
    await database.close();
  }
  project.provide('apiTemplate', { pgliteFile, postgresDatabase });
  return async () => {
    if (pgliteFile) rmSync(pgliteFile, { force: true });
    if (url && postgresDatabase) await adminQuery(url, `DROP DATABASE IF EXISTS ${postgresDatabase} WITH (FORCE)`);
  };
}
