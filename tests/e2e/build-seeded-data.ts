/**
 * `node --import tsx tests/e2e/build-seeded-data.ts <dir>`: the browser tests' seeded data folder, built once
 * per run by global-setup.ts — the embedded database with the demo trust's work and every demo recording
 * already converted, as `npm start` leaves a fresh install once its background work is done. Each Playwright
 * worker's server starts on its own copy (app-server.ts), so no server seeds or converts anything at start.
 */
import { rmSync } from 'node:fs';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { seedDemoWork } from '../../server/db/demo';
import { seedDemoData, seedReferenceData } from '../../server/db/seed';

const dir = process.argv[2];
if (!dir) throw new Error('usage: build-seeded-data.ts <data dir>');
rmSync(dir, { recursive: true, force: true });
const config = loadConfig({ ...process.env, DATA_DIR: dir, LOG_LEVEL: 'warn' });
const database = await openDatabase({ dataDir: config.dataDir });
await seedReferenceData(database.db);
if (!(await seedDemoData(database.db))) throw new Error(`${dir} was not empty`);
const app = await buildApp({ config, db: database.db, serveClient: false });
await seedDemoWork(database.db, app.wardnote);
// The demo audio is converted now, once, instead of by every server in the background.
await app.wardnote.jobs.runUntilIdle();
await app.close();
await database.close();
