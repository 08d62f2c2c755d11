import { useMutation } from '@tanstack/react-query';
import type { PreferenceUpdate } from '../../domain/contract';
import { E } from '../../domain/contract/endpoints';
import { apiCall } from '../api/client';
import { HttpError } from '../api/errors';
import { session } from './session';

/**
 * Saves part of the signed-in user's preferences (spec §3 `preferences.profile`), then reloads the session's
 * profile so every screen reads the new value. `error` is the server's words, or `failed` when it could not
 * be reached. The one way the preference screens save (the player, e-mail notifications, the list's columns).
 */
export function useSavePreference(userId: number, failed: string) {
  const mutation = useMutation({
    mutationFn: async (profile: PreferenceUpdate['profile']) => {
      await apiCall(E.preference, { params: { id: userId }, json: { profile }, quiet: true });
      await session.refresh();
    },
  });
  return {
    save: (profile: PreferenceUpdate['profile'], onSaved: () => void) => mutation.mutate(profile, { onSuccess: onSaved }),
    saving: mutation.isPending,
    error: mutation.error ? (mutation.error instanceof HttpError ? mutation.error.message : failed) : null,
    reset: mutation.reset,
  };
}
