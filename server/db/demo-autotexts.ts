import type { Db } from './client';

/** The demo trust's autotext snippets (trust, department and user scope). */
export async function seedDemoAutotexts(_db: Db): Promise<void> {}
