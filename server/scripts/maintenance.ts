/** `npm run maintenance -- on|off`: switch the maintenance flag in the database. */
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { setMaintenance } from '../modules/system/maintenance';

const arg = process.argv[2];
if (arg !== 'on' && arg !== 'off') {
  console.error('Usage: npm run maintenance -- on|off');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await setMaintenance(database.db, arg === 'on');
await database.close();
console.log(`Maintenance mode ${arg}.`);
