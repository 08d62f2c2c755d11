/**
 * The knowledge base's queries (issue 25). The full-text search uses the very expression of migration
 * 0025's GIN index `knowledge_articles_search`, to_tsvector('english', title || ' ' || body), so the
 * index answers it; the list without a search reads the (trust_id, title) index.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeRows } from '../../db/execute-rows';
import { knowledgeArticles, trusts, users } from '../../db/schema';

/** Which articles a reader sees: every one (a SuperAdmin), the global ones and one trust's, or the global ones only. */
export type Readable = { trustId: number } | 'any' | 'global';

/** The indexed document: keep it identical to the index's expression (server/db/schema.ts). */
const DOCUMENT = sql`to_tsvector('english', a.title || ' ' || a.body)`;

/** How ts_headline cuts an excerpt around the words found, marking them with EXCERPT_MARK's characters. */
const HEADLINE = 'StartSel="\uE000", StopSel="\uE001", MaxWords=28, MinWords=12, ShortWord=2, MaxFragments=1, FragmentDelimiter=" … "';

/** Characters of the text's start that an excerpt is cut from when nothing is searched. */
const EXCERPT_SOURCE = 600;

export interface ArticleListRow {
  id: number;
  title: string;
  tags: string[];
  trust_id: number | null;
  trust_name: string | null;
  updated_at: Date | string;
  excerpt: string;
  total_n: number;
}

const visible = (r: Readable): SQL =>
  r === 'any' ? sql`TRUE` : r === 'global' ? sql`a.trust_id IS NULL` : sql`(a.trust_id IS NULL OR a.trust_id = ${r.trustId})`;

/**
 * One page of the readable articles: with `tsquery` (text for to_tsquery, made of plain words only),
 * those whose title or text hold the words, best match first; without, by title. The excerpt is
 * computed for the page's rows only.
 */
export async function articlePage(
  db: Db,
  readable: Readable,
  tsquery: string | null,
  page: number,
  perPage: number,
): Promise<{ rows: ArticleListRow[]; total: number }> {
  const query = tsquery === null ? null : sql`to_tsquery('english', ${tsquery})`;
  const where = query ? sql`${visible(readable)} AND ${DOCUMENT} @@ ${query}` : visible(readable);
  const order = query ? sql`ts_rank(${DOCUMENT}, ${query}) DESC, lower(a.title), a.id` : sql`lower(a.title), a.id`;
  const excerpt = query ? sql`ts_headline('english', a.body, ${query}, ${HEADLINE})` : sql`left(a.body, ${EXCERPT_SOURCE})`;
  const offset = Math.min((page - 1) * perPage, Number.MAX_SAFE_INTEGER - perPage);
  const rows = await executeRows<ArticleListRow>(
    db,
    sql`
      WITH page AS (
        SELECT a.id, count(*) OVER ()::int AS total_n,
          row_number() OVER (ORDER BY ${order}) AS rn
        FROM knowledge_articles a
        WHERE ${where}
        ORDER BY ${order}
        LIMIT ${perPage} OFFSET ${offset}
      )
      SELECT p.total_n, a.id, a.title, a.tags, a.trust_id, t.name AS trust_name, a.updated_at, ${excerpt} AS excerpt
      FROM page p
      JOIN knowledge_articles a ON a.id = p.id
      LEFT JOIN trusts t ON t.id = a.trust_id
      ORDER BY p.rn`,
  );
  if (rows.length) return { rows, total: Number(rows[0]!.total_n) };
  const [counted] = await executeRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM knowledge_articles a WHERE ${where}`);
  return { rows: [], total: Number(counted?.n ?? 0) };
}

export type ArticleRow = typeof knowledgeArticles.$inferSelect & {
  trustName: string | null;
  updatedByName: { first: string; last: string } | null;
};

/** One article with its trust's name and who changed it last; `lock`: the row held until the transaction ends. */
export async function findArticle(db: Db, id: number, lock = false): Promise<ArticleRow | undefined> {
  const query = db
    .select({
      article: knowledgeArticles,
      trustName: trusts.name,
      first: users.firstName,
      last: users.lastName,
    })
    .from(knowledgeArticles)
    .leftJoin(trusts, eq(trusts.id, knowledgeArticles.trustId))
    .leftJoin(users, eq(users.id, knowledgeArticles.updatedBy))
    .where(eq(knowledgeArticles.id, id))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: knowledgeArticles }) : await query;
  if (!row) return undefined;
  const updatedByName = row.first !== null && row.last !== null ? { first: row.first, last: row.last } : null;
  return { ...row.article, trustName: row.trustName, updatedByName };
}

export async function trustExists(db: Db, trustId: number): Promise<boolean> {
  const [row] = await db.select({ id: trusts.id }).from(trusts).where(eq(trusts.id, trustId)).limit(1);
  return !!row;
}

export interface ArticleValues {
  title: string;
  body: string;
  tags: string[];
}

export async function insertArticle(db: Db, v: ArticleValues & { trustId: number | null; userId: number }): Promise<number> {
  const [row] = await db
    .insert(knowledgeArticles)
    .values({ trustId: v.trustId, title: v.title, body: v.body, tags: v.tags, updatedBy: v.userId })
    .returning({ id: knowledgeArticles.id });
  return row!.id;
}

export async function updateArticle(db: Db, id: number, v: Partial<ArticleValues> & { userId: number }): Promise<boolean> {
  const { userId, ...values } = v;
  const done = await db
    .update(knowledgeArticles)
    .set({ ...values, updatedBy: userId, updatedAt: new Date() })
    .where(eq(knowledgeArticles.id, id))
    .returning({ id: knowledgeArticles.id });
  return done.length > 0;
}

export async function deleteArticle(db: Db, id: number): Promise<boolean> {
  const done = await db.delete(knowledgeArticles).where(eq(knowledgeArticles.id, id)).returning({ id: knowledgeArticles.id });
  return done.length > 0;
}
