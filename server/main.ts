import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemoData, seedReferenceData } from './db/seed';
import { seedDemoDictations } from './db/demo-dictations';
import { seedDemoPatients } from './db/demo-patients';
import { seedDemoAutotexts } from './db/demo-autotexts';
import { seedDemoLetters } from './db/demo-letters';
import { seedDemoNotifications } from './db/demo-notifications';
import { seedDemoDeliveries } from './db/demo-deliveries';
import { buildApp } from './app';
import { forgetOldIdempotencyKeys } from './lib/idempotency';
import { forgetStaleFailures } from './modules/auth/lockout';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await seedReferenceData(database.db);
const seeded = config.seedDemo ? await seedDemoData(database.db) : false;
const app = await buildApp({ config, db: database.db });
if (seeded) {
  await seedDemoPatients(database.db);
  await seedDemoAutotexts(database.db);
  const made = await seedDemoDictations(database.db, app.wardnote);
  await seedDemoLetters(database.db);
  await seedDemoDeliveries(database.db);
  await seedDemoNotifications(database.db);
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
