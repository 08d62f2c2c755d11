/**
 * One letter as printed (issue 13 "Documents"): the editor's document with the dictation's details and
 * the trust's letterhead, in the words and formats every renderer prints as they are. The PDF and DOCX
 * renderers (server/modules/documents) only lay this out; nothing here knows about either format.
 * Pure: no database, no clock (the time is passed in).
 */
import type { LetterNode } from './contract/letter';
import type { LetterheadSetting } from './contract/letterhead';
import type { Approval } from './contract/review';
import { formatBirthDate, formatDateTime, formatPatientName } from './display-format';
import { templateDoc } from './letter-doc';
import { formatNhsNumber } from './nhs-number';
import { signatureLine } from './signature';
import { dedupeRecipientLists, type Recipient } from './recipients';
import type { DeliveryChannel, RecipientContact } from './delivery-channel';
import type { RecipientEntry, RecipientLists } from './recipient-entries';
import type { DictationStatus } from './statuses';

/** Printed under a letter nobody has approved yet (and as the DRAFT watermark's meaning). */
export const NOT_YET_APPROVED = 'Dictated but not yet approved';
export const DRAFT_WATERMARK = 'DRAFT';

/** Statuses of a letter that has been approved: every other letter prints as a draft. */
export const APPROVED_STATUSES: readonly DictationStatus[] = ['MANUAL_DISTRIBUTION', 'SENT'];

export interface Letterhead {
  trust_name: string;
  site_name: string;
  address_lines: string[];
  telephone: string | null;
  email: string | null;
  website: string | null;
  /** PNG, base64 (no data: prefix). */
  logo_png_base64: string | null;
  /** Printed at the foot of every page (issue 25); none when left out. */
  footer?: string | null;
}

/** A name with the lines of its postal address, as printed in an address window or a copy list. */
export interface AddressBlock {
  name: string;
  lines: string[];
}

export interface LetterPatient {
  /** SURNAME, First */
  name: string;
  /** 22-Nov-1950 */
  dob: string;
  /** 943 476 5919 */
  nhs_number: string;
  mrn: string;
  address_lines: string[];
}

export type LetterSignature =
  | {
      approved: true;
      name: string;
      job_title: string | null;
      registration_number: string | null;
      /** "Approved by Daniel Reid, Consultant Cardiologist, GMC 4412087 on 22 Nov 2026" (signature.ts) */
      approved_line: string;
      on_behalf_of: string | null;
    }
  | { approved: false; name: string; job_title: string | null; registration_number: string | null; note: string };

export interface LetterModel {
  reference: string;
  /** The job type's name (the letter's level-1 title), "Letter" without one. */
  title: string;
  department: string | null;
  letterhead: Letterhead;
  /** 22 November 2026 */
  date: string;
  dictated: string;
  patient: LetterPatient;
  /** Printed on every page: name, NHS number and date of birth (those known). */
  identifiers: string;
  addressee: AddressBlock | null;
  salutation: string;
  /** Everyone else who receives the letter, by name and address. */
  cc: AddressBlock[];
  body: LetterNode;
  signature: LetterSignature;
  draft: boolean;
  /** A watermark across each page, null on an approved letter. */
  watermark: string | null;
}

/** The approval stored with the letter (server/db/schema.ts `letters.approval`). */
export type StoredApproval = Approval;

/** The patient index's entry for the letter's patient, when found there. */
export interface IndexedPatient {
  id: number;
  address: { lines: string[]; postCode: string } | null;
  /** The patient's e-mail address, when the index has one (delivery by e-mail). */
  email?: string | null;
  /** Registered GP: { code (ODS), name, practice, address (lines joined by \n), postCode }. */
  gp: Record<string, string> | null;
  /** Next of kin as the index lists them (offered in the recipients editor). */
  next_of_kin?: { name: string; relationship: string }[];
}

/** Everything a letter is made of, as read from the database. */
export interface LetterSource {
  reference: string;
  status: DictationStatus;
  dictated_at: string;
  job_type: { name: string; recipient: string[]; copy: string[]; template: string[] } | null;
  department: string | null;
  /** patient_first_name, patient_nhs_id, … (spec §3 patient fields). */
  patient: Record<string, string | undefined>;
  indexed: IndexedPatient | null;
  /**
   * Issue 23: the words saying the typed patient is not the index's patient of that number (then
   * `indexed` is null); no delivery is created while it is set.
   */
  identity_mismatch?: string | null;
  /** The chosen appointment (spec §3 appointment fields), for the referring clinician. */
  appointment: Record<string, string | undefined> | null;
  /** The send-to and copy-to lists someone saved (issue 13 recipients editor); null: the job type's defaults. */
  recipients?: RecipientLists | null;
  author: { id: number; name: string; job_title: string | null; registration_number: string | null };
  doc: LetterNode | null;
  approval: StoredApproval | null;
  letterhead: Letterhead;
  now: Date;
  time_zone: string;
}

const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 22 November 2026: the calendar date of an instant in the trust's time zone, as a letter is dated. */
export function formatLetterDate(at: Date | string, timeZone = 'Europe/London'): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(
    new Date(at),
  );
  const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  return `${get('day')} ${LONG_MONTHS[get('month') - 1]} ${get('year')}`;
}

/** "Helen O'Neill" from "O'NEILL": names kept in capitals (as patient indexes do) in letter case; others as written. */
export function nameCase(name: string): string {
  const t = name.trim();
  if (t !== t.toUpperCase() || t === t.toLowerCase()) return t;
  return t.toLowerCase().replace(/(^|[\s'’-])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase());
}

/** A safe file name for a letter: from the reference only, never the patient's name. */
export function letterFileName(reference: string, ext: 'pdf' | 'docx'): string {
  const safe = reference.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 60) || 'letter';
  return `letter-${safe}.${ext}`;
}

/** The letterhead printed when a trust has none set: its name and the site's. */
export function defaultLetterhead(trustName: string, siteName: string): Letterhead {
  return {
    trust_name: trustName,
    site_name: siteName,
    address_lines: [],
    telephone: null,
    email: null,
    website: null,
    logo_png_base64: null,
  };
}

/** A trust's letterhead setting over the default, with the site's own parts over the trust's. */
export function resolveLetterhead(base: Letterhead, setting: LetterheadSetting | null, siteId: number): Letterhead {
  if (!setting) return base;
  const site = setting.sites?.[String(siteId)] ?? {};
  const pick = <K extends keyof Letterhead>(k: K & keyof typeof site): Letterhead[K] =>
    ((site[k] ?? setting[k] ?? base[k]) as Letterhead[K]) ?? base[k];
  return {
    trust_name: pick('trust_name'),
    site_name: pick('site_name'),
    address_lines: pick('address_lines'),
    telephone: pick('telephone'),
    email: pick('email'),
    website: pick('website'),
    logo_png_base64: pick('logo_png_base64'),
    footer: pick('footer') ?? null,
  };
}

/** A recipient with what the letter prints about them and how they can be reached. */
type Addressed = Recipient & {
  block: AddressBlock;
  greeting: string;
  email: string | null;
  odsCode: string | null;
  /** The channel someone chose in the recipients editor; null: the best available. */
  channel?: DeliveryChannel | null;
};

const splitLines = (s: string | undefined) =>
  (s ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** The recipients a job type names ('patient', 'gp', 'clinician'), as far as the patient's details know them. */
function recipientsOf(kinds: readonly string[], src: LetterSource, patientName: string): Addressed[] {
  const p = src.patient;
  const patientId = String(src.indexed?.id ?? p.patient_nhs_id ?? p.patient_mrn_id ?? '');
  const out: Addressed[] = [];
  for (const kind of kinds) {
    if (kind === 'patient' && patientName) {
      const address = src.indexed?.address;
      out.push({
        type: 'patient',
        id: patientId,
        name: patientName,
        block: { name: patientName, lines: address ? [...address.lines, address.postCode].filter(Boolean) : [] },
        greeting: patientName,
        email: src.indexed?.email ?? null,
        odsCode: null,
      });
    } else if (kind === 'gp' && src.indexed?.gp?.code) {
      const gp = src.indexed.gp;
      const name = gp.name || gp.practice || gp.code!;
      out.push({
        type: 'gp',
        id: gp.code!,
        name,
        patient_id: patientId,
        block: { name, lines: [gp.practice, ...splitLines(gp.address), gp.postCode].filter((l): l is string => !!l && l !== name) },
        greeting: gp.name || 'Doctor',
        email: null,
        odsCode: gp.code!,
      });
    } else if (kind === 'clinician' && src.appointment?.patient_referrer_code) {
      const a = src.appointment;
      const name = [a.patient_referrer_first_name, a.patient_referrer_last_name]
        .filter(Boolean)
        .map((n) => nameCase(n!))
        .join(' ');
      out.push({
        type: 'clinician',
        id: a.patient_referrer_code!,
        name: name || a.patient_referrer_code!,
        block: { name: name || a.patient_referrer_code!, lines: [] },
        greeting: name || 'Colleague',
        email: null,
        odsCode: null,
      });
    }
  }
  return out;
}

/** One recipient of a letter as delivery sees them: send-to or copy, and what is known to reach them. */
export interface LetterRecipient {
  role: 'to' | 'cc';
  recipient: Recipient;
  block: AddressBlock;
  contact: RecipientContact;
  /** The channel someone chose in the recipients editor; null: the best available. */
  channel: DeliveryChannel | null;
}

const patientNameOf = (src: LetterSource) =>
  [src.patient.patient_first_name, src.patient.patient_last_name]
    .filter(Boolean)
    .map((n) => nameCase(n!))
    .join(' ');

/** A saved entry as printed and reached: one whose details follow the index takes the index's today. */
function addressedEntry(e: RecipientEntry, fromIndex: Addressed[]): Addressed {
  if (e.from_index) {
    const now = fromIndex.find((a) => a.type === e.recipient.type);
    // The registered GP (or the patient's address) at the time of sending; gone from the index: nothing
    // reaches them, so approval names them instead of posting to an old address.
    if (now) return { ...now, channel: e.channel };
    return {
      ...e.recipient,
      block: { name: e.recipient.name, lines: [] },
      greeting: e.recipient.name,
      email: null,
      odsCode: null,
      channel: e.channel,
    };
  }
  const r = e.recipient;
  return {
    ...r,
    block: { name: r.name, lines: e.address_lines },
    greeting: r.name || (r.type === 'gp' ? 'Doctor' : 'Colleague'),
    email: e.email || null,
    odsCode: r.type === 'gp' ? r.id || null : null,
    channel: e.channel,
  };
}

/** The send-to and copy lists for this letter (the saved ones, else the job type's), de-duplicated by spec §5. */
function sendToAndCopies(src: LetterSource) {
  const name = patientNameOf(src);
  if (src.recipients) {
    const fromIndex = recipientsOf(['patient', 'gp', 'clinician'], src, name);
    const resolve = (e: RecipientEntry) => addressedEntry(e, fromIndex);
    return dedupeRecipientLists(src.recipients.to.map(resolve), src.recipients.cc.map(resolve));
  }
  return dedupeRecipientLists(recipientsOf(src.job_type?.recipient ?? [], src, name), recipientsOf(src.job_type?.copy ?? [], src, name));
}

/** An entry of the editor for a recipient the details know: its details follow the index. */
const indexEntry = (a: Addressed, fromIndex = true): RecipientEntry => {
  const { block, greeting: _g, email, odsCode: _o, channel, ...recipient } = a;
  return {
    recipient: recipient as Recipient,
    email: email ?? '',
    address_lines: block.lines,
    channel: channel ?? null,
    from_index: fromIndex,
  };
};

/** The lists the recipients editor opens with: the saved ones (index details as they are now), else the job type's. */
export function recipientEntries(src: LetterSource): RecipientLists {
  if (src.recipients) {
    const fromIndex = recipientsOf(['patient', 'gp', 'clinician'], src, patientNameOf(src));
    const fresh = (e: RecipientEntry) => (e.from_index ? indexEntry(addressedEntry(e, fromIndex)) : e);
    return { to: src.recipients.to.map(fresh), cc: src.recipients.cc.map(fresh) };
  }
  const { to, cc } = sendToAndCopies(src);
  return { to: to.map((a) => indexEntry(a)), cc: cc.map((a) => indexEntry(a)) };
}

/** People the editor offers to add: the patient, the registered GP and the referrer as the index knows them, and next of kin. */
export function recipientSuggestions(src: LetterSource): RecipientEntry[] {
  const known = recipientsOf(['patient', 'gp', 'clinician'], src, patientNameOf(src)).map((a) => indexEntry(a));
  const kin = (src.indexed?.next_of_kin ?? [])
    .filter((k) => k.name.trim())
    .map((k): RecipientEntry => ({
      recipient: { type: 'nok', name: nameCase(k.name), relationship: k.relationship },
      email: '',
      address_lines: [],
      channel: null,
      from_index: false,
    }));
  return [...known, ...kin];
}

/** Who receives the letter, de-duplicated (spec §5) in the order the letter lists them: addressee first. */
export function letterRecipients(src: LetterSource): LetterRecipient[] {
  const { to, cc } = sendToAndCopies(src);
  const one =
    (role: 'to' | 'cc') =>
    (a: Addressed): LetterRecipient => {
      const { block, greeting: _greeting, email, odsCode, channel, ...recipient } = a;
      return {
        role,
        recipient: recipient as Recipient,
        block,
        contact: { type: a.type, name: block.name, email, odsCode, addressLines: block.lines },
        channel: channel ?? null,
      };
    };
  return [...to.map(one('to')), ...cc.map(one('cc'))];
}

/**
 * The signature block: the approver's name, role and registration number with the approval line
 * (src/domain/signature.ts, as the page shows it); under secretarial cover the letter is still the
 * author's, so their name heads the block and the line says who approved it on their behalf.
 */
function signatureOf(src: LetterSource, approved: boolean): LetterSignature {
  const a = src.approval;
  if (approved && a) {
    const signer = a.on_behalf_of ? src.author : { name: a.name, job_title: a.job_title, registration_number: a.registration_number };
    return {
      approved: true,
      name: signer.name,
      job_title: signer.job_title,
      registration_number: signer.registration_number,
      approved_line: signatureLine(a, src.time_zone),
      on_behalf_of: a.on_behalf_of,
    };
  }
  return {
    approved: false,
    name: src.author.name,
    job_title: src.author.job_title,
    registration_number: src.author.registration_number,
    note: approved ? '' : NOT_YET_APPROVED,
  };
}

/** The letter as every format prints it. */
export function buildLetterModel(src: LetterSource): LetterModel {
  const p = src.patient;
  const patient: LetterPatient = {
    name: formatPatientName(p.patient_first_name, p.patient_last_name),
    dob: formatBirthDate(p.patient_birthdate),
    nhs_number: p.patient_nhs_id ? formatNhsNumber(p.patient_nhs_id) : '',
    mrn: p.patient_mrn_id ?? '',
    address_lines: src.indexed?.address ? [...src.indexed.address.lines, src.indexed.address.postCode].filter(Boolean) : [],
  };
  const identifiers = [
    patient.name || 'No patient name',
    patient.nhs_number && `NHS No. ${patient.nhs_number}`,
    patient.dob && `DOB ${patient.dob}`,
  ]
    .filter(Boolean)
    .join('  ·  ');

  const { to, cc } = sendToAndCopies(src);
  const [addressee, ...alsoTo] = to;

  const approved = APPROVED_STATUSES.includes(src.status);
  const draft = !approved;
  return {
    reference: src.reference,
    title: src.job_type?.name || 'Letter',
    department: src.department,
    letterhead: src.letterhead,
    date: formatLetterDate(approved && src.approval ? src.approval.approved_at : src.now, src.time_zone),
    dictated: formatDateTime(src.dictated_at, src.time_zone).split(' ')[0]!,
    patient,
    identifiers,
    addressee: addressee?.block ?? null,
    salutation: `Dear ${addressee?.greeting ?? 'Colleague'},`,
    cc: [...alsoTo, ...cc].map((r) => r.block),
    body: src.doc ?? templateDoc(src.job_type?.template ?? []),
    signature: signatureOf(src, approved),
    draft,
    watermark: draft ? DRAFT_WATERMARK : null,
  };
}
