/**
 * How a letter reaches one recipient (issue 13 "Letters out"): by e-mail, electronically to a GP
 * practice over MESH, or printed and posted. Pure: the approval check, the delivery job and a resend
 * on another channel all ask this one function.
 *
 * The rule, per recipient type:
 *   gp         GP electronic (ODS code, MESH configured) → print (postal address) → none
 *   patient,
 *   nok, orp,
 *   clinician  e-mail (address known) → print (postal address) → none
 * A clinician (the referrer) is known by name and code only: without an e-mail or postal address their
 * copy is printed for internal post, addressed by hand (the only way a hospital reaches its own
 * clinicians without a directory); anyone else with neither is an error before approval.
 */
import type { RecipientType } from './recipients';

export const DELIVERY_CHANNELS = ['email', 'gp_electronic', 'print'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

export const CHANNEL_LABELS: Record<DeliveryChannel, string> = {
  email: 'E-mail',
  gp_electronic: 'GP electronic (MESH)',
  print: 'Print and post',
};

/** What is known of a recipient: the contact details a channel needs. */
export interface RecipientContact {
  type: RecipientType;
  /** Shown in the reason when no channel is usable (the recipient's name, or their role). */
  name: string;
  email?: string | null;
  /** A GP practice's ODS code. */
  odsCode?: string | null;
  /** Postal address lines (postcode included), empty when unknown. */
  addressLines: readonly string[];
}

export interface ChannelOptions {
  /** Whether electronic GP delivery (MESH) is set up on this server. */
  meshConfigured: boolean;
  /** Why it is not, in plain words (the GP delivery adapter's reason). */
  meshReason?: string | null;
}

export type ChannelChoice =
  | {
      ok: true;
      channel: DeliveryChannel;
      /** Why this channel and not a better one, in plain words (kept in the delivery log), or null. */
      note: string | null;
    }
  | { ok: false; reason: string };

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;
const ODS = /^[A-Za-z0-9]{3,10}$/;

/** Who the recipient is, in words for a reason: "the patient", "the GP practice Riverside Surgery". */
export function recipientWords(r: Pick<RecipientContact, 'type' | 'name'>): string {
  const name = r.name.trim();
  switch (r.type) {
    case 'patient':
      return name ? `the patient ${name}` : 'the patient';
    case 'gp':
      return name ? `the GP practice ${name}` : 'the GP practice';
    case 'clinician':
      return name ? `the clinician ${name}` : 'the clinician';
    case 'nok':
      return name ? `the next of kin ${name}` : 'the next of kin';
    case 'orp':
      return name ? `${name} (other relevant person)` : 'the other relevant person';
  }
}

const hasEmail = (r: RecipientContact) => !!r.email && EMAIL.test(r.email.trim());
const hasOds = (r: RecipientContact) => !!r.odsCode && ODS.test(r.odsCode.trim());
const hasAddress = (r: RecipientContact) => r.addressLines.some((l) => l.trim());

/**
 * Whether `channel` can reach the recipient: null when it can, else the reason in plain words. Used for
 * a resend on a channel someone chose.
 */
export function channelProblem(r: RecipientContact, channel: DeliveryChannel, opts: ChannelOptions): string | null {
  const who = recipientWords(r);
  switch (channel) {
    case 'email':
      return hasEmail(r) ? null : `No e-mail address is known for ${who}.`;
    case 'gp_electronic':
      if (r.type !== 'gp') return `Only a GP practice can be sent a letter electronically over MESH, not ${who}.`;
      if (!hasOds(r)) return `No ODS code is known for ${who}.`;
      return opts.meshConfigured ? null : (opts.meshReason ?? 'Electronic delivery to GP practices is not set up on this server.');
    case 'print':
      if (hasAddress(r) || r.type === 'clinician') return null;
      return `No postal address is known for ${who}.`;
  }
}

/** The channel a recipient's letter goes by, or why none can reach them. */
export function chooseChannel(r: RecipientContact, opts: ChannelOptions): ChannelChoice {
  const who = recipientWords(r);
  if (r.type === 'gp') {
    if (hasOds(r) && opts.meshConfigured) return { ok: true, channel: 'gp_electronic', note: null };
    if (hasAddress(r)) {
      const why = hasOds(r)
        ? (opts.meshReason ??
          'Electronic delivery to GP practices is not set up on this server, so GP copies are printed and posted instead.')
        : `No ODS code is known for ${who}, so the copy is printed and posted.`;
      return { ok: true, channel: 'print', note: why };
    }
    return {
      ok: false,
      reason: hasOds(r)
        ? `The letter cannot reach ${who}: electronic delivery is not set up on this server and no postal address is known.`
        : `The letter cannot reach ${who}: neither an ODS code nor a postal address is known.`,
    };
  }
  if (hasEmail(r)) return { ok: true, channel: 'email', note: null };
  if (hasAddress(r)) return { ok: true, channel: 'print', note: null };
  if (r.type === 'clinician')
    return { ok: true, channel: 'print', note: `No address is known for ${who}: address the printed copy by hand (internal post).` };
  return { ok: false, reason: `The letter cannot reach ${who}: neither an e-mail nor a postal address is known.` };
}
