import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites, users } from '../../server/db/schema';
import { adminTrustsEndpoints } from '../../src/domain/contract/endpoints/admin-trusts';
import { AUTHOR, MANAGER, SECRETARY, SITEADMIN, SUPERADMIN, TRUSTADMIN, trustIds, unique } from './admin-structure-fixtures';
import { startTestApp, type TestApp } from './harness';

/**
 * Issue 25, trusts and sites: who may call each endpoint, table-driven. Every endpoint of the area ×
 * each demo role × an object of their own site, of another site of their trust, and of another trust.
 * Not allowed by the endpoint's rule: 403; allowed but out of reach (another trust; for a SiteAdmin,
 * another site): 404; otherwise it works. A new endpoint without its row fails the first test.
 */

type Actor = 'SuperAdmin' | 'TrustAdmin' | 'SiteAdmin' | 'Manager' | 'Author' | 'Secretary';
type Target = 'own site' | 'other site' | 'other trust';
const TARGETS: Target[] = ['own site', 'other site', 'other trust'];

const EMAIL: Record<Actor, string> = {
  SuperAdmin: SUPERADMIN,
  TrustAdmin: TRUSTADMIN,
  SiteAdmin: SITEADMIN,
  Manager: MANAGER,
  Author: AUTHOR,
  Secretary: SECRETARY,
};
const ACTORS = Object.keys(EMAIL) as Actor[];

type Name = keyof typeof adminTrustsEndpoints;

/** Who the endpoint's rule lets in (spec §2 and issue 25), written out rather than read from RULES. */
const TRUST_ADMINS: Actor[] = ['SuperAdmin', 'TrustAdmin'];
const WITH_SITE_ADMIN: Actor[] = [...TRUST_ADMINS, 'SiteAdmin'];
const ALLOWED: Record<Name, Actor[]> = {
  trustsList: TRUST_ADMINS,
  trustGet: WITH_SITE_ADMIN,
  trustCreate: ['SuperAdmin'],
  trustUpdate: TRUST_ADMINS,
  trustEnginesGet: TRUST_ADMINS,
  trustEnginesUpdate: TRUST_ADMINS,
  trustLetterheadGet: TRUST_ADMINS,
  trustLetterheadUpdate: TRUST_ADMINS,
  trustLetterheadPreview: TRUST_ADMINS,
  sitesList: WITH_SITE_ADMIN,
  siteGet: WITH_SITE_ADMIN,
  siteCreate: TRUST_ADMINS,
  siteUpdate: WITH_SITE_ADMIN,
};

const SUCCESS: Record<Name, number> = {
  trustsList: 200,
  trustGet: 200,
  trustCreate: 201,
  trustUpdate: 200,
  trustEnginesGet: 200,
  trustEnginesUpdate: 200,
  trustLetterheadGet: 200,
  trustLetterheadUpdate: 200,
  trustLetterheadPreview: 200,
  sitesList: 200,
  siteGet: 200,
  siteCreate: 201,
  siteUpdate: 200,
};

/** Endpoints about one site (the rest are about a trust, or none). */
const SITE_BOUND: Name[] = ['siteGet', 'siteUpdate'];
/** Endpoints about no existing object: the list of one's reach, a new trust. */
const NO_OBJECT: Name[] = ['trustsList', 'trustCreate'];

let t: TestApp;
const tokens = {} as Record<Actor, string>;
let trusts: { ours: number; theirs: number };
const siteOf = {} as Record<Target, number>;

beforeAll(async () => {
  t = await startTestApp();
  trusts = await trustIds(t.db);
  for (const actor of ACTORS) tokens[actor] = await t.login(EMAIL[actor]);
  // Every demo actor belongs to Demo General Hospital.
  const [me] = await t.db.select({ siteId: users.siteId }).from(users).where(eq(users.email, SITEADMIN));
  const all = await t.db.select().from(sites);
  siteOf['own site'] = me!.siteId;
  siteOf['other site'] = all.find((s) => s.trustId === trusts.ours && s.id !== me!.siteId)!.id;
  siteOf['other trust'] = all.find((s) => s.trustId === trusts.theirs)!.id;
}, 60_000);
afterAll(() => t?.close());

const LETTERHEAD = {
  address_lines: ['1 Test Road'],
  telephone: null,
  email: null,
  website: null,
  footer: 'Test footer',
  logo_png_base64: null,
};

function request(name: Name, target: Target): { method: 'GET' | 'POST' | 'PATCH' | 'PUT'; url: string; body?: unknown } {
  const trustId = target === 'other trust' ? trusts.theirs : trusts.ours;
  const siteId = siteOf[target];
  switch (name) {
    case 'trustsList':
      return { method: 'GET', url: '/api/trusts' };
    case 'trustGet':
      return { method: 'GET', url: `/api/trusts/${trustId}` };
    case 'trustCreate':
      return { method: 'POST', url: '/api/trusts', body: { name: unique('Made Trust'), site: { name: 'First site' } } };
    case 'trustUpdate':
      return { method: 'PATCH', url: `/api/trusts/${trustId}`, body: { turnaround_days: 5 } };
    case 'trustEnginesGet':
      return { method: 'GET', url: `/api/trusts/${trustId}/engines` };
    case 'trustEnginesUpdate':
      return { method: 'PATCH', url: `/api/trusts/${trustId}/engines`, body: { drafting: { model: unique('model') } } };
    case 'trustLetterheadGet':
      return { method: 'GET', url: `/api/trusts/${trustId}/letterhead` };
    case 'trustLetterheadUpdate':
      return { method: 'PUT', url: `/api/trusts/${trustId}/letterhead`, body: LETTERHEAD };
    case 'trustLetterheadPreview':
      return { method: 'POST', url: `/api/trusts/${trustId}/letterhead/preview`, body: LETTERHEAD };
    case 'sitesList':
      return { method: 'GET', url: `/api/sites?trust_id=${trustId}` };
    case 'siteGet':
      return { method: 'GET', url: `/api/sites/${siteId}` };
    case 'siteCreate':
      return { method: 'POST', url: '/api/sites', body: { trust_id: trustId, name: unique('Made Site') } };
    case 'siteUpdate':
      return { method: 'PATCH', url: `/api/sites/${siteId}`, body: { address: unique('Road') } };
  }
}

function expected(name: Name, actor: Actor, target: Target): number {
  if (!ALLOWED[name].includes(actor)) return 403;
  if (NO_OBJECT.includes(name) || actor === 'SuperAdmin') return SUCCESS[name];
  if (target === 'other trust') return 404;
  if (actor === 'SiteAdmin' && target === 'other site' && SITE_BOUND.includes(name)) return 404;
  return SUCCESS[name];
}

describe('trusts and sites: who may call what', () => {
  it('has a row for every endpoint of the area, and nothing else', () => {
    expect(Object.keys(ALLOWED).sort()).toEqual(Object.keys(adminTrustsEndpoints).sort());
    expect(Object.keys(SUCCESS).sort()).toEqual(Object.keys(adminTrustsEndpoints).sort());
    for (const [name, e] of Object.entries(adminTrustsEndpoints))
      expect(e.path, name).toMatch(/^\/api\/(trusts|sites)(\/:id(\/[a-z/]+)?)?$/);
  });

  for (const name of Object.keys(ALLOWED) as Name[]) {
    it(`${name}: each role, on its own site, another site of its trust and another trust`, async () => {
      const got: string[] = [];
      const want: string[] = [];
      for (const actor of ACTORS) {
        for (const target of TARGETS) {
          const r = request(name, target);
          const res = await t.call(r.method, r.url, { token: tokens[actor], body: r.body });
          got.push(`${actor} ${target}: ${res.statusCode}`);
          want.push(`${actor} ${target}: ${expected(name, actor, target)}`);
          // A refusal of an object out of reach is the not-found one, naming nothing of it.
          if (res.statusCode === 404) expect(res.json().code).toBe('not_found');
        }
      }
      expect(got).toEqual(want);
    }, 60_000);
  }

  it('a TrustAdmin’s list holds their trust only; a SiteAdmin’s sites their own site only; no session is a 401', async () => {
    const list = await t.call('GET', '/api/trusts', { token: tokens.TrustAdmin });
    expect(list.json().data.data.map((x: { id: number }) => x.id)).toEqual([trusts.ours]);
    const mine = await t.call('GET', '/api/sites', { token: tokens.SiteAdmin });
    expect(mine.json().data.data.map((s: { id: number }) => s.id)).toEqual([siteOf['own site']]);
    expect((await t.call('GET', '/api/trusts')).statusCode).toBe(401);
  });
});
