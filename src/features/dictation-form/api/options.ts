import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadDictationOptions, type OptionsResult } from './options-cache';

export const dictationFormKeys = {
  options: ['dictation-options'] as const,
};

/** Services, job types and authors, or offline the device's copy (options-cache.ts). */
export const dictationOptionsQuery = () =>
  queryOptions({
    queryKey: dictationFormKeys.options,
    queryFn: loadDictationOptions,
    staleTime: 5 * 60_000,
    // Offline the query must still run: it answers from the device's copy (a paused query never would).
    networkMode: 'always',
  });

/**
 * Services, job types and authors for the form; offline, the copy saved on this device (encrypted).
 * `enabled` false for a user who may not ask (options-cache.ts `mayLoadDictationOptions`).
 */
export function useDictationOptions(enabled = true) {
  return useQuery({ ...dictationOptionsQuery(), enabled, select: (r: OptionsResult) => r.options });
}

/** "Services and job types as of …" when the form's lists come from the device's copy, else null. */
export function useDictationOptionsAge(): string | null {
  return useQuery({ ...dictationOptionsQuery(), select: (r: OptionsResult) => r.savedLabel }).data ?? null;
}
