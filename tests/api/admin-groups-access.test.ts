import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminGroupsEndpoints } from '../../src/domain/contract/endpoints/admin-groups';
import { startTestApp, type TestApp } from './harness';
import { AUTHOR, MANAGER, SECRETARY, SITEADMIN, SUPERADMIN, TRUSTADMIN } from './admin-structure-fixtures';
import {
  addGroupAccounts,
  GROUPS_FOREIGN_ADMIN,
  GROUPS_HOLDER,
  makeGroup,
  places,
  uniqueName,
  userId,
  type Places,
} from './admin-groups-fixtures';

/**
 * Issue 25, groups: who may call each endpoint, table-driven. Every endpoint of the area × each demo role, a
 * holder of the permission `groups` and another trust's TrustAdmin × a group of their own site, of another
 * site of their trust, and of another trust. Not allowed by the endpoint's rule: 403; allowed but beyond
 * their reach: 404 (a SuperAdmin reaches every trust; a SiteAdmin only their own site's groups); otherwise
 * it works. A new endpoint without its row fails the first test.
 */

type Actor = 'SuperAdmin' | 'TrustAdmin' | 'SiteAdmin' | 'Manager' | 'Secretary' | 'Author' | 'groups' | 'foreign TrustAdmin';
const EMAIL: Record<Actor, string> = {
  SuperAdmin: SUPERADMIN,
  TrustAdmin: TRUSTADMIN,
  SiteAdmin: SITEADMIN,
  Manager: MANAGER,
  Secretary: SECRETARY,
  Author: AUTHOR,
  groups: GROUPS_HOLDER,
  'foreign TrustAdmin': GROUPS_FOREIGN_ADMIN,
};
const ACTORS = Object.keys(EMAIL) as Actor[];

type Name = keyof typeof adminGroupsEndpoints;
type Where = 'own site' | 'other site' | 'other trust';

/** Who the rule lets in (spec §2 /groups, and issue 25's holders of `groups`), written out rather than read from RULES. */
const MANAGERS: Actor[] = ['SuperAdmin', 'TrustAdmin', 'SiteAdmin', 'groups', 'foreign TrustAdmin'];
const ALLOWED: Record<Name, Actor[]> = {
  groupsList: MANAGERS,
  groupGet: MANAGERS,
  groupCreate: MANAGERS,
  groupUpdate: MANAGERS,
  groupDelete: MANAGERS,
  groupCandidates: MANAGERS,
  groupMembersAdd: MANAGERS,
  groupMemberRemove: MANAGERS,
  permissionsList: MANAGERS,
};
const SUCCESS: Record<Name, number> = {
  groupsList: 200,
  groupGet: 200,
  groupCreate: 201,
  groupUpdate: 200,
  groupDelete: 200,
  groupCandidates: 200,
  groupMembersAdd: 200,
  groupMemberRemove: 200,
  permissionsList: 200,
};

let t: TestApp;
const tokens = {} as Record<Actor, string>;
let at: Places;
/** A person of each site, to add to (or remove from) a group of that site. */
let person: Record<keyof Places, number>;

beforeAll(async () => {
  t = await startTestApp();
  await addGroupAccounts(t.db);
  at = await places(t.db);
  person = {
    general: await userId(t.db, 'trainee@wardnote.test'),
    community: await userId(t.db, 'pin.author@wardnote.test'),
    other: await userId(t.db, 'other.secretary@wardnote.test'),
  };
  for (const actor of ACTORS) tokens[actor] = await t.login(EMAIL[actor]);
}, 180_000);
afterAll(() => t?.close());

/** The place of a group `where` is, seen from the actor: the foreign admin's own site is the other trust's. */
function placeOf(actor: Actor, where: Where): keyof Places {
  if (actor === 'foreign TrustAdmin') return where === 'own site' ? 'other' : 'general';
  return where === 'own site' ? 'general' : where === 'other site' ? 'community' : 'other';
}

/** The call of each endpoint on a group of that place (made afresh, so a deletion always has something to delete). */
async function request(
  name: Name,
  place: keyof Places,
): Promise<{ method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; body?: unknown }> {
  const p = at[place];
  const group = (members: number[] = []) => makeGroup(t.db, p, { members });
  switch (name) {
    case 'groupsList':
      return { method: 'GET', url: `/api/groups?trust_id=${p.trustId}&site_id=${p.siteId}` };
    case 'groupGet':
      return { method: 'GET', url: `/api/groups/${await group()}` };
    case 'groupCreate':
      return {
        method: 'POST',
        url: '/api/groups',
        body: { trust_id: p.trustId, name: uniqueName('Made'), site_id: p.siteId, permissions: ['groups'] },
      };
    case 'groupUpdate':
      return { method: 'PATCH', url: `/api/groups/${await group()}`, body: { name: uniqueName('Renamed') } };
    case 'groupDelete':
      return { method: 'DELETE', url: `/api/groups/${await group()}` };
    case 'groupCandidates':
      return { method: 'GET', url: `/api/groups/${await group()}/candidates?search=a` };
    case 'groupMembersAdd':
      return { method: 'POST', url: `/api/groups/${await group()}/members`, body: { user_ids: [person[place]] } };
    case 'groupMemberRemove':
      return { method: 'DELETE', url: `/api/groups/${await group([person[place]])}/members/${person[place]}` };
    case 'permissionsList':
      return { method: 'GET', url: '/api/permissions' };
  }
}

function expected(name: Name, actor: Actor, where: Where): number {
  if (!ALLOWED[name].includes(actor)) return 403;
  if (name === 'permissionsList') return SUCCESS[name];
  if (where === 'other trust' && actor !== 'SuperAdmin') return 404;
  if (where === 'other site' && actor === 'SiteAdmin') {
    // Their list is filtered to their own site (another site's groups are simply not in it); a group made for
    // another site is refused under the scope field; any other site's group does not exist for them.
    if (name === 'groupsList') return 200;
    if (name === 'groupCreate') return 422;
    return 404;
  }
  return SUCCESS[name];
}

const wheresOf = (actor: Actor): Where[] =>
  actor === 'foreign TrustAdmin' ? ['own site', 'other trust'] : ['own site', 'other site', 'other trust'];

describe('groups: who may call what', () => {
  it('has a row for every endpoint of the area, and nothing else', () => {
    expect(Object.keys(ALLOWED).sort()).toEqual(Object.keys(adminGroupsEndpoints).sort());
    expect(Object.keys(SUCCESS).sort()).toEqual(Object.keys(adminGroupsEndpoints).sort());
  });

  for (const name of Object.keys(ALLOWED) as Name[]) {
    it(`${name}: each role and the groups permission, on their own site, another site and another trust`, async () => {
      const got: string[] = [];
      const want: string[] = [];
      for (const actor of ACTORS) {
        for (const where of wheresOf(actor)) {
          const r = await request(name, placeOf(actor, where));
          const res = await t.call(r.method, r.url, { token: tokens[actor], body: r.body });
          got.push(`${actor} ${where}: ${res.statusCode}`);
          want.push(`${actor} ${where}: ${expected(name, actor, where)}`);
          // Beyond reach is the not-found answer, naming nothing of the group.
          if (res.statusCode === 404) expect(res.json().code).toBe('not_found');
        }
      }
      expect(got).toEqual(want);
    });
  }

  it('a SiteAdmin’s list holds only their site’s groups; without a token it is 401', async () => {
    await makeGroup(t.db, { trustId: at.general.trustId, siteId: null }, { name: 'Trust-wide for the list' });
    const list = (await t.call('GET', '/api/groups?paginate=200', { token: tokens.SiteAdmin })).json();
    expect(list.data.data.length).toBeGreaterThan(0);
    expect(list.data.data.every((g: { site: { id: number } | null }) => g.site?.id === at.general.siteId)).toBe(true);
    expect(list.sites).toEqual([{ id: at.general.siteId, name: 'Demo General Hospital' }]);
    expect((await t.call('GET', '/api/groups')).statusCode).toBe(401);
  });
});
