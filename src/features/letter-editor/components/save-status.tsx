import { AlertTriangle, Check, CloudOff, HardDrive, Loader2, Lock } from 'lucide-react';
import { SAVE_STATE_LABEL, type SaveState } from '../save-state';
import { savedAtText } from '../saved-at';
import { useLetter } from '../use-letter';

const ICON: Record<SaveState, typeof Check> = {
  saved: Check,
  saving: Loader2,
  'saved on this device': HardDrive,
  'offline — will send when online': CloudOff,
  conflict: AlertTriangle,
  'not editable': Lock,
  'needs fixing': AlertTriangle,
};

const TONE: Record<SaveState, string> = {
  saved: 'text-emerald-700 dark:text-emerald-300',
  saving: 'text-slate-600 dark:text-slate-300',
  'saved on this device': 'text-slate-700 dark:text-slate-200',
  'offline — will send when online': 'text-amber-800 dark:text-amber-200',
  conflict: 'text-red-800 dark:text-red-200',
  'not editable': 'text-red-800 dark:text-red-200',
  'needs fixing': 'text-red-800 dark:text-red-200',
};

/** Announced to screen readers; the rest changes every second or two while typing and is only shown. */
const ANNOUNCED = new Set<SaveState>([
  'saved on this device',
  'offline — will send when online',
  'conflict',
  'not editable',
  'needs fixing',
]);

/** Where the letter's text stands, for the page header, with the reason when it waits (hover, or read out). */
export function SaveStatus({ dictationId }: { dictationId: number }) {
  const { saveState, saveDetail, savedAt, phase } = useLetter(dictationId);
  if (phase !== 'ready') return null;
  const Icon = ICON[saveState];
  const label = saveState === 'saved' && savedAt ? `Saved ${savedAtText(savedAt)}` : SAVE_STATE_LABEL[saveState];
  return (
    <p
      data-testid="letter-save-status"
      data-state={saveState}
      className={`inline-flex items-center gap-1.5 text-sm font-medium ${TONE[saveState]}`}
      title={saveDetail ?? undefined}
    >
      <Icon aria-hidden className={`size-4 shrink-0 ${saveState === 'saving' ? 'motion-safe:animate-spin' : ''}`} />
      <span>{label}</span>
      <span role="status" className="sr-only">
        {ANNOUNCED.has(saveState) ? `Letter: ${label}${saveDetail && saveState !== 'conflict' ? `. ${saveDetail}` : ''}` : ''}
      </span>
    </p>
  );
}
