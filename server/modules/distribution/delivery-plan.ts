/**
 * Who an approved letter goes to and by which channel (src/domain/delivery-channel.ts), worked out before
 * approval so a recipient the letter cannot reach is refused then (422), not found out afterwards.
 */
import type { ChannelOptions, DeliveryChannel } from '../../../src/domain/delivery-channel';
import { letterRecipients, type LetterRecipient } from '../../../src/domain/letter-model';
import { MESSAGES } from '../../../src/domain/messages';
import { channelFor } from '../../../src/domain/recipient-entries';
import type { GpDelivery } from '../../adapters/gp-delivery';
import type { Db } from '../../db/client';
import { readLetterSource } from '../documents/letter-source';
import type { DictationRow } from '../letters/letters.repository';
import { readDistributionSetting } from './distribution-settings';

export interface PlannedDelivery {
  recipient: LetterRecipient;
  channel: DeliveryChannel;
  note: string | null;
}

export type DeliveryPlan = { ok: true; deliveries: PlannedDelivery[] } | { ok: false; reason: string };

/** Whether GP copies can go over MESH for this trust, and why not. */
export async function channelOptions(db: Db, gp: GpDelivery, trustId: number): Promise<ChannelOptions> {
  if (!gp.configured) return { meshConfigured: false, meshReason: gp.notConfiguredReason };
  const setting = await readDistributionSetting(db, trustId);
  return setting.ods_code ? { meshConfigured: true } : { meshConfigured: false, meshReason: MESSAGES.noTrustOds };
}

export async function planDeliveries(db: Db, gp: GpDelivery, d: DictationRow): Promise<DeliveryPlan> {
  const source = await readLetterSource(db, d, new Date());
  const opts = await channelOptions(db, gp, d.trustId);
  const planned: PlannedDelivery[] = [];
  for (const recipient of letterRecipients(source)) {
    // The channel chosen in the recipients editor if it can reach them, else the best available.
    const choice = channelFor(recipient.contact, recipient.channel, opts);
    if (!choice.ok) return { ok: false, reason: choice.reason };
    planned.push({ recipient, channel: choice.channel, note: choice.note });
  }
  return { ok: true, deliveries: planned };
}
