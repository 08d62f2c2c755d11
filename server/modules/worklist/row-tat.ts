import { localDate, turnaround, type Tat } from '../../../src/domain/tat';

/**
 * `turnaround` for a list row, remembered: it counts working days one by one (a month-old row costs a
 * hundred steps), and a list shows the same rows on every refresh. The answer depends only on when the
 * clock started, the day it ends (today, or the day a sent letter was sent) and urgency.
 */
const MAX_REMEMBERED = 20_000;
const remembered = new Map<string, Tat>();
/** The local day of the last running clock's end: one list page asks for the same "now" on every row. */
let lastNow = { at: NaN, timeZone: '', day: '' };

function today(now: Date, timeZone: string): string {
  if (lastNow.at !== now.getTime() || lastNow.timeZone !== timeZone)
    lastNow = { at: now.getTime(), timeZone, day: localDate(now, timeZone) };
  return lastNow.day;
}

/** `stopped`: the clock ended at `clockEnd` for good (a sent letter); else it runs until `clockEnd`, now. */
export function rowTurnaround(createdAt: Date, clockEnd: Date, stopped: boolean, urgent: boolean, timeZone: string): Tat {
  const end = stopped ? `at ${clockEnd.getTime()}` : today(clockEnd, timeZone);
  const key = `${timeZone}|${createdAt.getTime()}|${end}|${urgent ? 'urgent' : ''}`;
  let tat = remembered.get(key);
  if (!tat) {
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    tat = turnaround({ createdAt, now: clockEnd, urgent, timeZone });
    remembered.set(key, tat);
  }
  return tat;
}
