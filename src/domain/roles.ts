/** Roles, permission codes and application types of spec §6 and §3. */
export const ROLES = ['SuperAdmin', 'TrustAdmin', 'SiteAdmin', 'Manager', 'Author', 'Secretary'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  'dictation.view',
  'dictation.upload',
  'jobtypes.create',
  'jobtypes.edit',
  'users',
  'groups',
  'jobtypes',
  'departments',
  /** QA reviewer: passes or returns letters in QA_REVIEW (issue 12). */
  'qa',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** `amplify` is the dictation (plus) application; `scribe_assist` the AI scribe. */
export const APPLICATION_TYPES = ['amplify', 'scribe_assist'] as const;
export type ApplicationType = (typeof APPLICATION_TYPES)[number];
