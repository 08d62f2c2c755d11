import { formatDateTime } from '../../domain/display-format';

/** "14:05" today, "21-Nov-2026 14:05" before. */
export function savedAtText(at: number, now = Date.now()): string {
  const full = formatDateTime(new Date(at));
  return full.slice(0, 11) === formatDateTime(new Date(now)).slice(0, 11) ? full.slice(12) : full;
}
