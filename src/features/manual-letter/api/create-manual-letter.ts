import { useMutation } from '@tanstack/react-query';
import type { ManualLetter } from '../../../domain/contract';
import { E } from '../../../domain/contract/endpoints';
import { apiCall } from '../../../lib/api/client';

/**
 * Create a letter without audio (Manager, Secretary). Needs the server, which hands out the reference;
 * answers the new dictation. Nothing to refresh: the page goes on to the new letter.
 */
export function useCreateManualLetter() {
  return useMutation({
    mutationFn: async (letter: ManualLetter) => (await apiCall(E.dictationManual, { json: letter, quiet: true })).data,
  });
}
