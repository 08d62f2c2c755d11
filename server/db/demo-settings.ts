import { and, eq } from 'drizzle-orm';
import type { Db } from './client';
import { settingValues, sites, trusts } from './schema';

/**
 * Settings that inherit (issue 25) in the demo: the trust locks speech recognition off (no engine is in
 * place yet: every level below shows it locked, "from Demo NHS Foundation Trust"), and Demo General
 * Hospital expects three speakers in an AI scribe consultation (a site default its users inherit and may
 * change). Neither changes what the other demo journeys do.
 */
export async function seedDemoSettings(db: Db): Promise<void> {
  const [demo] = await db.select({ id: trusts.id }).from(trusts).where(eq(trusts.name, 'Demo NHS Foundation Trust'));
  if (!demo) return;
  const [general] = await db
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.trustId, demo.id), eq(sites.name, 'Demo General Hospital')));
  await db
    .insert(settingValues)
    .values([
      { scope: 'trust', scopeId: demo.id, trustId: demo.id, key: 'speech_recognition', value: false, locked: true },
      ...(general
        ? [{ scope: 'site' as const, scopeId: general.id, trustId: demo.id, key: 'number_of_speakers', value: 3, locked: false }]
        : []),
    ]);
}
