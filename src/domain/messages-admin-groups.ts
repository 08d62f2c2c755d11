/** Texts of the administration's groups pages (issue 25; ours unless marked spec), spread into PAGE_MESSAGES. */

/** "dictation.view", "users and groups", "a, b and c". */
const list = (codes: readonly string[]) => (codes.length <= 1 ? (codes[0] ?? '') : `${codes.slice(0, -1).join(', ')} and ${codes.at(-1)!}`);

export const ADMIN_GROUPS_MESSAGES = {
  // The shared schema's words (client and server say the same).
  groupNameRequired: 'Enter the group’s name.',
  groupNameTooLong: 'Use at most 100 characters for the name.',
  groupDescriptionTooLong: 'Use at most 500 characters for the description.',
  groupPermissionTwice: 'Each permission can be given once.',
  groupPermissionUnknown: 'Choose permissions from the list.',
  groupNothingToChange: 'Change the name, the description, the scope or the permissions.',
  groupMembersNone: 'Choose at least one person to add.',
  groupMembersTooMany: 'Add at most 50 people at a time.',
  groupSiteChoice: 'Choose the whole trust or one of its sites.',
  // The server's refusals.
  groupNameTaken: (name: string) => `This trust already has a group called “${name}”. Choose another name.`,
  groupPermissionNotHeld: (codes: readonly string[]) =>
    `You cannot give ${list(codes)}: you do not hold ${codes.length === 1 ? 'that permission' : 'those permissions'} yourself.`,
  groupChangeNotHeld: (codes: readonly string[]) =>
    `You cannot change this group: it gives ${list(codes)}, which you do not hold yourself. Ask a trust administrator.`,
  groupSiteUnknown: 'Choose one of this trust’s sites.',
  groupSiteOnlyYours: (site: string) => `You look after ${site} only: a group you make or change is for ${site}.`,
  groupMemberUnknown: 'Some of the people chosen are not users of this trust you can add. Search for them again.',
  groupMemberOtherSite: (names: readonly string[], site: string) =>
    `${list(names)} ${names.length === 1 ? 'works' : 'work'} at another site: this group is for ${site} only.`,
  groupMembersElsewhere: (names: readonly string[], site: string) =>
    `${list(names)} ${names.length === 1 ? 'works' : 'work'} at another site. Remove ${names.length === 1 ? 'them' : 'those members'} before limiting the group to ${site}.`,
  // The page.
  groupsEmpty: 'No groups yet. A group gives its members a set of permissions: add one, choose what it allows, then add its members.',
  groupsIntro: (trust: string) =>
    `Groups of ${trust}. Each gives its members the permissions ticked; a member holds them from their next action.`,
  groupAdded: (name: string) => `Added: ${name}. Now add its members.`,
  groupSaved: (name: string) => `Saved: ${name}.`,
  groupDeleted: (name: string) => `Deleted: ${name}.`,
  groupDeleteConfirm: (name: string) => `Delete ${name}?`,
  groupDeleteBody: 'Its members lose the permissions it gives them (unless another group or their own account gives them too).',
  groupMemberAdded: (name: string, group: string) => `${name} is now a member of ${group}.`,
  groupMemberRemoved: (name: string, group: string) => `${name} is no longer a member of ${group}.`,
  groupNoMembers: 'No members yet. Search for people below and add them.',
  groupNoCandidates: 'Nobody found who can be added. Try part of another name or e-mail address.',
  groupReadOnly: (codes: readonly string[]) => `Only viewing: this group gives ${list(codes)}, which you do not hold yourself.`,
} as const;
