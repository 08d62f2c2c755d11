import type { Db } from './client';
import { seedDemoKnowledge } from './demo-knowledge';
import { seedDemoStructure } from './demo-structure';
import { seedDemoAutotexts } from './demo-autotexts';
import { seedDemoDeliveries } from './demo-deliveries';
import { seedDemoDictations } from './demo-dictations';
import { seedDemoLetters } from './demo-letters';
import { seedDemoNotifications } from './demo-notifications';
import { seedOtherTrustWork } from './demo-other-trust';
import { seedDemoPatients } from './demo-patients';
import { seedDemoUsers } from './demo-users';
import type { AudioStorage } from '../adapters/storage';
import type { JobQueue } from '../lib/jobs';

/**
 * The demo trust's work on a database whose demo users were just seeded (seedDemoData answered true):
 * patients, autotexts, dictations with their audio (converted by the job queue), letters, deliveries and
 * notifications; then the other trust's few dictations. Returns how many dictations were made.
 */
export async function seedDemoWork(db: Db, services: { storage: AudioStorage; jobs: JobQueue }): Promise<number> {
  await seedDemoPatients(db);
  await seedDemoAutotexts(db);
  const made = await seedDemoDictations(db, services);
  await seedDemoLetters(db);
  await seedDemoDeliveries(db);
  await seedDemoNotifications(db);
  await seedDemoKnowledge(db);
  await seedDemoStructure(db);
  await seedDemoUsers(db);
  return made + (await seedOtherTrustWork(db, services));
}
