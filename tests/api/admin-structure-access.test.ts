import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminStructureEndpoints } from '../../src/domain/contract/endpoints/admin-structure';
import { startTestApp, type TestApp } from './harness';
import {
  addStructureAccounts,
  AUTHOR,
  FOREIGN_ADMIN,
  HOLDERS,
  makeDepartment,
  makeJobType,
  MANAGER,
  SECRETARY,
  SITEADMIN,
  SUPERADMIN,
  TRUSTADMIN,
  trustIds,
  unique,
  uniqueCode,
} from './admin-structure-fixtures';

/**
 * Issue 25, departments and job types: who may call each endpoint, table-driven. Every endpoint of the area ×
 * each demo role and each holder of a structure permission × an object of their own trust and one of the
 * other trust. Not allowed by the endpoint's rule: 403; allowed but another trust's object: 404 (a
 * SuperAdmin reaches every trust); otherwise it works. A new endpoint without its row fails the first test.
 */

type Actor =
  | 'SuperAdmin'
  | 'TrustAdmin'
  | 'SiteAdmin'
  | 'Manager'
  | 'Secretary'
  | 'Author'
  | 'departments'
  | 'jobtypes'
  | 'jobtypes.create'
  | 'jobtypes.edit'
  | 'foreign TrustAdmin';

const EMAIL: Record<Actor, string> = {
  SuperAdmin: SUPERADMIN,
  TrustAdmin: TRUSTADMIN,
  SiteAdmin: SITEADMIN,
  Manager: MANAGER,
  Secretary: SECRETARY,
  Author: AUTHOR,
  departments: HOLDERS.departments,
  jobtypes: HOLDERS.jobtypes,
  'jobtypes.create': HOLDERS['jobtypes.create'],
  'jobtypes.edit': HOLDERS['jobtypes.edit'],
  'foreign TrustAdmin': FOREIGN_ADMIN,
};
const ACTORS = Object.keys(EMAIL) as Actor[];

type Name = keyof typeof adminStructureEndpoints;

/** Who the endpoint's rule lets in (spec §2 and issue 25), written out rather than read from RULES. */
const ADMINS: Actor[] = ['SuperAdmin', 'TrustAdmin', 'foreign TrustAdmin'];
const ALLOWED: Record<Name, Actor[]> = {
  // The departments are read by whoever keeps them and by whoever makes or edits job types (their form picks one).
  departmentsList: [...ADMINS, 'departments', 'jobtypes', 'jobtypes.create', 'jobtypes.edit'],
  departmentGet: [...ADMINS, 'departments', 'jobtypes', 'jobtypes.create', 'jobtypes.edit'],
  departmentCreate: [...ADMINS, 'departments', 'jobtypes'],
  departmentUpdate: [...ADMINS, 'departments', 'jobtypes'],
  departmentDelete: [...ADMINS, 'departments', 'jobtypes'],
  jobTypesList: [...ADMINS, 'jobtypes'],
  jobTypeGet: [...ADMINS, 'jobtypes', 'jobtypes.edit'],
  jobTypeCreate: [...ADMINS, 'jobtypes.create'],
  jobTypeUpdate: [...ADMINS, 'jobtypes.edit'],
  jobTypeDelete: [...ADMINS, 'jobtypes.edit'],
};

const SUCCESS: Record<Name, number> = {
  departmentsList: 200,
  departmentGet: 200,
  departmentCreate: 201,
  departmentUpdate: 200,
  departmentDelete: 200,
  jobTypesList: 200,
  jobTypeGet: 200,
  jobTypeCreate: 201,
  jobTypeUpdate: 200,
  jobTypeDelete: 200,
};

let t: TestApp;
const tokens = {} as Record<Actor, string>;
let trusts: { ours: number; theirs: number };

beforeAll(async () => {
  t = await startTestApp();
  await addStructureAccounts(t.db);
  trusts = await trustIds(t.db);
  for (const actor of ACTORS) tokens[actor] = await t.login(EMAIL[actor]);
}, 60_000);
afterAll(() => t?.close());

/** The call of each endpoint on an object of `trustId` (made afresh, so a deletion always has something to delete). */
async function request(name: Name, trustId: number): Promise<{ method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; body?: unknown }> {
  switch (name) {
    case 'departmentsList':
      return { method: 'GET', url: `/api/departments?trust_id=${trustId}` };
    case 'departmentGet':
      return { method: 'GET', url: `/api/departments/${await makeDepartment(t.db, trustId)}` };
    case 'departmentCreate':
      return { method: 'POST', url: '/api/departments', body: { trust_id: trustId, name: unique('Made'), code: uniqueCode() } };
    case 'departmentUpdate':
      return { method: 'PATCH', url: `/api/departments/${await makeDepartment(t.db, trustId)}`, body: { name: unique('Renamed') } };
    case 'departmentDelete':
      return { method: 'DELETE', url: `/api/departments/${await makeDepartment(t.db, trustId)}` };
    case 'jobTypesList':
      return { method: 'GET', url: `/api/job-types?trust_id=${trustId}` };
    case 'jobTypeGet':
      return { method: 'GET', url: `/api/job-types/${await makeJobType(t.db, trustId)}` };
    case 'jobTypeCreate':
      return { method: 'POST', url: '/api/job-types', body: { trust_id: trustId, name: unique('Made'), recipient: ['gp'] } };
    case 'jobTypeUpdate':
      return { method: 'PATCH', url: `/api/job-types/${await makeJobType(t.db, trustId)}`, body: { name: unique('Renamed') } };
    case 'jobTypeDelete':
      return { method: 'DELETE', url: `/api/job-types/${await makeJobType(t.db, trustId)}` };
  }
}

const homeOf = (actor: Actor) => (actor === 'foreign TrustAdmin' ? 'theirs' : 'ours');

function expected(name: Name, actor: Actor, trust: 'own' | 'other'): number {
  if (!ALLOWED[name].includes(actor)) return 403;
  if (trust === 'other' && actor !== 'SuperAdmin') return 404;
  return SUCCESS[name];
}

describe('departments and job types: who may call what', () => {
  it('has a row for every endpoint of the area, and nothing else', () => {
    expect(Object.keys(ALLOWED).sort()).toEqual(Object.keys(adminStructureEndpoints).sort());
    // Every endpoint is reached by the address the table declares.
    for (const [name, e] of Object.entries(adminStructureEndpoints))
      expect(e.path, name).toMatch(/^\/api\/(departments|job-types)(\/:id)?$/);
  });

  for (const name of Object.keys(ALLOWED) as Name[]) {
    it(`${name}: each role and permission, on its own trust and on another`, async () => {
      const got: string[] = [];
      const want: string[] = [];
      for (const actor of ACTORS) {
        for (const trust of ['own', 'other'] as const) {
          const home = homeOf(actor);
          const trustId = trust === 'own' ? trusts[home] : trusts[home === 'ours' ? 'theirs' : 'ours'];
          const r = await request(name, trustId);
          const res = await t.call(r.method, r.url, { token: tokens[actor], body: r.body });
          got.push(`${actor} ${trust}: ${res.statusCode}`);
          want.push(`${actor} ${trust}: ${expected(name, actor, trust)}`);
          // A refusal of another trust's object is the not-found one, naming nothing of it.
          if (res.statusCode === 404) expect(res.json().code).toBe('not_found');
        }
      }
      expect(got).toEqual(want);
    });
  }

  it('a list without a trust is the caller’s own trust; a SiteAdmin is refused even their own', async () => {
    const mine = await t.call('GET', '/api/departments', { token: tokens.TrustAdmin });
    expect(mine.json().trust).toEqual({ id: trusts.ours, name: 'Demo NHS Foundation Trust' });
    const theirs = await t.call('GET', '/api/job-types', { token: tokens['foreign TrustAdmin'] });
    expect(theirs.json().trust).toEqual({ id: trusts.theirs, name: 'Other NHS Trust' });
    expect((await t.call('GET', '/api/departments', { token: tokens.SiteAdmin })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/departments')).statusCode).toBe(401);
  });
});
