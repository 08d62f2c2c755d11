/** Texts of the administration's settings pages (issue 25; ours unless marked spec), spread into PAGE_MESSAGES. */

const LEVEL_WORDS = { trust: 'trust', site: 'site', department: 'department', user: 'user' } as const;

export const ADMIN_SETTINGS_MESSAGES = {
  // Where an effective value comes from (the "source" column).
  settingFrom: (name: string) => `from ${name}`,
  settingYourOwn: 'your own',
  settingSetHere: 'set here',
  settingDefault: 'default',
  settingLockedBy: (name: string) => `Locked by ${name}`,
  settingLockedHint: (name: string) => `${name} has locked this setting, so it cannot be changed here.`,
  settingLockedNote: 'It cannot be changed here.',
  settingDefaultNote: 'Default value (nobody has changed it)',
  settingClearToDefault: 'Use the default',

  // Refusals (server and client say the same).
  /** A preference or setting a higher level locked: 422, naming who locked it. */
  settingLocked: (label: string, name: string) => `${label} is locked by ${name}, so it cannot be changed here. Ask them to unlock it.`,
  settingNotAtLevel: (label: string, level: keyof typeof LEVEL_WORDS) => `${label} cannot be set for a ${LEVEL_WORDS[level]}.`,
  settingUnknown: 'There is no such setting.',
  settingRetentionOverLimit: (days: number) => `Use at most ${days} days: that is as long as the trust keeps them.`,
  settingRetentionRange: 'Enter a whole number of days from 1 to 36500.',
  settingSpeakersRange: 'Enter a single digit from 1 to 8.',
  settingAutoRewindRange: 'Choose from 0 (off) to 10 seconds.',
  settingBadValue: 'This value cannot be used for this setting.',
  settingUserLockNotAllowed: 'A user’s own setting cannot be locked: there is no level below it.',

  // The administration's editor (InheritedSettingsSection).
  settingsTitle: 'Settings that inherit',
  settingsIntro: (levelName: string) =>
    `Values set here apply to ${levelName} and below unless a lower level sets its own. Lock a value to stop lower levels changing it.`,
  settingSaved: (label: string) => `${label} saved.`,
  settingCleared: (label: string) => `${label} now follows the level above.`,
  settingLockedNow: (label: string) => `${label} is locked for every level below.`,
  settingUnlockedNow: (label: string) => `${label} is unlocked.`,
  settingSaveFailed: 'The setting could not be saved. Try again.',
  settingsLoadFailed: 'The settings could not be loaded. Try again.',
  settingClear: 'Use the value above',

  // The preferences page.
  preferencesSaveFailed: 'The preferences could not be saved. Try again.',
} as const;
