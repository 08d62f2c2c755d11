/** Dictation statuses of spec §4. */
export const DICTATION_STATUSES = [
  'DRAFT',
  'AUTHOR_APPROVAL',
  'READY_FOR_TYPING',
  'RECEIVED',
  'BEING_TYPED',
  'OUTSOURCED',
  'OUTSOURCED_REVIEW',
  'QA_REVIEW',
  'MANUAL_DISTRIBUTION',
  'SENT',
] as const;
export type DictationStatus = (typeof DICTATION_STATUSES)[number];

/** Statuses that may be used as the Home tab (`/:tab?`). RECEIVED is shown as READY_FOR_TYPING. */
export const HOME_TABS = DICTATION_STATUSES.filter((s) => s !== 'RECEIVED');
export type HomeTab = (typeof HOME_TABS)[number];

export function isHomeTab(value: unknown): value is HomeTab {
  return typeof value === 'string' && (HOME_TABS as readonly string[]).includes(value);
}

export function statusLabel(status: DictationStatus): string {
  const shown = status === 'RECEIVED' ? 'READY_FOR_TYPING' : status;
  return shown
    .split('_')
    .map((w) => (w === 'QA' ? w : w.charAt(0) + w.slice(1).toLowerCase()))
    .join(' ');
}
