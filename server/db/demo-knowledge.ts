import type { Db } from './client';

/** The knowledge base's starting articles (issue 25): (being written). */
export async function seedDemoKnowledge(_db: Db): Promise<void> {}
