import { describe, expect, it } from 'vitest';
import { grantableRoles, grantRefusal, mayGrantGroup, mayGrantPermission, mayManage, type Granter } from '../../src/domain/user-grants';
import { userWorkWords } from '../../src/domain/messages-admin-users';
import { userCreateSchema, userUpdateSchema } from '../../src/domain/contract/admin-users';

const who = (roles: Granter['roles'], permissions: Granter['permissions'] = [], groupIds: number[] = []): Granter => ({
  roles,
  permissions,
  groupIds,
});

describe('who may give which role (issue 25)', () => {
  it('SuperAdmin any; TrustAdmin any but SuperAdmin; SiteAdmin and users holders only Author, Secretary, Manager', () => {
    expect(grantableRoles(who(['SuperAdmin']))).toEqual(['SuperAdmin', 'TrustAdmin', 'SiteAdmin', 'Manager', 'Author', 'Secretary']);
    expect(grantableRoles(who(['TrustAdmin']))).toEqual(['TrustAdmin', 'SiteAdmin', 'Manager', 'Author', 'Secretary']);
    expect([...grantableRoles(who(['SiteAdmin']))].sort()).toEqual(['Author', 'Manager', 'Secretary']);
    expect([...grantableRoles(who(['Secretary'], ['users']))].sort()).toEqual(['Author', 'Manager', 'Secretary']);
  });

  it('a permission only when held (trust administrators hold them all); a group only when a member', () => {
    expect(mayGrantPermission(who(['TrustAdmin']), 'qa')).toBe(true);
    expect(mayGrantPermission(who(['SiteAdmin'], ['users']), 'users')).toBe(true);
    expect(mayGrantPermission(who(['SiteAdmin'], ['users']), 'departments')).toBe(false);
    expect(mayGrantGroup(who(['SuperAdmin']), 9)).toBe(true);
    expect(mayGrantGroup(who(['SiteAdmin'], [], [3]), 3)).toBe(true);
    expect(mayGrantGroup(who(['SiteAdmin'], [], [3]), 4)).toBe(false);
  });

  it('taking away is granting in reverse; what stays unchanged is not checked', () => {
    const siteAdmin = who(['SiteAdmin'], ['users'], [3]);
    const before = { roles: ['Author', 'TrustAdmin'] as const, permissions: ['departments'] as const, groupIds: [7] };
    // Unchanged TrustAdmin role, permission and group: nothing to refuse.
    expect(
      grantRefusal(
        siteAdmin,
        { ...before, roles: [...before.roles], permissions: [...before.permissions] },
        { roles: ['Author', 'TrustAdmin', 'Secretary'] },
      ),
    ).toBeNull();
    expect(grantRefusal(siteAdmin, { roles: ['Author', 'TrustAdmin'], permissions: [], groupIds: [] }, { roles: ['Author'] })).toEqual({
      kind: 'role',
      role: 'TrustAdmin',
    });
    expect(grantRefusal(siteAdmin, { roles: [], permissions: [], groupIds: [] }, { roles: ['TrustAdmin'] })).toEqual({
      kind: 'role',
      role: 'TrustAdmin',
    });
    expect(grantRefusal(siteAdmin, { roles: [], permissions: ['departments'], groupIds: [] }, { permissions: [] })).toEqual({
      kind: 'permission',
      permission: 'departments',
    });
    expect(grantRefusal(siteAdmin, { roles: [], permissions: [], groupIds: [] }, { permissions: ['users'], groupIds: [3] })).toBeNull();
    expect(grantRefusal(siteAdmin, { roles: [], permissions: [], groupIds: [] }, { groupIds: [3, 8] })).toEqual({
      kind: 'group',
      groupId: 8,
    });
    expect(grantRefusal(who(['TrustAdmin']), { roles: [], permissions: [], groupIds: [] }, { roles: ['SuperAdmin'] })).toEqual({
      kind: 'role',
      role: 'SuperAdmin',
    });
  });

  it('an account holding a role the caller cannot give is not theirs to change', () => {
    expect(mayManage(who(['SiteAdmin']), ['Author', 'Secretary'])).toBe(true);
    expect(mayManage(who(['SiteAdmin']), ['SiteAdmin'])).toBe(false);
    expect(mayManage(who(['Manager'], ['users']), ['TrustAdmin'])).toBe(false);
    expect(mayManage(who(['TrustAdmin']), ['TrustAdmin', 'Author'])).toBe(true);
    expect(mayManage(who(['TrustAdmin']), ['SuperAdmin'])).toBe(false);
  });
});

describe('the users contract', () => {
  it('a new user: names, e-mail in lower case, a site and at least one role, each refusal in words', () => {
    const ok = userCreateSchema.parse({ first_name: ' Ann ', last_name: 'Lee', email: 'Ann.Lee@NHS.net', site_id: 1, roles: ['Author'] });
    expect(ok).toMatchObject({ first_name: 'Ann', email: 'ann.lee@nhs.net', application_types: ['amplify'], permissions: [] });
    const bad = userCreateSchema.safeParse({ first_name: '', last_name: 'Lee', email: 'nope', site_id: 1, roles: [] });
    expect(bad.success).toBe(false);
    const words = bad.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(words).toEqual(
      expect.arrayContaining([
        'first_name: Enter the first name.',
        'email: Enter a valid e-mail address, such as name@nhs.net.',
        'roles: Choose at least one role.',
      ]),
    );
  });

  it('a change needs something to change, and only reactivates', () => {
    expect(userUpdateSchema.safeParse({}).error?.issues[0]?.message).toBe('Change at least one thing before saving.');
    expect(userUpdateSchema.safeParse({ active: false }).success).toBe(false);
    expect(userUpdateSchema.parse({ active: true })).toEqual({ active: true });
  });

  it('says the work a user still holds in plain words', () => {
    expect(userWorkWords({ authored: 4, approvals: 1, typing: 2, delegations: 1 })).toBe(
      '4 dictations they author (1 awaiting their approval) that are not sent yet, 2 dictations they are typing and 1 standing delegation',
    );
    expect(userWorkWords({ authored: 0, approvals: 0, typing: 1, delegations: 0 })).toBe('1 dictation they are typing');
  });
});
