import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalDelegations, sites, users } from '../../server/db/schema';
import { settingsEndpoints } from '../../src/domain/contract/endpoints/settings';
import { trustConfigEndpoints } from '../../src/domain/contract/endpoints/trust-config';
import { addAccount, AUTHOR, MANAGER, SECRETARY, SITEADMIN, SUPERADMIN, TRUSTADMIN, trustIds } from './admin-structure-fixtures';
import { startTestApp, type TestApp } from './harness';

/**
 * Issue 25, the settings a trust keeps: inherited settings (trust and site levels) and the trust configuration
 * page's distribution settings and standing delegations. Table-driven: every endpoint × each demo role × their
 * own site, another site of their trust and another trust. Not allowed by the endpoint's rule or the level's
 * keeper: 403; out of reach (another trust; a SiteAdmin's other site): 404; otherwise it works. A new endpoint of
 * either area without its row fails the first test. (A user's own level is tested in settings.test.ts.)
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

/** The settings endpoints, each at the trust's level and at a site's. */
type SettingsCase = `${keyof typeof settingsEndpoints}@${'trust' | 'site'}`;
type ConfigCase = keyof typeof trustConfigEndpoints;
type Case = SettingsCase | ConfigCase;

const TRUST_ADMINS: Actor[] = ['SuperAdmin', 'TrustAdmin'];
const WITH_SITE_ADMIN: Actor[] = [...TRUST_ADMINS, 'SiteAdmin'];
/** Who keeps each: a trust's level its administrators; a site's also its SiteAdmin; delegations a SiteAdmin too. */
const ALLOWED: Record<Case, Actor[]> = {
  'settingsGet@trust': TRUST_ADMINS,
  'settingPut@trust': TRUST_ADMINS,
  'settingDelete@trust': TRUST_ADMINS,
  'settingsGet@site': WITH_SITE_ADMIN,
  'settingPut@site': WITH_SITE_ADMIN,
  'settingDelete@site': WITH_SITE_ADMIN,
  trustDistributionGet: TRUST_ADMINS,
  trustDistributionUpdate: TRUST_ADMINS,
  trustDelegationsGet: WITH_SITE_ADMIN,
  trustDelegationsCreate: WITH_SITE_ADMIN,
  trustDelegationDelete: WITH_SITE_ADMIN,
};
const SUCCESS: Partial<Record<Case, number>> = { trustDelegationsCreate: 201 };
/** Cases about one site: a SiteAdmin reaches their own only. */
const SITE_BOUND: Case[] = ['settingsGet@site', 'settingPut@site', 'settingDelete@site'];
/**
 * Settings are open to every signed-in user (the service decides per level): someone who does not keep a level
 * of their own trust is refused (403), except a SiteAdmin at another site, which is not theirs to know (404).
 * The trust configuration endpoints' rules refuse before anything is read: 403 wherever the target is.
 */
const RULE_FIRST: Case[] = Object.keys(trustConfigEndpoints) as ConfigCase[];

let t: TestApp;
const tokens = {} as Record<Actor, string>;
let trusts: { ours: number; theirs: number };
const siteOf = {} as Record<Target, number>;
let n = 0;

beforeAll(async () => {
  t = await startTestApp();
  trusts = await trustIds(t.db);
  for (const actor of ACTORS) tokens[actor] = await t.login(EMAIL[actor]);
  const [me] = await t.db.select({ siteId: users.siteId }).from(users).where(eq(users.email, SITEADMIN));
  const all = await t.db.select().from(sites);
  siteOf['own site'] = me!.siteId;
  siteOf['other site'] = all.find((s) => s.trustId === trusts.ours && s.id !== me!.siteId)!.id;
  siteOf['other trust'] = all.find((s) => s.trustId === trusts.theirs)!.id;
}, 60_000);
afterAll(() => t?.close());

const idOf = async (email: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

/** A new standing delegation for the trust, to create or revoke (both need a pair no other case used). */
async function freshPair(trustId: number) {
  const like = trustId === trusts.ours ? SECRETARY : 'other.secretary@wardnote.test';
  const delegate = await addAccount(t.db, { email: `matrix.delegate-${++n}@wardnote.test`, like, roles: ['Secretary'] });
  const author = await idOf(trustId === trusts.ours ? AUTHOR : 'other.author@wardnote.test');
  return { delegate_id: delegate, author_id: author };
}

async function request(c: Case, target: Target): Promise<{ method: 'GET' | 'PUT' | 'POST' | 'DELETE'; url: string; body?: unknown }> {
  const trustId = target === 'other trust' ? trusts.theirs : trusts.ours;
  const [name, scope] = c.split('@') as [string, 'trust' | 'site' | undefined];
  const level = scope === 'site' ? `/api/settings/site/${siteOf[target]}` : `/api/settings/trust/${trustId}`;
  switch (name) {
    case 'settingsGet':
      return { method: 'GET', url: level };
    case 'settingPut':
      return { method: 'PUT', url: `${level}/auto_rewind_seconds`, body: { value: 2 } };
    case 'settingDelete':
      return { method: 'DELETE', url: `${level}/auto_rewind_seconds` };
    case 'trustDistributionGet':
      return { method: 'GET', url: `/api/trusts/${trustId}/distribution` };
    case 'trustDistributionUpdate':
      return {
        method: 'PUT',
        url: `/api/trusts/${trustId}/distribution`,
        body: { email_subject_tag: '', ods_code: '', stuck_letter_hours: null },
      };
    case 'trustDelegationsGet':
      return { method: 'GET', url: `/api/trusts/${trustId}/delegations` };
    case 'trustDelegationsCreate':
      return { method: 'POST', url: `/api/trusts/${trustId}/delegations`, body: await freshPair(trustId) };
    default: {
      const pair = await freshPair(trustId);
      const [row] = await t.db
        .insert(approvalDelegations)
        .values({ trustId, delegateId: pair.delegate_id, authorId: pair.author_id, setBy: await idOf(SUPERADMIN) })
        .returning({ id: approvalDelegations.id });
      return { method: 'DELETE', url: `/api/trusts/${trustId}/delegations/${row!.id}` };
    }
  }
}

function expected(c: Case, actor: Actor, target: Target): number {
  const ok = SUCCESS[c] ?? 200;
  const allowed = ALLOWED[c].includes(actor);
  if (actor === 'SuperAdmin') return ok;
  if (RULE_FIRST.includes(c) && !allowed) return 403;
  if (target === 'other trust') return 404;
  if (actor === 'SiteAdmin' && target === 'other site' && SITE_BOUND.includes(c)) return 404;
  return allowed ? ok : 403;
}

describe('inherited settings and the trust configuration: who may call what', () => {
  it('has a row for every endpoint of both areas, and nothing else', () => {
    const named = [...new Set(Object.keys(ALLOWED).map((c) => c.split('@')[0]!))].sort();
    expect(named).toEqual([...Object.keys(settingsEndpoints), ...Object.keys(trustConfigEndpoints)].sort());
  });

  for (const c of Object.keys(ALLOWED) as Case[]) {
    it(`${c}: each role, on its own site, another site of its trust and another trust`, async () => {
      const got: string[] = [];
      const want: string[] = [];
      for (const actor of ACTORS) {
        for (const target of TARGETS) {
          const r = await request(c, target);
          const res = await t.call(r.method, r.url, { token: tokens[actor], body: r.body });
          got.push(`${actor} ${target}: ${res.statusCode}`);
          want.push(`${actor} ${target}: ${expected(c, actor, target)}`);
          if (res.statusCode === 404) expect(res.json().code).toBe('not_found');
        }
      }
      expect(got).toEqual(want);
    }, 90_000);
  }
});
