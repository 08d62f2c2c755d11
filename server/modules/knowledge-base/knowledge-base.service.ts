/**
 * The knowledge base's rules (issue 25). Readers: every signed-in user reads the global articles (trust_id
 * null) and their own trust's; a SuperAdmin every trust's. Writers (RULES.knowledgeBaseEdit, checked before
 * the body is read): a SuperAdmin writes the global articles and any trust's, a TrustAdmin only their own
 * trust's. Another trust's article is not found (404, never 403); a global one, which a TrustAdmin may read
 * but not change, is refused (403). Every change is audited with the article before and after.
 */
import { adminReach, reaches, type AdminReach } from '../../../src/domain/admin-reach';
import type {
  KnowledgeArticle,
  KnowledgeArticleSummary,
  knowledgeArticleInputSchema,
  knowledgeArticlePatchSchema,
  knowledgeListQuerySchema,
} from '../../../src/domain/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { Errors, appError } from '../../lib/errors';
import type { RequestAuth } from '../auth/request-auth';
import {
  articlePage,
  deleteArticle,
  findArticle,
  insertArticle,
  trustExists,
  updateArticle,
  type ArticleRow,
  type Readable,
} from './knowledge-base.repository';
import { plainExcerpt, prefixQuery } from './knowledge-base.text';

type Input = z.output<typeof knowledgeArticleInputSchema>;
type Patch = z.output<typeof knowledgeArticlePatchSchema>;
type ListQuery = z.output<typeof knowledgeListQuerySchema>;

const iso = (d: Date | string) => new Date(d).toISOString();

function reachOf(auth: RequestAuth): AdminReach {
  return adminReach(auth.subject, { trustId: auth.ctx.user.trustId, siteId: auth.ctx.user.siteId });
}

/** An external typist (of an outsourcing pool) works for the trust but is not its staff. */
const isExternal = (auth: RequestAuth) => auth.ctx.user.outsourcingPoolId !== null;

/**
 * What a reader sees: a SuperAdmin every article, anyone else the global ones and their trust's; an
 * external typist only the global ones (the request hook refuses them these routes today: the allow-list
 * of src/domain/outsourced-calls.ts does not name them, so this holds when it does).
 */
function readableBy(auth: RequestAuth): Readable {
  if (isExternal(auth)) return 'global';
  const reach = reachOf(auth);
  return reach.trustId === 'any' ? 'any' : { trustId: reach.trustId };
}

const canRead = (auth: RequestAuth, trustId: number | null) =>
  trustId === null || (!isExternal(auth) && reaches(reachOf(auth), { trustId }));

/** Whether the caller may change an article of this trust (null: every trust's), by their roles. */
function canWrite(auth: RequestAuth, trustId: number | null): boolean {
  const roles = auth.subject.roles;
  if (roles.includes('SuperAdmin')) return true;
  return roles.includes('TrustAdmin') && trustId !== null && trustId === auth.ctx.user.trustId;
}

/** The article as its reader gets it; another trust's (or none) is not found. */
async function readable(db: Db, auth: RequestAuth, id: number, lock = false): Promise<ArticleRow> {
  const row = await findArticle(db, id, lock);
  if (!row || !canRead(auth, row.trustId)) throw Errors.notFound();
  return row;
}

/** A writer's hold on an article it can read: a global one only a SuperAdmin changes. */
function mayChange(auth: RequestAuth, row: ArticleRow): void {
  if (!canWrite(auth, row.trustId)) throw appError('knowledge_global_only');
}

/** What the audit keeps of an article: everything a reader sees of it. */
const snapshot = (r: { title: string; body: string; tags: string[]; trustId: number | null }) => ({
  title: r.title,
  body: r.body,
  tags: r.tags,
  trust_id: r.trustId,
});

export function toArticle(auth: RequestAuth, r: ArticleRow): KnowledgeArticle {
  return {
    id: r.id,
    title: r.title,
    tags: r.tags,
    trust: r.trustId === null ? null : { id: r.trustId, name: r.trustName ?? '' },
    excerpt: plainExcerpt(r.body.slice(0, 600)),
    updated_at: iso(r.updatedAt),
    can_edit: canWrite(auth, r.trustId),
    body: r.body,
    created_at: iso(r.createdAt),
    updated_by:
      r.updatedBy !== null && r.updatedByName ? { id: r.updatedBy, full_name: `${r.updatedByName.first} ${r.updatedByName.last}` } : null,
  };
}

export function createKnowledgeBaseService(db: Db) {
  return {
    /** GET /api/knowledge-base: a page of what the caller may read, searched by words of the title and text. */
    async list(auth: RequestAuth, q: ListQuery): Promise<{ rows: KnowledgeArticleSummary[]; total: number }> {
      const tsquery = q.search?.trim() ? prefixQuery(q.search) : null;
      // A search of no words at all (only punctuation) finds nothing rather than everything.
      if (q.search?.trim() && tsquery === null) return { rows: [], total: 0 };
      const page = await articlePage(db, readableBy(auth), tsquery, q.page, q.paginate);
      return {
        total: page.total,
        rows: page.rows.map((r) => ({
          id: r.id,
          title: r.title,
          tags: r.tags,
          trust: r.trust_id === null ? null : { id: r.trust_id, name: r.trust_name ?? '' },
          excerpt: plainExcerpt(r.excerpt),
          updated_at: iso(r.updated_at),
          can_edit: canWrite(auth, r.trust_id),
        })),
      };
    },

    /** GET /api/knowledge-base/{id}. */
    async get(auth: RequestAuth, id: number): Promise<KnowledgeArticle> {
      return toArticle(auth, await readable(db, auth, id));
    },

    /** POST /api/knowledge-base: for the caller's trust unless they say otherwise (a SuperAdmin: null, every trust). */
    async create(auth: RequestAuth, input: Input, ip: string): Promise<KnowledgeArticle> {
      const trustId = input.trust_id === undefined ? auth.ctx.user.trustId : input.trust_id;
      if (trustId !== null) {
        // A trust out of reach, or none, is not found, as its articles are.
        if (!reaches(reachOf(auth), { trustId }) || !(await trustExists(db, trustId))) throw Errors.notFound();
      }
      if (!canWrite(auth, trustId)) throw appError('knowledge_global_only');
      // The change and its audit row together: no article without its record.
      const made = await db.transaction(async (tx) => {
        const id = await insertArticle(tx, { trustId, title: input.title, body: input.body, tags: input.tags, userId: auth.ctx.user.id });
        const row = (await findArticle(tx, id))!;
        await audit(tx, {
          trustId,
          userId: auth.ctx.user.id,
          action: 'knowledge_article.created',
          entityType: 'knowledge_article',
          entityId: id,
          details: { before: null, after: snapshot(row) },
          ip,
        });
        return row;
      });
      return toArticle(auth, made);
    },

    /** PATCH /api/knowledge-base/{id}: title, text or tags; who reads it stays. */
    async update(auth: RequestAuth, id: number, patch: Patch, ip: string): Promise<KnowledgeArticle> {
      const values = {
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        ...(patch.body !== undefined ? { body: patch.body } : {}),
        ...(patch.tags !== undefined ? { tags: patch.tags } : {}),
      };
      // Read, locked, and changed in one transaction: the audit's "before" is what the change replaced.
      const after = await db.transaction(async (tx) => {
        const before = await readable(tx, auth, id, true);
        mayChange(auth, before);
        if (!(await updateArticle(tx, id, { ...values, userId: auth.ctx.user.id }))) throw Errors.notFound();
        const row = (await findArticle(tx, id))!;
        await audit(tx, {
          trustId: before.trustId,
          userId: auth.ctx.user.id,
          action: 'knowledge_article.updated',
          entityType: 'knowledge_article',
          entityId: id,
          details: { before: snapshot(before), after: snapshot(row) },
          ip,
        });
        return row;
      });
      return toArticle(auth, after);
    },

    /** DELETE /api/knowledge-base/{id}: gone for every reader; the audit keeps what it said. */
    async remove(auth: RequestAuth, id: number, ip: string): Promise<{ id: number }> {
      await db.transaction(async (tx) => {
        const before = await readable(tx, auth, id, true);
        mayChange(auth, before);
        if (!(await deleteArticle(tx, id))) throw Errors.notFound();
        await audit(tx, {
          trustId: before.trustId,
          userId: auth.ctx.user.id,
          action: 'knowledge_article.deleted',
          entityType: 'knowledge_article',
          entityId: id,
          details: { before: snapshot(before), after: null },
          ip,
        });
      });
      return { id };
    },
  };
}

export type KnowledgeBaseService = ReturnType<typeof createKnowledgeBaseService>;
