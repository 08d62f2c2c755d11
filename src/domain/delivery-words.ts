/**
 * Letters out (issue 13) on screen: a delivery's status, recipient and identifiers in words, and which
 * resend choices a person gets. Pure, shared by the Delivery tab and the print queue's failures list.
 */
import type { Delivery } from './contract/distribution';
import { CHANNEL_LABELS, type DeliveryChannel } from './delivery-channel';
import type { RecipientType } from './recipients';

const TYPE_WORDS: Record<RecipientType, string> = {
  patient: 'Patient',
  gp: 'GP practice',
  clinician: 'Clinician',
  nok: 'Next of kin',
  orp: 'Other relevant person',
};

type Shown = Pick<Delivery, 'status' | 'attempts' | 'channel' | 'role' | 'recipient' | 'superseded'>;

/** "Addressee · GP practice", "Copy · Patient". */
export const recipientRoleWords = (d: Pick<Delivery, 'role' | 'recipient'>) =>
  `${d.role === 'to' ? 'Addressee' : 'Copy'} · ${TYPE_WORDS[d.recipient.type]}`;

export const channelWords = (c: DeliveryChannel) => CHANNEL_LABELS[c];

/** The status a typing pool reads: what has happened, and what is still to do. */
export function deliveryStatusWords(d: Shown): string {
  if (d.superseded) return 'Failed, sent again';
  switch (d.status) {
    case 'queued':
      return d.attempts > 0 ? 'Not sent yet: trying again' : 'Being sent';
    case 'printing':
      return 'Waiting to be printed and posted';
    case 'sent':
      return d.channel === 'gp_electronic' ? 'Sent over MESH — waiting for the practice' : 'Sent — waiting for the recipient';
    case 'delivered':
      return d.channel === 'gp_electronic' ? 'Acknowledged by the practice' : 'Delivered';
    case 'posted':
      return 'Posted';
    case 'failed':
      return 'Failed';
  }
}

export type StatusTone = 'ok' | 'waiting' | 'failed' | 'past';

export function deliveryTone(d: Shown): StatusTone {
  if (d.superseded) return 'past';
  if (d.status === 'failed') return 'failed';
  return d.status === 'delivered' || d.status === 'posted' ? 'ok' : 'waiting';
}

/** The label of the identifier the channel gave: the e-mail's Message-ID, the MESH tracking id. */
export const messageIdLabel = (c: DeliveryChannel) => (c === 'gp_electronic' ? 'MESH message ID' : 'Message ID');

/** When it last moved: posted, delivered (a GP copy: acknowledged by the practice) or sent time, else the last change. */
export const deliveryWhen = (d: Pick<Delivery, 'delivered_at' | 'posted_at' | 'updated_at'> & Partial<Pick<Delivery, 'sent_at'>>) =>
  d.posted_at ?? d.delivered_at ?? d.sent_at ?? d.updated_at;

/** The label of that time: "Posted", "Acknowledged" (a GP copy over MESH), "Sent", else "When". */
export function deliveryWhenLabel(d: Pick<Delivery, 'status' | 'channel'>): string {
  if (d.status === 'posted') return 'Posted';
  if (d.status === 'delivered' && d.channel === 'gp_electronic') return 'Acknowledged';
  return d.status === 'sent' ? 'Sent' : 'When';
}

/**
 * The channels offered for a resend: none unless the person may resend and the delivery is a failed one
 * not yet sent again; then its own channel first and the other one the recipient's type allows (a GP
 * practice: MESH or post; anyone else: e-mail or post). Whether the recipient's details fit the channel
 * is the server's to say (it knows the addresses): it answers in words when they do not.
 */
export function resendChoices(d: Shown, mayResend: boolean): DeliveryChannel[] {
  if (!mayResend || d.status !== 'failed' || d.superseded) return [];
  const usable: DeliveryChannel[] = d.recipient.type === 'gp' ? ['gp_electronic', 'print'] : ['email', 'print'];
  return [d.channel, ...usable.filter((c) => c !== d.channel)];
}
