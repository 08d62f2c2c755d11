/**
 * Turnaround (TAT): working days since a dictation was created, against the trust's target. Working
 * days are Monday to Friday except the bank holidays of England and Wales, counted in the trust's
 * time zone. Pure: the list and the server's sort use the same rule.
 */
import { ENGLAND_AND_WALES_BANK_HOLIDAYS } from './bank-holidays';

/** The letter standard: seven working days; urgent dictations two. */
export const DEFAULT_TAT_TARGET_DAYS = { standard: 7, urgent: 2 } as const;

const HOLIDAYS = new Set(ENGLAND_AND_WALES_BANK_HOLIDAYS);

/** One formatter per time zone: making one costs far more than using it (a list page formats every row). */
const formatters = new Map<string, Intl.DateTimeFormat>();
function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) formatters.set(timeZone, (f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return f;
}

/** `yyyy-mm-dd` of an instant in a time zone. */
export function localDate(at: Date, timeZone: string): string {
  const parts = dayFormatter(timeZone).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

export function isWorkingDay(isoDate: string): boolean {
  const day = new Date(`${isoDate}T12:00:00Z`).getUTCDay();
  return day !== 0 && day !== 6 && !HOLIDAYS.has(isoDate);
}

/** Working days after the day of `from` up to and including the day of `to` (0 on the same day). */
export function workingDaysBetween(from: Date, to: Date, timeZone = 'Europe/London'): number {
  const start = localDate(from, timeZone);
  const end = localDate(to, timeZone);
  if (end <= start) return 0;
  let count = 0;
  const cursor = new Date(`${start}T12:00:00Z`);
  for (;;) {
    cursor.setUTCDate(cursor.getUTCDate() + 1);
    const iso = cursor.toISOString().slice(0, 10);
    if (iso > end) break;
    if (isWorkingDay(iso)) count++;
  }
  return count;
}

export type TatState = 'on_time' | 'due_today' | 'overdue';

export interface Tat {
  days: number;
  target: number;
  state: TatState;
  /** In words, for the list and screen readers: "3 of 7 days", "2 days overdue". */
  text: string;
}

export function turnaround(opts: {
  createdAt: Date;
  now: Date;
  urgent: boolean;
  targets?: { standard: number; urgent: number };
  timeZone?: string;
}): Tat {
  const targets = opts.targets ?? DEFAULT_TAT_TARGET_DAYS;
  const target = opts.urgent ? targets.urgent : targets.standard;
  const days = workingDaysBetween(opts.createdAt, opts.now, opts.timeZone);
  const plural = (n: number) => (n === 1 ? 'day' : 'days');
  if (days > target) return { days, target, state: 'overdue', text: `${days - target} ${plural(days - target)} overdue` };
  if (days === target) return { days, target, state: 'due_today', text: `Due today (${days} of ${target} ${plural(target)})` };
  return { days, target, state: 'on_time', text: `${days} of ${target} ${plural(target)}` };
}
