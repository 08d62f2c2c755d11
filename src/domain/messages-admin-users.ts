/** Texts of the administration's users pages (issue 25; ours unless marked spec), spread into PAGE_MESSAGES. */
import { INVITE_TTL_DAYS } from './limits';

/** "3 dictations", "1 letter". */
const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What a user still holds when they are to be deactivated (issue 25). */
export interface UserWork {
  /** Dictations they author that are not sent yet (letters awaiting their approval among them). */
  authored: number;
  /** Of those, letters awaiting their approval. */
  approvals: number;
  /** Dictations they have claimed as typist. */
  typing: number;
  /** Standing delegations of approval naming them (as delegate or as author). */
  delegations: number;
}

/** "4 dictations they author (1 awaiting their approval), 2 dictations they are typing and 1 standing delegation". */
export function userWorkWords(w: UserWork): string {
  const parts = [
    w.authored
      ? `${count(w.authored, 'dictation')} they author${w.approvals ? ` (${w.approvals} awaiting their approval)` : ''} that ${w.authored === 1 ? 'is' : 'are'} not sent yet`
      : null,
    w.typing ? `${count(w.typing, 'dictation')} they are typing` : null,
    w.delegations ? count(w.delegations, 'standing delegation') : null,
  ].filter((p): p is string => p !== null);
  if (!parts.length) return 'no work in progress';
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}`;
}

export const ADMIN_USERS_MESSAGES = {
  // The shared schema's words (the form and the server say the same).
  userFirstNameRequired: 'Enter the first name.',
  userLastNameRequired: 'Enter the last name.',
  userNameTooLong: 'Use at most 100 characters for a name.',
  userEmailInvalid: 'Enter a valid e-mail address, such as name@nhs.net.',
  userSiteRequired: 'Choose the site the user works at.',
  userRolesRequired: 'Choose at least one role.',
  userRoleTwice: 'Choose each role once.',
  userApplicationRequired: 'Choose at least one application: dictation or AI scribe.',
  userNothingToChange: 'Change at least one thing before saving.',
  userReactivateOnly: 'A user is deactivated with Deactivate, which asks who takes over their work.',
  usersListActive: 'active: true for active users, false for deactivated ones, or all.',
  usersListLocked: 'locked: true for locked accounts only, false for the others.',
  usersListSearch: 'search: use at most 100 characters.',
  usersImportTooManyRows: (max: number) => `The file has more than ${max.toLocaleString('en-GB')} users. Split it into smaller files.`,
  usersImportTooLarge: (maxBytes: number) => `The file is larger than ${Math.round(maxBytes / 1_000_000)} MB. Split it into smaller files.`,
  usersImportEmpty: 'The file has no users: put the column names on the first line and one user on each line after it.',

  // The server's refusals.
  userEmailTaken: (email: string) => `${email} is already the e-mail address of another user. Each user needs their own address.`,
  userRoleNotYours: (role: string) => `You cannot give or take away the role ${role}: only a higher administrator can.`,
  userPermissionNotYours: (code: string) => `You cannot give or take away the permission “${code}”: you do not hold it yourself.`,
  userGroupNotYours: (name: string) => `You cannot add or remove the group “${name}”: you are not a member of it yourself.`,
  userOutranksYou: 'This user holds a role you cannot give, so only a higher administrator can change their account.',
  userSiteNotYours: 'You can only place users at your own site.',
  userSiteUnknown: 'Choose one of the trust’s active sites.',
  userGroupUnknown: 'Choose groups of the user’s trust and site.',
  userPoolUnknown: 'Choose one of the trust’s outsourcing pools.',
  userJobTypeUnknown: 'Choose job types of the user’s trust.',
  userDelegationAuthorUnknown: 'Choose active authors of the same trust for the user to approve for.',
  userDelegationNotTypist: 'Only a Secretary or a Manager can approve letters for an author.',
  userLastAdmin: (trust: string) =>
    `This is the last active trust administrator of ${trust}. Make someone else a TrustAdmin first, so the trust is not left without one.`,
  userDeactivateSelf: 'You cannot deactivate your own account. Ask another administrator to do it.',
  userInactive: 'This user is deactivated. Reactivate them first.',
  userNotInvited: 'This user has already set a password. If they have forgotten it, they can use “Forgot password” on the sign-in page.',
  userNeedsHeir: (w: UserWork) =>
    `This user still has ${userWorkWords(w)}. Choose an author to take over their dictations before deactivating them.`,
  userHeirInvalid: 'Choose an active author of the same trust, other than the user being deactivated, to take over their work.',
  userTypistHeirInvalid:
    'Choose an active Secretary or Manager of the same trust, other than the user being deactivated, to take over their typing.',
  usersImportHasErrors: (rows: number) =>
    `Nothing was imported: ${rows === 1 ? '1 row has errors' : `${rows} rows have errors`}. Correct them and import the file again.`,

  // CSV import: each row's words.
  usersImportHeader: (missing: string[]) =>
    `The first line must name the columns. Missing: ${missing.join(', ')}. Expected: first_name,last_name,email,site,roles (then permissions, groups, applications if you need them).`,
  usersImportUnknownColumn: (name: string) =>
    `The column “${name}” is not one Wardnote knows. Use first_name, last_name, email, site, roles, permissions, groups, applications.`,
  usersImportRoleUnknown: (role: string) => `“${role}” is not a role. Use Author, Secretary, Manager, SiteAdmin, TrustAdmin or SuperAdmin.`,
  usersImportPermissionUnknown: (code: string) => `“${code}” is not a permission.`,
  usersImportSiteUnknown: (site: string) => `“${site}” is not a site of this trust: use the site’s name as it appears in Wardnote.`,
  usersImportGroupUnknown: (group: string) => `“${group}” is not a group of this trust.`,
  usersImportApplicationUnknown: (app: string) => `“${app}” is not an application: use dictation or scribe_assist.`,
  usersImportEmailTwice: (row: number) => `This e-mail address is already on row ${row} of the file.`,
  usersImportColumnCount: 'This line has a different number of values from the first line. Check for a missing or extra comma.',

  // Answers and the page.
  userInvited: (email: string) => `Invitation sent to ${email}. The link works for ${INVITE_TTL_DAYS} days.`,
  userInviteResent: (email: string) => `A new invitation was sent to ${email}; the earlier link no longer works.`,
  userSaved: (name: string) => `Saved: ${name}.`,
  userUnlocked: (name: string) => `${name} can sign in again: the lock on their password and PIN is lifted.`,
  userPinReset: (name: string) => `${name}’s PIN is cleared. They choose a new one the next time they sign in.`,
  userSignedOutEverywhere: (name: string) => `${name} is signed out on every device.`,
  userDeactivated: (name: string) => `${name} is deactivated and can no longer sign in.`,
  userDeactivatedWithWork: (name: string, heir: string) => `${name} is deactivated; ${heir} has taken over their work.`,
  usersImportPreviewed: (ok: number, bad: number) =>
    `${count(ok, 'row')} ready to import${bad ? `, ${count(bad, 'row')} with errors` : ''}.`,
  usersImported: (n: number) => `${count(n, 'user')} imported; each has been sent an invitation.`,
  // The invitation e-mail.
  userInviteSubject: 'You have been invited to Wardnote',
  userInviteBody: (firstName: string, inviter: string, trust: string, link: string) =>
    `Hello ${firstName},\n\nYou have been invited to Wardnote by ${inviter} (${trust}). Choose your password with this link within ${INVITE_TTL_DAYS} days:\n\n${link}\n\nAfter that, sign in with your e-mail address and the password you chose.\nIf you did not expect this invitation, ignore this message.\n`,
} as const;

/** The users pages' own words (the list, the forms, the dialogs, the import), spread into PAGE_MESSAGES beside the above. */
export const ADMIN_USERS_PAGE_MESSAGES = {
  /** spec §8's empty state of the users list. */
  usersEmpty: 'No User Access Found',
  usersEmptyFiltered: 'No user matches this search and these filters: change or clear them.',
  usersListIntro:
    'Everyone who signs in to Wardnote at this trust. Find someone by name or e-mail, or narrow the list by role, site and state.',
  usersListIntroSite: (site: string) =>
    `Everyone who signs in to Wardnote at ${site}. Find someone by name or e-mail, or narrow the list by role and state.`,
  userNotFound: 'This user does not exist, or is not one you administer.',
  userInviteIntro: `They get an e-mail with a link to choose their password, which works for ${INVITE_TTL_DAYS} days; then they sign in as anyone else does.`,
  userRoleLabels: {
    SuperAdmin: 'Super administrator',
    TrustAdmin: 'Trust administrator',
    SiteAdmin: 'Site administrator',
    Manager: 'Manager',
    Author: 'Author (clinician)',
    Secretary: 'Secretary',
  },
  userPermissionLabels: {
    'dictation.view': 'See dictations',
    'dictation.upload': 'Upload dictations',
    'jobtypes.create': 'Create job types',
    'jobtypes.edit': 'Edit job types',
    users: 'Administer users',
    groups: 'Administer groups',
    jobtypes: 'Job types',
    departments: 'Departments',
    qa: 'QA review of typed letters',
  },
  userApplicationLabels: { amplify: 'Dictation', scribe_assist: 'AI scribe (scribe_assist)' },
  userJobTypeFilterHint: 'Leave every box empty for the user to see work of every job type.',
  userGroupsHint: 'Groups are managed on the Groups page; their permissions come with them.',
  userPoolHint: 'An external typist of an outsourcing company sees only the work sent to that company.',
  userPoolReadOnly: 'Only a manager can choose an outsourcing pool.',
  userJobTypesReadOnly: 'Only a trust administrator can change the job-type filter.',
  userCoverIntro: 'Who may approve letters for whom under secretarial cover is set on the trust configuration page.',
  userCoverNone: 'None.',
  // The account's actions: the confirmation dialogs.
  userInviteConfirm: (name: string) => `Send ${name} a new invitation?`,
  userInviteConfirmBody: (email: string) => `A new set-password link goes to ${email}; the link sent before stops working.`,
  userUnlockConfirm: (name: string) => `Unlock ${name}’s account?`,
  userUnlockConfirmBody: 'Their password and PIN work again at once. Do this only once you are sure it is them who was locked out.',
  userResetPinConfirm: (name: string) => `Reset ${name}’s PIN?`,
  userResetPinConfirmBody: 'Their PIN is cleared; they choose a new one the next time they sign in.',
  userSignOutConfirm: (name: string) => `Sign ${name} out everywhere?`,
  userSignOutConfirmBody:
    'Every session of theirs ends, on every device: they sign in again to carry on. Recordings not yet uploaded stay on their device.',
  userReactivateConfirm: (name: string) => `Reactivate ${name}?`,
  userReactivateConfirmBody: 'They can sign in again with their password, with the roles and permissions they had.',
  userReactivated: (name: string) => `${name} is active again and can sign in.`,
  userDeactivateTitle: (name: string) => `Deactivate ${name}?`,
  userDeactivateBody:
    'They can no longer sign in. Nothing of theirs is deleted: their dictations, letters and the audit trail keep their name.',
  userDeactivateWork: (work: string) => `${work[0]!.toUpperCase()}${work.slice(1)}. Choose who takes over.`,
  userHeirHint: 'An active author of the same trust: their dictations, letters awaiting approval and delegations move there.',
  userTypistHeirHint: 'Leave it empty to put the dictations they are typing back in the typing queue.',
  // The CSV import.
  usersImportIntro:
    'A CSV file with the column names on its first line: first_name, last_name, email, site, roles, and if you need them permissions, groups, applications. Separate several roles in one cell with “;”. Every user imported is sent an invitation.',
  usersImportPick: 'Choose a CSV file',
  usersImportFileType: (name: string) => `“${name}” is not a CSV file. Save the spreadsheet as CSV (comma separated) and choose that file.`,
  usersImportCommit: (n: number) => (n === 1 ? 'Import 1 user' : `Import ${n} users`),
  usersImportNothingToImport: 'No row is ready to import: correct the file and choose it again.',
  usersImportSkipped: (n: number) => (n === 1 ? '1 row with errors was skipped:' : `${n} rows with errors were skipped:`),
  // The invitation's set-password page.
  inviteWelcome: 'Welcome to Wardnote',
  inviteChoosePassword: 'Choose your password',
  inviteDone: 'Your password is set. Sign in with your e-mail address and the password you chose.',
} as const;
