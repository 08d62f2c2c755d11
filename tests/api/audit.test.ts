// On PostgreSQL too: the cursors carry the database clock's microseconds and bigint ids (text from node-postgres), and a SiteAdmin's page is read by whichever reading the planner makes cheap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { auditEndpoints } from '../../src/domain/contract/endpoints/audit';
import { AUDIT_COUNT_CAP, auditListAnswerSchema, type AuditPage } from '../../src/domain/contract';
import { auditLog, users } from '../../server/db/schema';
import type { Db } from '../../server/db/client';
import { startTestApp, type TestApp } from './harness';
import { AUTHOR, FOREIGN, MANAGER, OTHER_AUTHOR, SECRETARY, SUPERADMIN, makeDictation, type Made } from './worklist-fixtures';

/**
 * Issue 25, the audit viewer: GET /api/audit, /api/audit/actions and /api/audit/export.csv. Who may read
 * which part of which trust's log (a matrix over every endpoint of the area × role × own trust, another
 * site, another trust), the filters, keyset paging, and that opening the viewer is itself audited.
 */
let t: TestApp;
const TRUSTADMIN = 'trustadmin@wardnote.test';
const SITEADMIN = 'siteadmin@wardnote.test';
const OTHER_MANAGER = 'other.manager@wardnote.test';
const ROLES = [SUPERADMIN, TRUSTADMIN, SITEADMIN, MANAGER, SECRETARY, AUTHOR, OTHER_MANAGER] as const;
type Who = (typeof ROLES)[number];
const tokens = {} as Record<Who, string>;

interface Home {
  id: number;
  trustId: number;
  siteId: number;
}
const home = {} as Record<string, Home>;
/** A dictation of the demo trust's general site (the SiteAdmin's), of its community site, and of the other trust. */
let ownSite: Made;
let otherSite: Made;
let otherTrust: Made;

async function homeOf(db: Db, email: string): Promise<Home> {
  const [u] = await db.select().from(users).where(eq(users.email, email));
  return { id: u!.id, trustId: u!.trustId, siteId: u!.siteId };
}

/** Rows as server/lib/audit.ts writes them, at chosen times. */
async function write(
  rows: { trustId: number; userId?: number | null; action: string; entityType?: string; entityId?: string | number; at: Date }[],
) {
  await t.db.insert(auditLog).values(
    rows.map((r) => ({
      trustId: r.trustId,
      userId: r.userId ?? null,
      action: r.action,
      entityType: r.entityType,
      entityId: r.entityId === undefined ? undefined : String(r.entityId),
      createdAt: r.at,
    })),
  );
}

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await startTestApp();
  for (const who of ROLES) tokens[who] = await t.login(who);
  for (const email of [...ROLES, OTHER_AUTHOR, FOREIGN]) home[email] = await homeOf(t.db, email);
  ownSite = await makeDictation(t.db, { author: AUTHOR, status: 'READY_FOR_TYPING' });
  otherSite = await makeDictation(t.db, { author: OTHER_AUTHOR, status: 'READY_FOR_TYPING' });
  otherTrust = await makeDictation(t.db, { author: FOREIGN, status: 'READY_FOR_TYPING' });
  const demo = home[AUTHOR]!.trustId;
  const other = home[FOREIGN]!.trustId;
  await write([
    // A dictation of the general site: created by its author, typed by a typist of the other site.
    {
      trustId: demo,
      userId: home[AUTHOR]!.id,
      action: 'test.created',
      entityType: 'dictation',
      entityId: ownSite.id,
      at: at('2030-06-01T09:00:00Z'),
    },
    {
      trustId: demo,
      userId: home[OTHER_AUTHOR]!.id,
      action: 'test.typed',
      entityType: 'dictation',
      entityId: ownSite.id,
      at: at('2030-06-01T10:00:00Z'),
    },
    // The community site's work, by its own author.
    {
      trustId: demo,
      userId: home[OTHER_AUTHOR]!.id,
      action: 'test.created',
      entityType: 'dictation',
      entityId: otherSite.id,
      at: at('2030-06-02T09:00:00Z'),
    },
    // Someone of the community site changed the general site's author's account.
    {
      trustId: demo,
      userId: home[OTHER_AUTHOR]!.id,
      action: 'test.user_changed',
      entityType: 'user',
      entityId: home[AUTHOR]!.id,
      at: at('2030-06-03T09:00:00Z'),
    },
    // Days in the trust's time zone (Europe/London, summer time): 23:30 on the 10th and 00:30 on the 11th.
    { trustId: demo, userId: home[AUTHOR]!.id, action: 'test.late', at: at('2030-06-10T22:30:00Z') },
    { trustId: demo, userId: home[AUTHOR]!.id, action: 'test.early', at: at('2030-06-10T23:30:00Z') },
    // The other trust's own log.
    {
      trustId: other,
      userId: home[FOREIGN]!.id,
      action: 'test.created',
      entityType: 'dictation',
      entityId: otherTrust.id,
      at: at('2030-06-01T09:00:00Z'),
    },
  ]);
});
afterAll(() => t.close());

const get = (who: Who, url: string) => t.call('GET', url, { token: tokens[who] });
const page = async (who: Who, query: string): Promise<AuditPage> => {
  const res = await get(who, `/api/audit${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return auditListAnswerSchema.parse(res.json()).data;
};
const actionsOf = (p: AuditPage) => p.data.map((e) => e.action);

describe('authorization: every audit endpoint × role × own trust, another site, another trust', () => {
  type Target = 'own' | 'otherSiteUser' | 'otherSiteDictation' | 'otherTrust' | 'otherTrustUser' | 'otherTrustDictation';
  const TARGETS: Record<Target, () => string> = {
    own: () => '',
    otherSiteUser: () => `user_id=${home[OTHER_AUTHOR]!.id}`,
    otherSiteDictation: () => `reference=${otherSite.reference}`,
    otherTrust: () => `trust_id=${home[FOREIGN]!.trustId}`,
    otherTrustUser: () => `user_id=${home[FOREIGN]!.id}`,
    otherTrustDictation: () => `reference=${otherTrust.reference}`,
  };
  const NOT_ADMINS = {
    own: 403,
    otherSiteUser: 403,
    otherSiteDictation: 403,
    otherTrust: 403,
    otherTrustUser: 403,
    otherTrustDictation: 403,
  };
  /** What each role gets; the same for the list, the actions (which read trust_id only) and the export. */
  const EXPECTED: Record<Who, Record<Target, number>> = {
    // SuperAdmin: any trust (trust_id), anyone; a reference is looked up in the trust asked for (their own by default).
    [SUPERADMIN]: { own: 200, otherSiteUser: 200, otherSiteDictation: 200, otherTrust: 200, otherTrustUser: 200, otherTrustDictation: 404 },
    [TRUSTADMIN]: { own: 200, otherSiteUser: 200, otherSiteDictation: 200, otherTrust: 404, otherTrustUser: 404, otherTrustDictation: 404 },
    [SITEADMIN]: { own: 200, otherSiteUser: 404, otherSiteDictation: 404, otherTrust: 404, otherTrustUser: 404, otherTrustDictation: 404 },
    [MANAGER]: NOT_ADMINS,
    [SECRETARY]: NOT_ADMINS,
    [AUTHOR]: NOT_ADMINS,
    [OTHER_MANAGER]: NOT_ADMINS,
  };
  const ENDPOINTS: Record<keyof typeof auditEndpoints, { path: string; readsOnlyTrust?: boolean }> = {
    auditList: { path: '/api/audit' },
    auditActions: { path: '/api/audit/actions', readsOnlyTrust: true },
    auditExport: { path: '/api/audit/export.csv' },
  };

  it('has rows for every endpoint of the area (a new endpoint fails here until it has its rows)', () => {
    expect(Object.keys(ENDPOINTS).sort()).toEqual(Object.keys(auditEndpoints).sort());
    for (const [name, e] of Object.entries(ENDPOINTS)) expect(auditEndpoints[name as keyof typeof auditEndpoints].path).toBe(e.path);
  });

  for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
    for (const who of ROLES) {
      it(`${name} as ${who}`, async () => {
        for (const [target, query] of Object.entries(TARGETS) as [Target, () => string][]) {
          let expected = EXPECTED[who][target];
          // The actions list takes only trust_id: a user or reference target is the caller's own trust.
          if (endpoint.readsOnlyTrust && target !== 'otherTrust' && expected !== 403) expected = 200;
          const q = endpoint.readsOnlyTrust && target !== 'otherTrust' && target !== 'own' ? '' : query();
          const res = await get(who, `${endpoint.path}${q ? `?${q}` : ''}`);
          expect(res.statusCode, `${name} ${target} as ${who}: ${res.body.slice(0, 200)}`).toBe(expected);
        }
      });
    }
  }

  it('without a session: 401', async () => {
    for (const path of Object.values(ENDPOINTS).map((e) => e.path)) expect((await t.call('GET', path)).statusCode).toBe(401);
  });
});

describe('what each administrator sees', () => {
  it('a TrustAdmin sees their trust’s entries, never another trust’s, with who did it and the dictation’s reference', async () => {
    const p = await page(TRUSTADMIN, `?from=2030-06-01&to=2030-06-30&paginate=100`);
    expect(actionsOf(p)).toEqual(['test.early', 'test.late', 'test.user_changed', 'test.created', 'test.typed', 'test.created']);
    const typed = p.data.find((e) => e.action === 'test.typed')!;
    expect(typed).toMatchObject({
      entity_type: 'dictation',
      entity_id: String(ownSite.id),
      dictation_reference: ownSite.reference,
      user: { id: home[OTHER_AUTHOR]!.id, full_name: 'Hannah Price' },
    });
    expect(p.data.some((e) => e.dictation_reference === otherTrust.reference)).toBe(false);
  });

  it('a SiteAdmin sees what their site’s people did, and their site’s dictations’ whole trails; not the other site’s work', async () => {
    const answer = auditListAnswerSchema.parse((await get(SITEADMIN, '/api/audit?from=2030-06-01&to=2030-06-30')).json());
    expect(answer.scope).toBe('site');
    // By the general site's author (created, late, early); not what the other site's person did, even to the author's account.
    expect(actionsOf(answer.data)).toEqual(['test.early', 'test.late', 'test.created']);
    expect(answer.data.total).toBe(3);
    // Page by page (the trust's newest rows looked through first, then the site's people one by one): the same entries.
    const walked: number[] = [];
    let next: string | null = '/api/audit?from=2030-06-01&to=2030-06-30&paginate=1';
    while (next) {
      const p: AuditPage = await page(SITEADMIN, next.replace('/api/audit', ''));
      walked.push(...p.data.map((e) => e.id));
      next = p.next_page_url;
    }
    expect(walked).toEqual(answer.data.data.map((e) => e.id));
    // A dictation of their site: its whole trail, whoever did it.
    const trail = await page(SITEADMIN, `?reference=${ownSite.reference}`);
    expect(actionsOf(trail)).toEqual(['test.typed', 'test.created']);
    // With an action filter, the same reach.
    expect(actionsOf(await page(SITEADMIN, '?action=test.created&from=2030-06-01&to=2030-06-30'))).toEqual(['test.created']);
    expect(actionsOf(await page(SITEADMIN, '?action=test.user_changed'))).toEqual([]);
    expect(actionsOf(await page(SITEADMIN, '?action=test.typed'))).toEqual([]);
  });

  it('a SuperAdmin reads another trust’s log by trust_id, and is told whose it is', async () => {
    const res = await get(SUPERADMIN, `/api/audit?trust_id=${home[FOREIGN]!.trustId}&from=2030-06-01&to=2030-06-30`);
    const answer = auditListAnswerSchema.parse(res.json());
    expect(answer.trust).toEqual({ id: home[FOREIGN]!.trustId, name: 'Other NHS Trust', timezone: 'Europe/London' });
    expect(answer.scope).toBe('trust');
    expect(answer.data.data.map((e) => e.dictation_reference)).toEqual([otherTrust.reference]);
    const trail = await page(SUPERADMIN, `?trust_id=${home[FOREIGN]!.trustId}&reference=${otherTrust.reference}`);
    expect(actionsOf(trail)).toEqual(['test.created']);
    expect((await get(SUPERADMIN, '/api/audit?trust_id=999999')).statusCode).toBe(404);
  });
});

describe('filters', () => {
  it('by user: the entries that user made', async () => {
    const p = await page(TRUSTADMIN, `?user_id=${home[OTHER_AUTHOR]!.id}&from=2030-06-01&to=2030-06-30`);
    expect(actionsOf(p)).toEqual(['test.user_changed', 'test.created', 'test.typed']);
    expect(p.data.every((e) => e.user?.id === home[OTHER_AUTHOR]!.id)).toBe(true);
  });

  it('by dictation reference: that dictation’s trail, whoever did it', async () => {
    const p = await page(TRUSTADMIN, `?reference=${ownSite.reference}`);
    expect(actionsOf(p)).toEqual(['test.typed', 'test.created']);
    expect(p.data.every((e) => e.dictation_reference === ownSite.reference)).toBe(true);
  });

  it('by action, and by days in the trust’s time zone (a day runs from its midnight in Europe/London)', async () => {
    expect(actionsOf(await page(TRUSTADMIN, '?action=test.created'))).toEqual(['test.created', 'test.created']);
    expect(actionsOf(await page(TRUSTADMIN, '?from=2030-06-11&to=2030-06-11'))).toEqual(['test.early']);
    expect(actionsOf(await page(TRUSTADMIN, '?from=2030-06-10&to=2030-06-10'))).toEqual(['test.late']);
    expect(
      actionsOf(await page(TRUSTADMIN, `?from=2030-06-02&to=2030-06-03&user_id=${home[OTHER_AUTHOR]!.id}&action=test.created`)),
    ).toEqual(['test.created']);
  });

  it('GET /api/audit/actions lists the trust’s actions once each, in order; another trust’s stay out', async () => {
    await write([{ trustId: home[FOREIGN]!.trustId, action: 'test.only_other_trust', at: at('2030-06-05T09:00:00Z') }]);
    const res = await get(TRUSTADMIN, '/api/audit/actions');
    const actions = res.json().data as string[];
    expect(actions).toEqual(expect.arrayContaining(['test.created', 'test.typed', 'test.user_changed']));
    expect(actions).toEqual([...actions].sort());
    expect(new Set(actions).size).toBe(actions.length);
    expect(actions).not.toContain('test.only_other_trust');
    const theirs = (await get(SUPERADMIN, `/api/audit/actions?trust_id=${home[FOREIGN]!.trustId}`)).json().data;
    expect(theirs).toContain('test.only_other_trust');
  });

  it('refuses in words, by field: dates out of order, not a date, an unknown reference, a broken cursor', async () => {
    const order = await get(TRUSTADMIN, '/api/audit?from=2030-06-11&to=2030-06-10');
    expect(order.statusCode).toBe(422);
    expect(order.json().errors.to).toEqual(['The end date must be on or after the start date.']);
    const notDate = await get(TRUSTADMIN, '/api/audit?from=2030-02-30');
    expect(notDate.statusCode).toBe(422);
    expect(notDate.json().errors.from).toEqual(['Enter a date as day, month and year.']);
    const unknown = await get(TRUSTADMIN, '/api/audit?reference=999999999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      code: 'audit_reference_unknown',
      message: 'No dictation with this reference was found.',
      errors: { reference: ['No dictation with this reference was found.'] },
    });
    const cursor = await get(TRUSTADMIN, '/api/audit?before=abc');
    expect(cursor.statusCode).toBe(422);
    expect(cursor.json().errors.before).toBeDefined();
    // Blank fields are no filter at all (an emptied form field).
    expect((await get(TRUSTADMIN, '/api/audit?user_id=&reference=&action=&from=&to=')).statusCode).toBe(200);
  });
});

describe('paging: newest first, by cursor, in the Laravel envelope', () => {
  const ACTION = 'test.paging';
  beforeAll(async () => {
    const trustId = home[AUTHOR]!.trustId;
    // Seven entries; two share one instant (a transaction's now()): the id orders them.
    await write(
      ['01', '02', '03', '04', '04', '05', '06'].map((d) => ({
        trustId,
        userId: home[AUTHOR]!.id,
        action: ACTION,
        at: at(`2031-01-${d}T12:00:00Z`),
      })),
    );
  });

  it('walks every entry once by next_page_url, back by prev_page_url; a page past the end is empty but counted', async () => {
    const all = await page(TRUSTADMIN, `?action=${ACTION}&paginate=100`);
    expect(all.total).toBe(7);
    const ids = all.data.map((e) => e.id);
    expect(all.data.map((e) => e.created_at)).toEqual([...all.data.map((e) => e.created_at)].sort().reverse());

    const first = await page(TRUSTADMIN, `?action=${ACTION}&paginate=3`);
    expect(first).toMatchObject({ current_page: 1, last_page: 3, per_page: 3, total: 7, total_capped: false, prev_page_url: null });
    const second = await page(TRUSTADMIN, first.next_page_url!.replace('/api/audit', ''));
    const third = await page(TRUSTADMIN, second.next_page_url!.replace('/api/audit', ''));
    expect([first, second, third].map((p) => p.current_page)).toEqual([1, 2, 3]);
    expect([...first.data, ...second.data, ...third.data].map((e) => e.id)).toEqual(ids);
    expect(third.next_page_url).toBeNull();
    expect(third.next_cursor).toBeNull();

    const back = await page(TRUSTADMIN, third.prev_page_url!.replace('/api/audit', ''));
    expect(back.current_page).toBe(2);
    expect(back.data.map((e) => e.id)).toEqual(second.data.map((e) => e.id));
    const backAgain = await page(TRUSTADMIN, back.prev_page_url!.replace('/api/audit', ''));
    expect(backAgain.data.map((e) => e.id)).toEqual(first.data.map((e) => e.id));
    expect(backAgain.prev_page_url).toBeNull();

    // By page number, counted from the newest: the same pages.
    expect((await page(TRUSTADMIN, `?action=${ACTION}&paginate=3&page=2`)).data.map((e) => e.id)).toEqual(second.data.map((e) => e.id));
    const past = await page(TRUSTADMIN, `?action=${ACTION}&paginate=3&page=9`);
    expect(past).toMatchObject({ data: [], current_page: 9, last_page: 3, total: 7, next_page_url: null });
    expect(past.prev_page_url).toContain('page=3');
    // The last page by cursor holds the oldest entry and leads nowhere.
    const six = await page(TRUSTADMIN, `?action=${ACTION}&paginate=6`);
    const tail = await page(TRUSTADMIN, `?action=${ACTION}&paginate=6&page=2&before=${six.next_cursor}`);
    expect(tail.data.map((e) => e.id)).toEqual([ids[6]]);
    expect(tail).toMatchObject({ next_cursor: null, next_page_url: null });
  });

  it(`totals stop counting at ${AUDIT_COUNT_CAP.toLocaleString('en-GB')}: page numbers go that far, cursors further`, async () => {
    const many = 'test.many';
    await t.db.execute(
      sql`INSERT INTO audit_log (trust_id, action, created_at)
        SELECT ${home[AUTHOR]!.trustId}, ${many}, timestamptz '2031-06-01T00:00:00Z' - g * interval '1 minute' FROM generate_series(1, ${AUDIT_COUNT_CAP + 30}) g`,
    );
    const first = await page(TRUSTADMIN, `?action=${many}&paginate=100`);
    expect(first).toMatchObject({ total: AUDIT_COUNT_CAP, total_capped: true, last_page: AUDIT_COUNT_CAP / 100 });
    // The last numbered page, then past it: empty, "previous" the last page; the cursor goes on to the rest.
    const last = await page(TRUSTADMIN, `?action=${many}&paginate=100&page=${AUDIT_COUNT_CAP / 100}`);
    expect(last.data).toHaveLength(100);
    const past = await page(TRUSTADMIN, `?action=${many}&paginate=100&page=${AUDIT_COUNT_CAP / 100 + 1}`);
    expect(past).toMatchObject({ data: [], next_page_url: null });
    expect(past.prev_page_url).toContain(`page=${AUDIT_COUNT_CAP / 100}`);
    const rest = await page(TRUSTADMIN, last.next_page_url!.replace('/api/audit', ''));
    expect(rest.data).toHaveLength(30);
    expect(rest).toMatchObject({ current_page: AUDIT_COUNT_CAP / 100 + 1, next_page_url: null, total_capped: true });
  });

  it('new entries arriving meanwhile do not shift a cursor page', async () => {
    const first = await page(TRUSTADMIN, `?action=${ACTION}&paginate=3`);
    await write([{ trustId: home[AUTHOR]!.trustId, action: ACTION, at: at('2031-01-07T12:00:00Z') }]);
    const second = await page(TRUSTADMIN, first.next_page_url!.replace('/api/audit', ''));
    const ids = (await page(TRUSTADMIN, `?action=${ACTION}&paginate=100`)).data.map((e) => e.id);
    expect(second.data.map((e) => e.id)).toEqual(ids.slice(4, 7));
  });
});

describe('opening the viewer is itself audited', () => {
  it('a first page writes audit.viewed with the filter; pages by cursor do not; exporting writes audit.exported', async () => {
    const viewed = () =>
      t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.userId, home[SITEADMIN]!.id), eq(auditLog.action, 'audit.viewed')));
    const before = (await viewed()).length;
    const first = await page(SITEADMIN, `?reference=${ownSite.reference}&paginate=1`);
    const rows = await viewed();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({
      trustId: home[SITEADMIN]!.trustId,
      entityType: 'trust',
      entityId: String(home[SITEADMIN]!.trustId),
      details: { dictation_id: ownSite.id, reference: ownSite.reference },
    });
    expect(rows.at(-1)!.ip).toBeTruthy();
    await page(SITEADMIN, first.next_page_url!.replace('/api/audit', ''));
    expect(await viewed()).toHaveLength(before + 1);
    // The viewer sees its own opening.
    expect(actionsOf(await page(SITEADMIN, '?action=audit.viewed'))).toContain('audit.viewed');

    const exported = await get(TRUSTADMIN, '/api/audit/export.csv?action=test.created');
    expect(exported.statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, home[TRUSTADMIN]!.id), eq(auditLog.action, 'audit.exported')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({ entityType: 'trust', details: { action: 'test.created', max_rows: 100000 } });
  });
});
