/**
 * Preferences (issue 25): the profile's preferences and where their values come from.
 * - useSavePreference(userId, failed?): the one way a screen saves a preference (optimistic, rolled back on error).
 * - useClearPreference(userId): the user's own value goes; the inherited one applies again.
 * - useInheritedSetting(key), isOwnValue(setting), <InheritedNote />: a preference's source, or its lock.
 * - <ProfilePreferencesSection profile />: start status, speech recognition, number of speakers.
 */
export { useSavePreference, useClearPreference } from './api/use-save-preference';
export { useInheritedSetting, isOwnValue, InheritedNote } from './inherited-note';
export { ProfilePreferencesSection } from './profile-preferences-section';
