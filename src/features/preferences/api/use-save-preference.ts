import { useMutation } from '@tanstack/react-query';
import type { PreferenceUpdate, ResolvedSettingAnswer, UserProfile } from '../../../domain/contract';
import { E } from '../../../domain/contract/endpoints';
import { profileUpdateValues, type SettingKey } from '../../../domain/settings-inheritance';
import { PAGE_MESSAGES } from '../../../domain/messages';
import { apiCall } from '../../../lib/api/client';
import { HttpError } from '../../../lib/api/errors';
import { session } from '../../../lib/auth/session';

/** The profile as it will be once `update` is saved: the values, and their source "your own". */
function withUpdate(p: UserProfile, update: PreferenceUpdate['profile'], name: string): UserProfile {
  const touched = profileUpdateValues(update) as Partial<Record<SettingKey, unknown>>;
  const inherited = p.inherited_settings?.map((s): ResolvedSettingAnswer =>
    s.key in touched && !s.locked
      ? {
          ...s,
          value: touched[s.key],
          source: { level: 'user', name },
          source_text: PAGE_MESSAGES.settingYourOwn,
          held: { value: touched[s.key], locked: false },
        }
      : s,
  );
  return { ...p, preferences: { profile: { ...p.preferences.profile, ...update } }, inherited_settings: inherited };
}

function words(error: unknown, failed: string): string | null {
  if (!error) return null;
  return error instanceof HttpError ? error.message : failed;
}

/**
 * Saves part of the signed-in user's preferences (spec §3 `preferences.profile`; POST /api/preference/{id}).
 * Optimistic: every screen shows the new value at once, and the previous profile comes back if the server
 * refuses (a setting a level above locked: its words name who locked it). Then the session reloads the
 * profile, so effective values and their sources are the server's. `error` is the server's words, or
 * `failed` when it could not be reached. The one way the preference screens save.
 */
export function useSavePreference(userId: number, failed: string = PAGE_MESSAGES.preferencesSaveFailed) {
  const mutation = useMutation({
    mutationFn: async (profile: PreferenceUpdate['profile']) => {
      await apiCall(E.preference, { params: { id: userId }, json: { profile }, quiet: true });
    },
    onMutate: (profile) => {
      const before = session.snapshot.profile;
      if (before) session.showProfile(withUpdate(before, profile, before.full_name));
      return before;
    },
    onError: (_error, _profile, before) => session.showProfile(before ?? null),
    onSuccess: () => session.refresh(),
  });
  return {
    save: (profile: PreferenceUpdate['profile'], onSaved: () => void) => mutation.mutate(profile, { onSuccess: onSaved }),
    saving: mutation.isPending,
    error: words(mutation.error, failed),
    reset: mutation.reset,
  };
}

/** Clears the user's own value of an inheritable preference: it follows their site or trust again. */
export function useClearPreference(userId: number, failed: string = PAGE_MESSAGES.preferencesSaveFailed) {
  const mutation = useMutation({
    mutationFn: async (key: SettingKey) => {
      await apiCall(E.settingDelete, { params: { scope: 'user', id: userId, key }, quiet: true });
    },
    onSuccess: () => session.refresh(),
  });
  return {
    clear: (key: SettingKey, onCleared?: () => void) => mutation.mutate(key, { onSuccess: onCleared }),
    clearing: mutation.isPending,
    error: words(mutation.error, failed),
  };
}
