/**
 * The daily stuck-letter e-mail to a manager (issue 13): each letter by its reference, how long since
 * approval and which copies are still outstanding, by channel and state. No patient data: the reference
 * is the only thing that names a letter.
 */
import type { OutgoingMail } from '../../adapters/mail';
import type { StuckRow } from './stuck-letters.repository';
import { formatHours } from '../../../src/domain/display-format';

const CHANNEL = { email: 'e-mail', gp_electronic: 'GP electronic', print: 'post' } as const;
const STATUS = {
  queued: 'being sent',
  printing: 'waiting in the print queue',
  sent: 'sent, waiting for the recipient to acknowledge it',
  failed: 'failed',
  delivered: 'delivered',
  posted: 'posted',
} as const;

/** Letters listed by reference; more are counted. */
const LISTED = 100;

/** How long since `since`, in the app's words ('26 hours', '14 days'): formatHours of src/domain. */
export function waitedFor(since: Date, now: Date): string {
  return formatHours((now.getTime() - since.getTime()) / 3_600_000);
}

export function stuckDigestMail(
  letters: StuckRow[],
  opts: { hours: number; now: Date; origin: string; trust: string },
): Pick<OutgoingMail, 'subject' | 'text'> {
  const n = letters.length;
  const lines = letters.slice(0, LISTED).map((l) => {
    const copies = l.outstanding.map((o) => `${CHANNEL[o.channel]} ${STATUS[o.status]}`).join(', ');
    return `- ${l.reference}: approved ${waitedFor(l.approvedAt, opts.now)} ago; outstanding: ${copies}`;
  });
  return {
    subject: n === 1 ? 'Wardnote: 1 letter not delivered in time' : `Wardnote: ${n} letters not delivered in time`,
    text: [
      `${n === 1 ? 'This approved letter' : 'These approved letters'}${opts.trust ? ` of ${opts.trust}` : ''} ${n === 1 ? 'has' : 'have'} not reached every recipient within ${formatHours(opts.hours)} of approval:`,
      '',
      ...lines,
      ...(n > LISTED ? [`- and ${n - LISTED} more`] : []),
      '',
      `See them in Wardnote (Manual distribution): ${opts.origin}/MANUAL_DISTRIBUTION`,
      '',
      'Managers get this e-mail at most once a day while letters are waiting.',
    ].join('\n'),
  };
}
