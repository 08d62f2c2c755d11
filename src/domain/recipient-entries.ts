/**
 * A letter's recipients as the typist and the author edit them (issue 13 "Recipients"): the send-to and
 * copy-to lists, each entry a spec §3 recipient with what reaches them (e-mail, postal address, a GP
 * practice's ODS code as its id) and, when someone chose it, the channel. Pure: the editor, the approval
 * check and delivery ask these same functions.
 */
import {
  channelProblem,
  chooseChannel,
  type ChannelChoice,
  type ChannelOptions,
  type DeliveryChannel,
  type RecipientContact,
} from './delivery-channel';
import { dedupeRecipientLists, type Recipient, type RecipientType } from './recipients';

export interface RecipientEntry {
  recipient: Recipient;
  /** '' when none is known. */
  email: string;
  /** Postal address lines, postcode last; empty when unknown. */
  address_lines: string[];
  /** The channel someone chose; null takes the best the details allow (chooseChannel). */
  channel: DeliveryChannel | null;
  /**
   * The details follow the patient index when the letter is sent (the patient's address, the registered
   * GP practice at the time of sending); an entry someone typed or changed is kept as typed.
   */
  from_index: boolean;
}

export interface RecipientLists {
  to: RecipientEntry[];
  cc: RecipientEntry[];
}

export const RECIPIENT_TYPE_LABELS: Record<RecipientType, string> = {
  patient: 'Patient',
  nok: 'Next of kin',
  clinician: 'Clinician',
  orp: 'Other relevant person',
  gp: 'GP practice',
};

/** What the channel choice needs to know of an entry. */
export function entryContact(e: RecipientEntry): RecipientContact {
  return {
    type: e.recipient.type,
    name: e.recipient.name,
    email: e.email || null,
    odsCode: e.recipient.type === 'gp' ? e.recipient.id || null : null,
    addressLines: e.address_lines,
  };
}

/** The channel a copy goes by: the one someone chose if it can reach them (else why not), or the best available. */
export function channelFor(contact: RecipientContact, chosen: DeliveryChannel | null, opts: ChannelOptions): ChannelChoice {
  if (!chosen) return chooseChannel(contact, opts);
  const problem = channelProblem(contact, chosen, opts);
  return problem ? { ok: false, reason: problem } : { ok: true, channel: chosen, note: null };
}

/** The channel an entry's copy goes by (the editor shows it; approval refuses when there is none). */
export const entryChannel = (e: RecipientEntry, opts: ChannelOptions): ChannelChoice => channelFor(entryContact(e), e.channel, opts);

/** Every recipient the letter cannot reach, in words naming them (approval refuses; sending asks first: issue 23). */
export function recipientProblems(lists: RecipientLists, opts: ChannelOptions): string[] {
  const out: string[] = [];
  for (const e of [...lists.to, ...lists.cc]) {
    const choice = entryChannel(e, opts);
    if (!choice.ok) out.push(choice.reason);
  }
  return out;
}

/** The first recipient the letter cannot reach, in words naming them; null when every one can be reached. */
export const firstRecipientProblem = (lists: RecipientLists, opts: ChannelOptions): string | null =>
  recipientProblems(lists, opts)[0] ?? null;

/**
 * The lists without repeats (spec §5, the one rule in recipients.ts): the first of each recipient stays,
 * and nobody sent the letter is also copied. `dropped` says how many entries were left out.
 */
export function dedupeEntries(lists: RecipientLists): { lists: RecipientLists; dropped: number } {
  const tag = (e: RecipientEntry) => ({ ...e.recipient, entry: e });
  const { to, cc } = dedupeRecipientLists(lists.to.map(tag), lists.cc.map(tag));
  const kept = { to: to.map((r) => r.entry), cc: cc.map((r) => r.entry) };
  return { lists: kept, dropped: lists.to.length + lists.cc.length - kept.to.length - kept.cc.length };
}

/** A new, empty entry of a type, as the editor adds it (an orp gets an id of its own: it is identified by one). */
export function blankEntry(type: RecipientType, patientId: string, newId: () => string): RecipientEntry {
  const base = { email: '', address_lines: [], channel: null, from_index: false };
  switch (type) {
    case 'patient':
      return { ...base, recipient: { type, id: patientId, name: '' } };
    case 'nok':
      return { ...base, recipient: { type, name: '', relationship: '' } };
    case 'clinician':
      return { ...base, recipient: { type, id: '', name: '' } };
    case 'orp':
      return { ...base, recipient: { type, id: newId(), name: '', relationship: '' } };
    case 'gp':
      return { ...base, recipient: { type, id: '', name: '', patient_id: patientId } };
  }
}
