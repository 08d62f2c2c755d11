/**
 * Users: the list, invitations, CSV import, edits, unlock, PIN reset, sign-out everywhere, deactivation (issue 25).
 */
export const adminUsersEndpoints = {};
