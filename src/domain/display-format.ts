/** How the lists show durations, dates and names (en-GB, as NHS letters and typing pools do). */

/** m:ss, or h:mm:ss for an hour or more; an unknown length is an en dash. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '–';
  const total = Math.round(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * A wait or a limit given in whole hours, as people say it: hours under two days ('1 hour', '47 hours'),
 * whole days from 48 hours on ('2 days', 341 hours is '14 days'). The one formatter for hour counts.
 */
export function formatHours(hours: number): string {
  const h = Math.max(0, Math.floor(hours));
  if (h < 48) return h === 1 ? '1 hour' : `${h} hours`;
  return `${Math.floor(h / 24)} days`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsIn(at: Date, timeZone: string) {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return { day: get('day'), month: MONTHS[Number(get('month')) - 1]!, year: get('year'), hour: get('hour'), minute: get('minute') };
}

/** 22-Nov-2026 14:05 in the trust's time zone. */
export function formatDateTime(iso: string | Date, timeZone = 'Europe/London'): string {
  const p = partsIn(new Date(iso), timeZone);
  return `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}`;
}

/** 22-Nov-2026, the day in the trust's time zone. */
export function formatDate(iso: string | Date, timeZone = 'Europe/London'): string {
  const p = partsIn(new Date(iso), timeZone);
  return `${p.day}-${p.month}-${p.year}`;
}

/** 22-Nov-1950 for a date of birth given as yyyy-mm-dd (no time zone: a birthday is a calendar date). */
export function formatBirthDate(isoDate: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate ?? '');
  if (!m) return '';
  return `${m[3]}-${MONTHS[Number(m[2]) - 1]}-${m[1]}`;
}

/** "SURNAME, First", as patient names are written on clinical lists; empty parts are left out. */
export function formatPatientName(first?: string | null, last?: string | null): string {
  const surname = (last ?? '').trim().toUpperCase();
  const given = (first ?? '').trim();
  if (surname && given) return `${surname}, ${given}`;
  return surname || given;
}

/** A staff member's name as the API gives it (`full_name`): "First Last", a missing part left out. */
export function fullName(first?: string | null, last?: string | null): string {
  return `${first ?? ''} ${last ?? ''}`.trim();
}
