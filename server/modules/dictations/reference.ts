/** yymmddHHMMSS of `at` in the trust's time zone (DESIGN §5); the suffix is added on insert. */
export function referenceStamp(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: '2-digit',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}${parts.month}${parts.day}${parts.hour}${parts.minute}${parts.second}`;
}

/** The n-th dictation of a second in one trust: 01, 02, … */
export function withSuffix(stamp: string, n: number): string {
  return `${stamp}${String(n).padStart(2, '0')}`;
}
