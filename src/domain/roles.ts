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

/** What each permission lets its holder do, in plain words (the groups page and GET /api/permissions, issue 25). */
export const PERMISSION_DESCRIPTIONS: Record<Permission, string> = {
  'dictation.view': 'Open the work queues and read the trust’s dictations and letters.',
  'dictation.upload': 'Upload recorded dictations from a file (the upload page).',
  'jobtypes.create': 'Add new job types (letter types) to the trust.',
  'jobtypes.edit': 'Change, deactivate and delete the trust’s job types.',
  users: 'Open the site administration to look after user accounts.',
  groups: 'Create and change groups, their permissions and their members, within the trust.',
  jobtypes: 'List the trust’s job types and keep its departments.',
  departments: 'Add, rename, deactivate and delete the trust’s departments.',
  qa: 'Review typed letters in QA review: pass them or send them back.',
};

/** `amplify` is the dictation (plus) application; `scribe_assist` the AI scribe. */
export const APPLICATION_TYPES = ['amplify', 'scribe_assist'] as const;
export type ApplicationType = (typeof APPLICATION_TYPES)[number];
