import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { DEMO_GLOBAL_ARTICLES, DEMO_TRUST_ARTICLE, seedDemoKnowledge } from '../../server/db/demo-knowledge';
import { auditLog, knowledgeArticles, trusts, users } from '../../server/db/schema';
import { knowledgeBaseEndpoints } from '../../src/domain/contract/endpoints/knowledge-base';
import { executeRows } from '../../server/db/execute-rows';
import { startTestApp, type TestApp } from './harness';

/**
 * Issue 25, the knowledge base: GET (a page, searched in full text), GET /{id}, POST, PATCH /{id} and
 * DELETE /{id} of /api/knowledge-base. Readers: everyone signed in reads the global articles and their own
 * trust's (a SuperAdmin every trust's); another trust's is a 404. Writers: a SuperAdmin the global ones
 * and any trust's, a TrustAdmin only their own trust's (a global one: 403, another trust's: 404).
 */
let t: TestApp;

const SUPERADMIN = 'superadmin@wardnote.test';
const TRUSTADMIN = 'trustadmin@wardnote.test';
const SITEADMIN = 'siteadmin@wardnote.test';
const MANAGER = 'manager@wardnote.test';
const SECRETARY = 'secretary@wardnote.test';
const AUTHOR = 'author@wardnote.test';
/** An author of the demo trust's other site (its PIN verified below). */
const OTHER_SITE = 'pin.author@wardnote.test';
const OTHER_TRUST_AUTHOR = 'other.author@wardnote.test';
const OTHER_TRUST_MANAGER = 'other.manager@wardnote.test';
/** An external typist of the outsourcing pool: denied every route not of their work (outsourced-calls.ts). */
const OUTSOURCED = 'outsourced@wardnote.test';
const EVERYONE = [
  SUPERADMIN,
  TRUSTADMIN,
  SITEADMIN,
  MANAGER,
  SECRETARY,
  AUTHOR,
  OTHER_SITE,
  OTHER_TRUST_AUTHOR,
  OTHER_TRUST_MANAGER,
  OUTSOURCED,
];

const tokens: Record<string, string> = {};
const userIds: Record<string, number> = {};
let demoTrust = 0;
let otherTrust = 0;
/** The articles of the matrix: a global one, the demo trust's, the other trust's. */
const art = { global: 0, own: 0, other: 0 };

const call = (who: string | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  t.call(method, url, { token: who ? tokens[who] : undefined, body });
const list = async (who: string, query = '') => {
  const res = await call(who, 'GET', `/api/knowledge-base${query}`);
  expect(res.statusCode, `${who} GET /api/knowledge-base${query}: ${res.body}`).toBe(200);
  return res.json().data as { data: { id: number; title: string; excerpt: string; can_edit: boolean; trust: unknown }[]; total: number };
};
const make = async (trustId: number | null, title = `Article ${Math.random()}`) => {
  const res = await call(SUPERADMIN, 'POST', '/api/knowledge-base', { title, body: 'Some words about the ward.', trust_id: trustId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
};

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoKnowledge(t.db);
  for (const who of EVERYONE) tokens[who] = await t.login(who);
  expect((await call(OTHER_SITE, 'POST', '/api/pin/verify', { pin: '2468' })).statusCode).toBe(200);
  for (const u of await t.db.select({ id: users.id, email: users.email }).from(users)) userIds[u.email] = u.id;
  const trustRows = await t.db.select().from(trusts);
  demoTrust = trustRows.find((r) => r.name === 'Demo NHS Foundation Trust')!.id;
  otherTrust = trustRows.find((r) => r.name === 'Other NHS Trust')!.id;
  const rows = await t.db.select().from(knowledgeArticles);
  art.global = rows.find((r) => r.title === DEMO_GLOBAL_ARTICLES[1]!.title)!.id;
  art.own = rows.find((r) => r.trustId === demoTrust)!.id;
  art.other = await make(otherTrust, 'Other NHS Trust: who to call');
}, 120_000);
afterAll(() => t.close());

type Who = string;
type Kind = keyof typeof art;
type Expect = Record<Kind, number>;
const all = (status: number): Expect => ({ global: status, own: status, other: status });

/**
 * The matrix: for each endpoint of the area, each caller, the status for each article (global, the demo
 * trust's, the other trust's). The other trust's callers see "own" as another trust's and "other" as theirs.
 */
const READ: Record<Who, Expect> = {
  [SUPERADMIN]: all(200),
  [TRUSTADMIN]: { global: 200, own: 200, other: 404 },
  [SITEADMIN]: { global: 200, own: 200, other: 404 },
  [MANAGER]: { global: 200, own: 200, other: 404 },
  [SECRETARY]: { global: 200, own: 200, other: 404 },
  [AUTHOR]: { global: 200, own: 200, other: 404 },
  [OTHER_SITE]: { global: 200, own: 200, other: 404 },
  [OTHER_TRUST_AUTHOR]: { global: 200, own: 404, other: 200 },
  [OTHER_TRUST_MANAGER]: { global: 200, own: 404, other: 200 },
  // An external typist reads the global articles only: their trust's own are the trust's staff's.
  [OUTSOURCED]: { global: 200, own: 404, other: 404 },
};
/** Changing or deleting: only the writers (the rule answers 403 first for everyone else, whatever the article). */
const WRITE: Record<Who, Expect> = {
  [SUPERADMIN]: all(200),
  [TRUSTADMIN]: { global: 403, own: 200, other: 404 },
  [SITEADMIN]: all(403),
  [MANAGER]: all(403),
  [SECRETARY]: all(403),
  [AUTHOR]: all(403),
  [OTHER_SITE]: all(403),
  [OTHER_TRUST_AUTHOR]: all(403),
  [OTHER_TRUST_MANAGER]: all(403),
  [OUTSOURCED]: all(403),
};
/** Creating, by where it is for: left out (the caller's own trust), null (every trust), the other trust. */
const CREATE: Record<Who, { omitted: number; global: number; other: number }> = {
  [SUPERADMIN]: { omitted: 201, global: 201, other: 201 },
  [TRUSTADMIN]: { omitted: 201, global: 403, other: 404 },
  [SITEADMIN]: { omitted: 403, global: 403, other: 403 },
  [MANAGER]: { omitted: 403, global: 403, other: 403 },
  [SECRETARY]: { omitted: 403, global: 403, other: 403 },
  [AUTHOR]: { omitted: 403, global: 403, other: 403 },
  [OTHER_SITE]: { omitted: 403, global: 403, other: 403 },
  [OTHER_TRUST_AUTHOR]: { omitted: 403, global: 403, other: 403 },
  [OTHER_TRUST_MANAGER]: { omitted: 403, global: 403, other: 403 },
  [OUTSOURCED]: { omitted: 403, global: 403, other: 403 },
};

/** Every endpoint of the area has its rows here: a new endpoint without rows fails the first test. */
const MATRIX: Record<keyof typeof knowledgeBaseEndpoints, object> = {
  knowledgeBaseList: READ,
  knowledgeBaseArticle: READ,
  knowledgeBaseCreate: CREATE,
  knowledgeBaseUpdate: WRITE,
  knowledgeBaseDelete: WRITE,
};

describe('the authorization matrix: every endpoint × caller × global / own trust / other trust article', () => {
  it('covers every endpoint of the area and every caller', () => {
    expect(Object.keys(MATRIX).sort()).toEqual(Object.keys(knowledgeBaseEndpoints).sort());
    for (const rows of Object.values(MATRIX)) expect(Object.keys(rows).sort()).toEqual([...EVERYONE].sort());
  });

  it('nobody signed out reaches any of them (401)', async () => {
    for (const e of Object.values(knowledgeBaseEndpoints)) {
      const res = await t.call(e.method, e.path.replace(':id', String(art.global)), { body: e.method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${e.method} ${e.path}`).toBe(401);
    }
  });

  it('GET /api/knowledge-base lists exactly the articles each caller may read', async () => {
    for (const who of EVERYONE) {
      const res = await call(who, 'GET', '/api/knowledge-base?paginate=100');
      if (READ[who]!.global === 403) {
        expect(res.statusCode, who).toBe(403);
        continue;
      }
      const ids = (res.json().data.data as { id: number }[]).map((r) => r.id);
      for (const kind of ['global', 'own', 'other'] as const)
        expect(ids.includes(art[kind]), `${who} lists the ${kind} article`).toBe(READ[who]![kind] === 200);
    }
  });

  it('GET /api/knowledge-base/{id}', async () => {
    for (const who of EVERYONE)
      for (const kind of ['global', 'own', 'other'] as const) {
        const res = await call(who, 'GET', `/api/knowledge-base/${art[kind]}`);
        expect(res.statusCode, `${who} reads the ${kind} article`).toBe(READ[who]![kind]);
      }
    expect((await call(AUTHOR, 'GET', '/api/knowledge-base/999999')).statusCode).toBe(404);
  });

  it('POST /api/knowledge-base', async () => {
    for (const who of EVERYONE) {
      const cases = { omitted: {}, global: { trust_id: null }, other: { trust_id: otherTrust } };
      for (const [where, extra] of Object.entries(cases) as [keyof typeof cases, object][]) {
        const res = await call(who, 'POST', '/api/knowledge-base', { title: `By ${who} for ${where}`, body: 'Text.', ...extra });
        expect(res.statusCode, `${who} creates (${where}): ${res.body}`).toBe(CREATE[who]![where]);
        if (res.statusCode === 201) {
          const made = res.json().data;
          const expected = where === 'global' ? null : where === 'other' ? otherTrust : demoTrust;
          expect(made.trust?.id ?? null).toBe(expected);
        }
      }
    }
    // A trust that does not exist is not found, as another trust's.
    expect((await call(SUPERADMIN, 'POST', '/api/knowledge-base', { title: 'T', body: 'B', trust_id: 999999 })).statusCode).toBe(404);
    const refused = await call(TRUSTADMIN, 'POST', '/api/knowledge-base', { title: 'T', body: 'B', trust_id: null });
    expect(refused.json()).toMatchObject({
      code: 'knowledge_global_only',
      message: 'Only a SuperAdmin can write articles for every trust. The articles you write are for your own trust.',
    });
  });

  it('PATCH /api/knowledge-base/{id}', async () => {
    for (const who of EVERYONE)
      for (const kind of ['global', 'own', 'other'] as const) {
        const res = await call(who, 'PATCH', `/api/knowledge-base/${art[kind]}`, { tags: ['checked'] });
        expect(res.statusCode, `${who} changes the ${kind} article: ${res.body}`).toBe(WRITE[who]![kind]);
      }
  });

  it('DELETE /api/knowledge-base/{id}', async () => {
    for (const who of EVERYONE) {
      // Fresh articles for each caller, so a delete that is allowed leaves the next caller something to try.
      const fresh = { global: await make(null), own: await make(demoTrust), other: await make(otherTrust) };
      for (const kind of ['global', 'own', 'other'] as const) {
        const res = await call(who, 'DELETE', `/api/knowledge-base/${fresh[kind]}`);
        expect(res.statusCode, `${who} deletes the ${kind} article: ${res.body}`).toBe(WRITE[who]![kind]);
        const still = await t.db.select().from(knowledgeArticles).where(eq(knowledgeArticles.id, fresh[kind]));
        expect(still.length, `${who} ${kind}`).toBe(res.statusCode === 200 ? 0 : 1);
      }
    }
  });
});

describe('the seeded articles and the list', () => {
  it('every demo user reads the four global articles and the demo trust’s own, marked', async () => {
    const page = await list(SECRETARY, '?paginate=100');
    const titles = page.data.map((r) => r.title);
    for (const a of DEMO_GLOBAL_ARTICLES) expect(titles).toContain(a.title);
    expect(titles).toContain(DEMO_TRUST_ARTICLE.title);
    const own = page.data.find((r) => r.title === DEMO_TRUST_ARTICLE.title)!;
    expect(own.trust).toEqual({ id: demoTrust, name: 'Demo NHS Foundation Trust' });
    expect(page.data.find((r) => r.title === DEMO_GLOBAL_ARTICLES[0]!.title)!.trust).toBeNull();
    // An excerpt is plain words, no Markdown.
    expect(page.data.find((r) => r.title === DEMO_GLOBAL_ARTICLES[0]!.title)!.excerpt).toMatch(
      /^Recording needs no connection: everything you record is kept on your device/,
    );
    expect(page.data.every((r) => !r.can_edit)).toBe(true);
  });

  it('says who may change what: a TrustAdmin their trust’s articles, not the global ones', async () => {
    const page = await list(TRUSTADMIN, '?paginate=100');
    expect(page.data.find((r) => r.id === art.own)!.can_edit).toBe(true);
    expect(page.data.find((r) => r.id === art.global)!.can_edit).toBe(false);
    const one = (await call(SUPERADMIN, 'GET', `/api/knowledge-base/${art.global}`)).json().data;
    expect(one).toMatchObject({ id: art.global, can_edit: true, trust: null, updated_by: { full_name: expect.any(String) } });
    expect(one.body).toContain('Connect foot pedal or SpeechMike');
  });

  it('pages in the Laravel envelope', async () => {
    const res = await call(AUTHOR, 'GET', '/api/knowledge-base?paginate=2&page=2');
    const page = res.json().data;
    expect(page).toMatchObject({ current_page: 2, per_page: 2, prev_page_url: '/api/knowledge-base?paginate=2&page=1' });
    expect(page.data).toHaveLength(2);
    expect(page.last_page).toBe(Math.ceil(page.total / 2));
    expect((await call(AUTHOR, 'GET', '/api/knowledge-base?page=9999')).json().data).toMatchObject({ data: [], current_page: 9999 });
  });
});

describe('search', () => {
  it('finds an article by words of its text, not only its title, the words found marked in the excerpt', async () => {
    const page = await list(AUTHOR, '?search=microphone');
    expect(page.data.map((r) => r.title)).toEqual([DEMO_GLOBAL_ARTICLES[0]!.title]);
    expect(page.data[0]!.excerpt).toContain('\uE000microphone\uE001');
    // Word forms and the start of a word find it too; every word must be there.
    expect((await list(AUTHOR, '?search=pedals%20keyboard')).data.map((r) => r.title)).toContain('Using a foot pedal');
    expect((await list(AUTHOR, '?search=SpeechMi')).data.map((r) => r.title)).toEqual(['Using a foot pedal']);
    expect((await list(AUTHOR, '?search=pedal%20nonexistentword')).data).toEqual([]);
  });

  it('searches only what the caller may read', async () => {
    expect((await list(AUTHOR, '?search=Typing%20Partners')).data.map((r) => r.id)).toEqual([art.own]);
    expect((await list(OTHER_TRUST_AUTHOR, '?search=Typing%20Partners')).data).toEqual([]);
    expect((await list(OTHER_TRUST_AUTHOR, '?search=who%20to%20call')).data.map((r) => r.id)).toContain(art.other);
  });

  it('takes any text safely: punctuation alone finds nothing, full-text operators are words, bad characters are a 422', async () => {
    expect((await list(AUTHOR, '?search=%21%26%7C')).data).toEqual([]);
    for (const s of ["foot & | ! ( ) :* <-> 'pedal'", '\\', '%', 'a'.repeat(200)])
      expect((await call(AUTHOR, 'GET', `/api/knowledge-base?search=${encodeURIComponent(s)}`)).statusCode, s).toBe(200);
    const nul = await call(AUTHOR, 'GET', '/api/knowledge-base?search=%00');
    expect(nul.statusCode).toBe(422);
    expect((await call(AUTHOR, 'GET', `/api/knowledge-base?search=${'a'.repeat(201)}`)).statusCode).toBe(422);
  });

  it('is answered by the full-text index (the planner uses knowledge_articles_search)', async () => {
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      return executeRows<Record<string, string>>(
        tx,
        sql`EXPLAIN SELECT a.id FROM knowledge_articles a
            WHERE to_tsvector('english', a.title || ' ' || a.body) @@ to_tsquery('english', 'pedal:*')`,
      );
    });
    expect(plan.map((r) => Object.values(r)[0]).join('\n')).toContain('knowledge_articles_search');
  });
});

describe('bounds: 422 with the words under the field', () => {
  const post = (body: unknown) => call(TRUSTADMIN, 'POST', '/api/knowledge-base', body);
  const refusal = async (body: unknown) => {
    const res = await post(body);
    expect(res.statusCode, res.body).toBe(422);
    return res.json() as { message: string; errors: Record<string, string[]> };
  };

  it('title: required, at most 200 characters, no hidden characters', async () => {
    expect((await refusal({ title: '   ', body: 'x' })).errors.title).toEqual(['Give the article a title.']);
    expect((await refusal({ body: 'x' })).errors.title).toEqual(['Give the article a title.']);
    expect((await refusal({ title: 'a'.repeat(201), body: 'x' })).errors.title).toEqual([
      'The title is 201 characters long: use at most 200.',
    ]);
    expect((await refusal({ title: 'Bad\u202Eeman', body: 'x' })).errors.title).toEqual([
      'The title contains a hidden control character. Remove it and try again.',
    ]);
    expect((await post({ title: 'a'.repeat(200), body: 'x' })).statusCode).toBe(201);
  });

  it('body: required, at most 100 KB counted in bytes', async () => {
    expect((await refusal({ title: 'T', body: ' \n ' })).errors.body).toEqual(['Write the text of the article.']);
    // 51,201 "é" are 102,402 bytes: over 100 KB though fewer characters.
    const over = await refusal({ title: 'T', body: 'é'.repeat(51_201) });
    expect(over.errors.body).toEqual(['The text is 101 KB: an article can hold at most 100 KB. Split it into two articles.']);
    expect(over.message).toBe('body: The text is 101 KB: an article can hold at most 100 KB. Split it into two articles.');
    expect((await post({ title: 'Exactly 100 KB', body: 'b'.repeat(102_400) })).statusCode).toBe(201);
    expect((await refusal({ title: 'T', body: 'b'.repeat(102_401) })).errors.body).toHaveLength(1);
  });

  it('tags: at most 10 short words, kept in lower case once each', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `tag${i}`);
    expect((await refusal({ title: 'T', body: 'B', tags: eleven })).errors.tags).toEqual(['Use at most 10 tags.']);
    expect((await refusal({ title: 'T', body: 'B', tags: ['two words'] })).errors.tags).toEqual([
      '“two words” is not a tag: a tag is one short word of letters, digits or hyphens (at most 30 characters).',
    ]);
    expect((await refusal({ title: 'T', body: 'B', tags: ['x'.repeat(31)] })).errors.tags).toHaveLength(1);
    const made = await post({
      title: 'Tagged',
      body: 'B',
      tags: ['Foot-Pedal', 'foot-pedal', 'Ward7', ...Array.from({ length: 7 }, (_, i) => `t${i}`)],
    });
    expect(made.statusCode).toBe(201);
    expect(made.json().data.tags).toEqual(['foot-pedal', 'ward7', 't0', 't1', 't2', 't3', 't4', 't5', 't6']);
  });

  it('unknown fields and an empty change are refused', async () => {
    expect((await refusal({ title: 'T', body: 'B', html: '<b>x</b>' })).message).toBe('Unknown field: html.');
    const empty = await call(TRUSTADMIN, 'PATCH', `/api/knowledge-base/${art.own}`, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('Change the title, the text or the tags.');
    expect((await call(TRUSTADMIN, 'PATCH', `/api/knowledge-base/${art.own}`, { trust_id: null })).statusCode).toBe(422);
  });
});

describe('audit: every change with the article before and after', () => {
  const rowsFor = (id: number) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'knowledge_article'), eq(auditLog.entityId, String(id))))
      .orderBy(auditLog.id);

  it('created, changed and deleted, each by whom, for which trust', async () => {
    const made = await call(TRUSTADMIN, 'POST', '/api/knowledge-base', { title: 'Night cover', body: 'Ring the bleep.', tags: ['rota'] });
    const id = made.json().data.id as number;
    const changed = await call(TRUSTADMIN, 'PATCH', `/api/knowledge-base/${id}`, { body: 'Ring bleep 2233.' });
    expect(changed.json().data).toMatchObject({ body: 'Ring bleep 2233.', title: 'Night cover', updated_by: { id: userIds[TRUSTADMIN] } });
    expect((await call(TRUSTADMIN, 'DELETE', `/api/knowledge-base/${id}`)).statusCode).toBe(200);
    expect((await call(TRUSTADMIN, 'GET', `/api/knowledge-base/${id}`)).statusCode).toBe(404);

    const before = { title: 'Night cover', body: 'Ring the bleep.', tags: ['rota'], trust_id: demoTrust };
    const after = { ...before, body: 'Ring bleep 2233.' };
    expect(await rowsFor(id)).toEqual([
      expect.objectContaining({
        action: 'knowledge_article.created',
        userId: userIds[TRUSTADMIN],
        trustId: demoTrust,
        details: { before: null, after: before },
      }),
      expect.objectContaining({ action: 'knowledge_article.updated', details: { before, after } }),
      expect.objectContaining({ action: 'knowledge_article.deleted', details: { before: after, after: null } }),
    ]);
  });

  it('a global article’s changes are audited without a trust; refusals change nothing and write nothing', async () => {
    const id = await make(null, 'For everyone');
    expect(await rowsFor(id)).toEqual([expect.objectContaining({ action: 'knowledge_article.created', trustId: null })]);
    expect((await call(TRUSTADMIN, 'PATCH', `/api/knowledge-base/${id}`, { title: 'Mine now' })).statusCode).toBe(403);
    expect((await call(TRUSTADMIN, 'DELETE', `/api/knowledge-base/${id}`)).statusCode).toBe(403);
    expect(await rowsFor(id)).toHaveLength(1);
    expect((await t.db.select().from(knowledgeArticles).where(eq(knowledgeArticles.id, id)))[0]!.title).toBe('For everyone');
  });
});

describe('an external typist (of the outsourcing pool)', () => {
  it('finds the global articles only', async () => {
    const list = ((await call(OUTSOURCED, 'GET', '/api/knowledge-base?paginate=100')).json() as { data: { data: { trust: unknown }[] } })
      .data;
    expect(list.data.length).toBeGreaterThan(0);
    expect(list.data.every((r) => r.trust === null)).toBe(true);
    expect((await call(OUTSOURCED, 'GET', `/api/knowledge-base/${art.global}`)).statusCode).toBe(200);
    expect((await call(OUTSOURCED, 'GET', `/api/knowledge-base/${art.own}`)).statusCode).toBe(404);
  });
});
