import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUsersEndpoints } from '../../src/domain/contract/endpoints/admin-users';
import { accountEndpoints } from '../../src/domain/contract/endpoints/account';
import { startTestApp, type TestApp } from './harness';
import { addAccount } from './admin-structure-fixtures';
import {
  AUTHOR,
  makeUser,
  MANAGER,
  places,
  SECRETARY,
  SITEADMIN,
  SUPERADMIN,
  TRUSTADMIN,
  uniqueEmail,
  USERS_HOLDER,
  type Places,
} from './admin-users-fixtures';

/**
 * Issue 25, users: who may call each endpoint, table-driven. Every endpoint of the area (the admin
 * endpoints, and the list and one user, which the authors list shares) × each demo role and a holder of
 * the permission `users` × a user of the caller's own site, of another site of their trust, and of another
 * trust. Not allowed by the endpoint's rule: 403; allowed but out of reach (another trust; another site for
 * a SiteAdmin): 404; otherwise it works. A new endpoint without its row fails the first test.
 */

type Actor = 'SuperAdmin' | 'TrustAdmin' | 'SiteAdmin' | 'Manager' | 'Secretary' | 'Author' | 'users';
const EMAIL: Record<Actor, string> = {
  SuperAdmin: SUPERADMIN,
  TrustAdmin: TRUSTADMIN,
  SiteAdmin: SITEADMIN,
  Manager: MANAGER,
  Secretary: SECRETARY,
  Author: AUTHOR,
  users: USERS_HOLDER,
};
const ACTORS = Object.keys(EMAIL) as Actor[];
type Target = 'own site' | 'other site' | 'other trust';
const TARGETS: Target[] = ['own site', 'other site', 'other trust'];

const AREA = { users: accountEndpoints.users, userById: accountEndpoints.userById, ...adminUsersEndpoints };
type Name = keyof typeof AREA;

/** Who the endpoint's rule lets in (spec §2 /users and issue 25), written out rather than read from RULES. */
const ADMINS: Actor[] = ['SuperAdmin', 'TrustAdmin', 'SiteAdmin', 'users'];
const ALLOWED: Record<Name, Actor[]> = {
  // The list and one user are also the authors list of a Secretary or Manager (spec §6).
  users: [...ADMINS, 'Manager', 'Secretary'],
  userById: [...ADMINS, 'Manager', 'Secretary'],
  userCreate: ADMINS,
  userUpdate: ADMINS,
  userDeactivate: ADMINS,
  userInvite: ADMINS,
  userUnlock: ADMINS,
  userResetPin: ADMINS,
  userSignOutEverywhere: ADMINS,
  usersImport: ADMINS,
};
const SUCCESS: Record<Name, number> = {
  users: 200,
  userById: 200,
  userCreate: 201,
  userUpdate: 200,
  userDeactivate: 200,
  userInvite: 200,
  userUnlock: 200,
  userResetPin: 200,
  userSignOutEverywhere: 200,
  usersImport: 200,
};

let t: TestApp;
let p: Places;
const tokens = {} as Record<Actor, string>;

beforeAll(async () => {
  t = await startTestApp();
  await addAccount(t.db, { email: USERS_HOLDER, like: SECRETARY, roles: ['Secretary'], permissions: ['users'] });
  p = await places(t.db);
  for (const actor of ACTORS) tokens[actor] = await t.login(EMAIL[actor]);
}, 60_000);
afterAll(() => t?.close());

const siteOf = (target: Target) => (target === 'own site' ? p.site.own : target === 'other site' ? p.site.otherSite : p.site.otherTrust);
const trustOf = (target: Target) => (target === 'other trust' ? p.trust.theirs : p.trust.ours);

/** The call of each endpoint about a user at the target's site (made afresh: a deactivation always has someone to deactivate). */
async function request(name: Name, target: Target): Promise<{ method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; body?: unknown }> {
  const fresh = async (invited = false) => (await makeUser(t.db, { siteId: siteOf(target), invited })).id;
  switch (name) {
    case 'users':
      return { method: 'GET', url: `/api/users?trust_id=${trustOf(target)}&site_id=${siteOf(target)}` };
    case 'userById':
      return { method: 'GET', url: `/api/users/${await fresh()}` };
    case 'userCreate':
      return {
        method: 'POST',
        url: '/api/users',
        body: { first_name: 'New', last_name: 'Starter', email: uniqueEmail(), site_id: siteOf(target), roles: ['Author'] },
      };
    case 'userUpdate':
      return { method: 'PATCH', url: `/api/users/${await fresh()}`, body: { first_name: 'Renamed' } };
    case 'userDeactivate':
      return { method: 'DELETE', url: `/api/users/${await fresh()}` };
    case 'userInvite':
      return { method: 'POST', url: `/api/users/${await fresh(true)}/invite` };
    case 'userUnlock':
      return { method: 'POST', url: `/api/users/${await fresh()}/unlock` };
    case 'userResetPin':
      return { method: 'POST', url: `/api/users/${await fresh()}/reset-pin` };
    case 'userSignOutEverywhere':
      return { method: 'POST', url: `/api/users/${await fresh()}/sign-out-everywhere` };
    case 'usersImport': {
      const csv = `first_name,last_name,email,site,roles\nAnn,Lee,${uniqueEmail()},Demo General Hospital,Author\n`;
      return { method: 'POST', url: '/api/users/import', body: { csv, dry_run: true, trust_id: trustOf(target) } };
    }
  }
}

function expected(name: Name, actor: Actor, target: Target): number {
  if (!ALLOWED[name].includes(actor)) return 403;
  if (target === 'other trust' && actor !== 'SuperAdmin') return 404;
  // A SiteAdmin reaches their own site's users; the import is the trust's (each row's site is checked in the preview).
  if (target === 'other site' && actor === 'SiteAdmin' && name !== 'usersImport')
    // Placing a new user at another site is refused in words; another site's user does not exist for them.
    return name === 'userCreate' ? 403 : 404;
  return SUCCESS[name];
}

describe('users: who may call what', () => {
  it('has a row for every endpoint of the area, and nothing else', () => {
    expect(Object.keys(ALLOWED).sort()).toEqual(Object.keys(AREA).sort());
    for (const [name, e] of Object.entries(AREA)) expect(e.path, name).toMatch(/^\/api\/users(\/import|\/:id(\/[a-z-]+)?)?$/);
  });

  for (const name of Object.keys(ALLOWED) as Name[]) {
    it(`${name}: each role and the permission, on their own site, another site and another trust`, async () => {
      const got: string[] = [];
      const want: string[] = [];
      for (const actor of ACTORS) {
        for (const target of TARGETS) {
          const r = await request(name, target);
          const res = await t.call(r.method, r.url, { token: tokens[actor], body: r.body });
          got.push(`${actor} × ${target}: ${res.statusCode}`);
          want.push(`${actor} × ${target}: ${expected(name, actor, target)}`);
        }
      }
      expect(got).toEqual(want);
    }, 60_000);
  }
});
