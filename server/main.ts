import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemoData, seedReferenceData } from './db/seed';
import { seedDemoWork } from './db/demo';
import { buildApp } from './app';
import { forgetOldIdempotencyKeys } from './lib/idempotency';
import { forgetStaleFailures } from './modules/auth/lockout';
import { startupProgress } from './startup-progress';

const config = loadConfig();
const progress = startupProgress(config.logLevel);
progress(
  config.databaseUrl
    ? 'Connecting to PostgreSQL and applying any new migrations…'
    : `Opening the embedded database in ${config.dataDir} (the first start creates it and applies the migrations: 15 to 40 s)…`,
);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await seedReferenceData(database.db);
if (config.seedDemo) progress('Database ready. Seeding the demo trust if it is not there yet…');
const seeded = config.seedDemo ? await seedDemoData(database.db) : false;
const app = await buildApp({ config, db: database.db });
if (seeded) {
  progress('Seeding the demo work: patients, autotexts, dictations with their recordings, letters, deliveries, notifications…');
  const made = await seedDemoWork(database.db, app.wardnote);
  progress(`Demo seeded: ${made} dictations. Their recordings are converted for playback in the background (a minute or two).`);
  app.log.info(`Demo data seeded (${made} dictations, audio converting in the background): see README.md for the demo accounts.`);
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal} received: closing`);
  try {
    await app.close();
    await database.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'error while closing');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
if (config.runJobs) app.wardnote.jobs.start();
/** Hourly: uploads never finalised, idempotency keys older than a week and stale sign-in failure counts go. */
const housekeeping = () =>
  Promise.all([app.wardnote.uploads.sweep(), forgetOldIdempotencyKeys(database.db), forgetStaleFailures(database.db)]).catch(
    (err: unknown) => app.log.warn({ err }, 'housekeeping'),
  );
setInterval(() => void housekeeping(), 3600_000).unref();
void housekeeping();
app.log.info(
  `Wardnote on http://localhost:${config.port} (database: ${database.kind}${database.kind === 'pglite' ? ` in ${config.dataDir}` : ''})`,
);
progress(`Ready: open http://localhost:${config.port}${config.seedDemo ? ' and sign in with a demo account (README.md)' : ''}.`);
