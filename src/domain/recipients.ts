/**
 * Who a letter goes to (spec §3 "Recipient entry") and the de-duplication rule of spec §5: patient and
 * orp by id and type, nok by name, clinician by id, gp by code. Pure: the letter renderers, the
 * recipients editor and delivery all use this one function.
 */

export const RECIPIENT_TYPES = ['patient', 'nok', 'clinician', 'orp', 'gp'] as const;
export type RecipientType = (typeof RECIPIENT_TYPES)[number];

/** A recipient entry by type, as spec §3 names its fields (a gp's `id` is its ODS practice code). */
export type Recipient =
  | { type: 'patient'; id: string; name: string }
  | { type: 'nok'; name: string; relationship: string }
  | { type: 'clinician'; id: string; name: string }
  | { type: 'orp'; id: string; name: string; relationship: string }
  | { type: 'gp'; id: string; name: string; patient_id: string };

/** Ids and codes compare as written, without surrounding spaces; an ODS code and a name ignore letter case. */
const same = (s: string) => s.trim();
const folded = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The identity two entries share when they are the same recipient (spec §5). Types never collide: a
 * clinician and a patient with the same id are two people.
 */
export function recipientKey(r: Recipient): string {
  switch (r.type) {
    case 'patient':
      return `patient:${same(r.id)}`;
    case 'orp':
      return `orp:${same(r.id)}`;
    case 'nok':
      return `nok:${folded(r.name)}`;
    case 'clinician':
      return `clinician:${same(r.id)}`;
    case 'gp':
      return `gp:${folded(r.id)}`;
  }
}

/** The entries with every repeat left out: the first of each recipient stays, in the order given. */
export function dedupeRecipients<T extends Recipient>(entries: readonly T[]): T[] {
  const seen = new Set<string>();
  return entries.filter((r) => {
    const key = recipientKey(r);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The send-to and copy-to lists of one letter, each without repeats and the copies without anyone
 * already sent the letter: nobody receives the same letter twice.
 */
export function dedupeRecipientLists<T extends Recipient>(to: readonly T[], cc: readonly T[]): { to: T[]; cc: T[] } {
  const sendTo = dedupeRecipients(to);
  const addressed = new Set(sendTo.map(recipientKey));
  return { to: sendTo, cc: dedupeRecipients(cc).filter((r) => !addressed.has(recipientKey(r))) };
}
