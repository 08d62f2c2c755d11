import type { Db } from './client';

/** Job type letter templates and typed letters for the demo dictations past typing. */
export async function seedDemoLetters(_db: Db): Promise<void> {}
