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
import { readDistributionSetting } from './distribution-settings.repository';

export interface PlannedDelivery {
  recipient: LetterRecipient;
  channel: DeliveryChannel;
  note: string | null;
}

/**
 * Refused: `reason` is the first problem, `problems` every one (the typist's send check lists them all):
 * the patient's details disagreeing with the index (then that is the only one), or recipients no channel reaches.
 */
export type DeliveryPlan =
  | { ok: true; deliveries: PlannedDelivery[] }
  | { ok: false; code: 'no_channel' | 'patient_identity_mismatch'; reason: string; problems: string[] };

/** Whether GP copies can go over MESH for this trust, and why not. */
export async function channelOptions(db: Db, gp: GpDelivery, trustId: number): Promise<ChannelOptions> {
  if (!gp.configured) return { meshConfigured: false, meshReason: gp.notConfiguredReason };
  const setting = await readDistributionSetting(db, trustId);
  return setting.ods_code ? { meshConfigured: true } : { meshConfigured: false, meshReason: MESSAGES.noTrustOds };
}

export async function planDeliveries(db: Db, gp: GpDelivery, d: DictationRow): Promise<DeliveryPlan> {
  const source = await readLetterSource(db, d, new Date());
  // Issue 23: a letter whose patient is not the index's patient of that number goes to no one.
  if (source.identity_mismatch) {
    const reason = MESSAGES.deliveryIdentityMismatch(source.identity_mismatch);
    return { ok: false, code: 'patient_identity_mismatch', reason, problems: [reason] };
  }
  const opts = await channelOptions(db, gp, d.trustId);
  const planned: PlannedDelivery[] = [];
  const problems: string[] = [];
  for (const recipient of letterRecipients(source)) {
    // The channel chosen in the recipients editor if it can reach them, else the best available.
    const choice = channelFor(recipient.contact, recipient.channel, opts);
    if (!choice.ok) problems.push(choice.reason);
    else planned.push({ recipient, channel: choice.channel, note: choice.note });
  }
  return problems.length ? { ok: false, code: 'no_channel', reason: problems[0]!, problems } : { ok: true, deliveries: planned };
}
