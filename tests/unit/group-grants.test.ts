import { describe, expect, it } from 'vitest';
import { notHeld, permissionsHeld, reachesGroup, reachesPerson } from '../../src/domain/group-grants';
import { PERMISSIONS } from '../../src/domain/roles';

/** Issue 25: what an administrator may grant through a group, and which groups and people they reach. */
describe('permissions held for granting', () => {
  it('a SuperAdmin and a TrustAdmin hold every permission; a SiteAdmin users and groups besides their own', () => {
    expect(permissionsHeld({ roles: ['SuperAdmin'], permissions: [] })).toEqual([...PERMISSIONS]);
    expect(permissionsHeld({ roles: ['TrustAdmin'], permissions: [] })).toEqual([...PERMISSIONS]);
    expect(permissionsHeld({ roles: ['SiteAdmin'], permissions: ['qa'] })).toEqual(['users', 'groups', 'qa']);
    expect(permissionsHeld({ roles: ['Secretary'], permissions: ['groups', 'dictation.view'] })).toEqual(['dictation.view', 'groups']);
  });

  it('names what is not held, in the order of spec §6', () => {
    expect(notHeld({ roles: ['Secretary'], permissions: ['groups'] }, ['qa', 'groups', 'dictation.upload'])).toEqual([
      'dictation.upload',
      'qa',
    ]);
    expect(notHeld({ roles: ['TrustAdmin'], permissions: [] }, ['qa'])).toEqual([]);
  });
});

describe('reach', () => {
  it('a SiteAdmin reaches only their own site’s groups, not the trust-wide ones; others their trust’s', () => {
    const site = { trustId: 1, siteId: 10 };
    expect(reachesGroup(site, { trustId: 1, siteId: 10 })).toBe(true);
    expect(reachesGroup(site, { trustId: 1, siteId: 11 })).toBe(false);
    expect(reachesGroup(site, { trustId: 1, siteId: null })).toBe(false);
    expect(reachesGroup({ trustId: 1, siteId: 'any' }, { trustId: 1, siteId: null })).toBe(true);
    expect(reachesGroup({ trustId: 1, siteId: 'any' }, { trustId: 2, siteId: null })).toBe(false);
    expect(reachesGroup({ trustId: 'any', siteId: 'any' }, { trustId: 2, siteId: 20 })).toBe(true);
  });

  it('people: of the trust, and of the site for a SiteAdmin', () => {
    expect(reachesPerson({ trustId: 1, siteId: 10 }, { trustId: 1, siteId: 11 })).toBe(false);
    expect(reachesPerson({ trustId: 1, siteId: 'any' }, { trustId: 1, siteId: 11 })).toBe(true);
    expect(reachesPerson({ trustId: 1, siteId: 'any' }, { trustId: 2, siteId: 20 })).toBe(false);
  });
});
