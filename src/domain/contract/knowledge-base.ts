/**
 * The knowledge base (issue 25): articles in Markdown, global ones (trust_id null, written by a SuperAdmin)
 * and a trust's own (written by its TrustAdmin), read by every signed-in user of that trust.
 * GET /api/knowledge-base (a page, searched in full text), GET /api/knowledge-base/{id}, POST, PATCH /{id},
 * DELETE /{id}. Bodies are Markdown source, never HTML: the page renders them through a sanitiser.
 */
import { z } from 'zod';
import { PAGE_MESSAGES } from '../messages';
import { hasHiddenControl } from '../text-controls';
import { idSchema, isStorableText, pageQuerySchema, safeText } from './primitives';
import { paginatedSchema } from './users';

export const KNOWLEDGE_LIMITS = {
  /** Characters. */
  title: 200,
  /** Bytes of UTF-8: 100 KB. */
  bodyBytes: 100 * 1024,
  tags: 10,
  /** Characters of one tag. */
  tag: 30,
  /** Characters of a search. */
  search: 200,
  perPage: 100,
} as const;

/**
 * Spec §9: support "defaults to a service-desk page when the site has neither link nor e-mail", without its
 * address. Ours, one constant for every screen that shows it (the knowledge base's help box): a deployment
 * sets its own service desk here.
 */
export const SERVICE_DESK_DEFAULT = {
  name: 'Wardnote service desk',
  email: 'servicedesk@wardnote.example',
} as const;

const utf8Bytes = (s: string) => new TextEncoder().encode(s).length;

const titleSchema = z
  .string({ error: PAGE_MESSAGES.kbTitleMissing })
  .transform((s) => s.trim())
  .superRefine((s, ctx) => {
    if (!s) ctx.addIssue({ code: 'custom', message: PAGE_MESSAGES.kbTitleMissing });
    else if (s.length > KNOWLEDGE_LIMITS.title)
      ctx.addIssue({ code: 'custom', message: PAGE_MESSAGES.kbTitleTooLong(KNOWLEDGE_LIMITS.title, s.length) });
    else if (hasHiddenControl(s) || !isStorableText(s)) ctx.addIssue({ code: 'custom', message: PAGE_MESSAGES.kbHiddenCharacter('title') });
  });

const bodySchema = z
  .string({ error: PAGE_MESSAGES.kbBodyMissing })
  .transform((s) => s.replace(/\r\n?/g, '\n').trimEnd())
  .superRefine((s, ctx) => {
    if (!s.trim()) return void ctx.addIssue({ code: 'custom', message: PAGE_MESSAGES.kbBodyMissing });
    const bytes = utf8Bytes(s);
    if (bytes > KNOWLEDGE_LIMITS.bodyBytes)
      ctx.addIssue({
        code: 'custom',
        message: PAGE_MESSAGES.kbBodyTooLarge(KNOWLEDGE_LIMITS.bodyBytes / 1024, Math.ceil(bytes / 1024)),
      });
    else if (hasHiddenControl(s, true) || !isStorableText(s))
      ctx.addIssue({ code: 'custom', message: PAGE_MESSAGES.kbHiddenCharacter('text') });
  });

/** One word: letters or digits, hyphens inside. */
const TAG = /^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u;

/** Tags: at most 10 short words, kept in lower case, each once. */
export const knowledgeTagsSchema = z
  .array(z.string())
  .max(KNOWLEDGE_LIMITS.tags, PAGE_MESSAGES.kbTagsTooMany(KNOWLEDGE_LIMITS.tags))
  .transform((tags) => tags.map((t) => t.trim().toLowerCase()))
  .superRefine((tags, ctx) => {
    const bad = tags.find((t) => t.length > KNOWLEDGE_LIMITS.tag || !TAG.test(t));
    if (bad !== undefined)
      ctx.addIssue({ code: 'custom', message: PAGE_MESSAGES.kbTagFormat(bad.slice(0, KNOWLEDGE_LIMITS.tag + 10), KNOWLEDGE_LIMITS.tag) });
  })
  .transform((tags) => [...new Set(tags)]);

/** What a tags field holds as typed ("pedal, Recording,  offline"): the words between the commas. */
export function tagsFromText(text: string): string[] {
  return text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

/** POST /api/knowledge-base. */
export const knowledgeArticleInputSchema = z
  .object({
    title: titleSchema,
    body: bodySchema,
    tags: knowledgeTagsSchema.default([]),
    /**
     * Who reads it: null every trust (a SuperAdmin's to write), a trust's id that trust only; left out,
     * the writer's own trust.
     */
    trust_id: idSchema().nullable().optional(),
  })
  .strict();
export type KnowledgeArticleInput = z.input<typeof knowledgeArticleInputSchema>;

/** PATCH /api/knowledge-base/{id}: what changes (who reads it stays as it was). */
export const knowledgeArticlePatchSchema = z
  .object({ title: titleSchema.optional(), body: bodySchema.optional(), tags: knowledgeTagsSchema.optional() })
  .strict()
  .refine((p) => p.title !== undefined || p.body !== undefined || p.tags !== undefined, PAGE_MESSAGES.kbNothingToChange);
export type KnowledgeArticlePatch = z.input<typeof knowledgeArticlePatchSchema>;

/** GET /api/knowledge-base: one page of the articles the caller may read, searched by words of the title and text. */
export const knowledgeListQuerySchema = z.object({
  search: safeText().max(KNOWLEDGE_LIMITS.search).optional(),
  page: pageQuerySchema(),
  paginate: z.coerce.number().int().min(1).max(KNOWLEDGE_LIMITS.perPage).default(20),
});
export type KnowledgeListQuery = z.input<typeof knowledgeListQuerySchema>;

/** Where the search words are in an excerpt: between these two characters (private use, never typed). */
export const EXCERPT_MARK = { start: '\uE000', end: '\uE001' } as const;

export const knowledgeArticleSummarySchema = z.object({
  id: z.number(),
  title: z.string(),
  tags: z.array(z.string()),
  /** null: an article for every trust. */
  trust: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** A few plain words of the text; in a search, around the words found, which EXCERPT_MARK marks. */
  excerpt: z.string(),
  updated_at: z.string(),
  /** Whether the caller may change or delete it. */
  can_edit: z.boolean(),
});
export type KnowledgeArticleSummary = z.infer<typeof knowledgeArticleSummarySchema>;

export const knowledgeArticleSchema = knowledgeArticleSummarySchema.extend({
  /** Markdown source. */
  body: z.string(),
  created_at: z.string(),
  updated_by: z.object({ id: z.number(), full_name: z.string() }).nullable(),
});
export type KnowledgeArticle = z.infer<typeof knowledgeArticleSchema>;

export const knowledgeListAnswerSchema = z.object({ data: paginatedSchema(knowledgeArticleSummarySchema) });
export const knowledgeArticleAnswerSchema = z.object({ data: knowledgeArticleSchema });
export const knowledgeDeletedAnswerSchema = z.object({ data: z.object({ id: z.number() }) });
