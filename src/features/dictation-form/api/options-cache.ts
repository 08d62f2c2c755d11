import { z } from 'zod';
import { dictationOptionsSchema, type DictationOptions } from '../../../domain/contract';
import { E } from '../../../domain/contract/endpoints';
import { formatDateTime } from '../../../domain/display-format';
import type { AccessSubject } from '../../../domain/access';
import { mayCall } from '../../../domain/outsourced-calls';
import { apiCall } from '../../../lib/api/client';
import { HttpError } from '../../../lib/api/errors';
import { getSecure, putSecure } from '../../../lib/crypto/secure-store';

/**
 * What the details form needs (services, job types with their fields, authors for uploaders), kept
 * encrypted on the device so the form works offline, even before any record page was opened
 * (issue 9 §3): fetched right after sign-in, on every app start and whenever the browser comes online.
 */
const KEY = 'dictation_options';

export interface OptionsResult {
  options: DictationOptions;
  /** How old the device's copy is, when the options come from it; null when fresh from the server. */
  savedLabel: string | null;
}

const savedSchema = z.object({ saved_at: z.string(), data: dictationOptionsSchema });

/** Reads the stored copy: `{ saved_at, data }`, or the bare options an earlier version stored (age unknown). */
export function parseSavedOptions(raw: unknown): { options: DictationOptions; savedAt: string | undefined } | null {
  const saved = savedSchema.safeParse(raw);
  if (saved.success) return { options: saved.data.data, savedAt: saved.data.saved_at };
  const legacy = dictationOptionsSchema.safeParse(raw);
  return legacy.success ? { options: legacy.data, savedAt: undefined } : null;
}

/** The line the form shows when its lists come from the device's copy. */
export function savedOptionsLabel(savedAt: string | undefined): string {
  const when = savedAt ? ` as of ${formatDateTime(savedAt)}` : '';
  return `Services and job types${when}, from this device's copy: the server cannot be reached.`;
}

async function fetchAndSave(): Promise<DictationOptions> {
  const { data } = await apiCall(E.dictationOptions, { quiet: true });
  await putSecure(KEY, { saved_at: new Date().toISOString(), data });
  return data;
}

/** The server's options (saved for later), or the device's copy when the server cannot be reached. */
export async function loadDictationOptions(): Promise<OptionsResult> {
  try {
    return { options: await fetchAndSave(), savedLabel: null };
  } catch (err) {
    const saved = parseSavedOptions(await getSecure(KEY));
    if (err instanceof HttpError && err.isNetwork && saved) {
      return { options: saved.options, savedLabel: savedOptionsLabel(saved.savedAt) };
    }
    throw err;
  }
}

/** Refreshes the device's copy; a failure leaves the last copy in place. */
export async function refreshDictationOptions(): Promise<void> {
  await fetchAndSave().catch(() => {});
}

let listening = false;

/** Whether this user may ask for the options at all (an external typist, a TrustAdmin may not). */
export const mayLoadDictationOptions = (subject: AccessSubject): boolean =>
  mayCall(subject, E.dictationOptions.rule, `${E.dictationOptions.method} ${E.dictationOptions.path}`);

/** After sign-in: save the options now and again whenever the browser comes back online (for those who may ask). */
export function keepDictationOptionsFresh(subject: AccessSubject): Promise<void> {
  if (!mayLoadDictationOptions(subject)) return Promise.resolve();
  if (!listening && typeof window !== 'undefined') {
    listening = true;
    window.addEventListener('online', () => void refreshDictationOptions());
  }
  return refreshDictationOptions();
}
