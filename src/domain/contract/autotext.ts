/**
 * Autotext snippets: GET/POST /api/autotext, GET/PUT/DELETE /api/autotext/{id}, GET /api/autotext/usable
 * (the caller's whole set, for the editor), POST /api/autotext/import (rows a spreadsheet gave the client),
 * GET /api/autotext/departments. Bodies are plain text with merge fields, never HTML.
 */
import { z } from 'zod';
import { AUTOTEXT_SCOPES } from '../autotext-access';
import { unknownMergeFields } from '../autotext-merge';
import { MESSAGES } from '../messages';
import { hasHiddenControl } from '../text-controls';
import { INT4_MAX, idSchema, isStorableText } from './primitives';
import { paginatedSchema } from './users';

export const AUTOTEXT_LIMITS = {
  shortcut: 20,
  title: 100,
  body: 4000,
  /** Rows one import file may hold. */
  importRows: 1000,
  /** Rows one import call may carry (the client sends a file in batches, for its progress bar). */
  importBatch: 100,
  importFileBytes: 5 * 1024 * 1024,
} as const;

/** What a shortcut is made of: the editor reads this run of characters before the cursor. */
export const SHORTCUT_CHAR = /[\p{L}\p{N}._\-/]/u;
const SHORTCUT = /^[\p{L}\p{N}._\-/]+$/u;

/**
 * A field that holds a hidden control character (text-controls.ts: C0/C1 controls and the bidi
 * controls that can hide or reorder text in a letter) is refused; in the body, tabs and new lines are text.
 */
const text = (what: string, max: number, missing: string, keepLayout: boolean) =>
  z
    .string({ error: missing })
    .transform((s) => s.replace(/\r\n?/g, '\n').trim())
    .superRefine((s, ctx) => {
      if (!s) ctx.addIssue({ code: 'custom', message: missing });
      else if (s.length > max) ctx.addIssue({ code: 'custom', message: MESSAGES.autotextTooLong(what, max, s.length) });
      else if (hasHiddenControl(s, keepLayout) || !isStorableText(s))
        ctx.addIssue({ code: 'custom', message: MESSAGES.autotextControlCharacter(what) });
    });

export const autotextShortcutSchema = text('shortcut', AUTOTEXT_LIMITS.shortcut, MESSAGES.autotextShortcutMissing, false).refine(
  (s) => !s || s.length > AUTOTEXT_LIMITS.shortcut || hasHiddenControl(s) || SHORTCUT.test(s),
  MESSAGES.autotextShortcutFormat,
);

export const autotextBodySchema = text('text', AUTOTEXT_LIMITS.body, MESSAGES.autotextBodyMissing, true).superRefine((s, ctx) => {
  const unknown = unknownMergeFields(s);
  if (unknown.length) ctx.addIssue({ code: 'custom', message: MESSAGES.autotextUnknownField(unknown.map((n) => `{{${n}}}`).join(', ')) });
});

/** The three typed fields, shared by the form, the import preview and the server. */
export const autotextFieldsSchema = z.object({
  shortcut: autotextShortcutSchema,
  title: text('title', AUTOTEXT_LIMITS.title, MESSAGES.autotextTitleMissing, false),
  body: autotextBodySchema,
});

const autotextPlaceSchema = autotextFieldsSchema.extend({
  scope: z.enum(AUTOTEXT_SCOPES),
  department_id: idSchema(MESSAGES.autotextDepartmentRequired).nullish(),
});

const departmentNamed = (v: { scope: string; department_id?: number | null }, ctx: z.RefinementCtx) => {
  if (v.scope === 'department' && !v.department_id) {
    ctx.addIssue({ code: 'custom', path: ['department_id'], message: MESSAGES.autotextDepartmentRequired });
  }
};

/** POST /api/autotext. */
export const autotextInputSchema = autotextPlaceSchema.superRefine(departmentNamed);
/**
 * PUT /api/autotext/{id}: the same, with the version the change was made on (issue 22 point 8); a
 * change made on an older version is refused with 409, as letters are.
 */
export const autotextUpdateSchema = autotextPlaceSchema
  .extend({ base_version: z.number().int().min(1).max(INT4_MAX, MESSAGES.idInvalid) })
  .superRefine(departmentNamed);
export type AutotextUpdate = z.input<typeof autotextUpdateSchema>;
export type AutotextInput = z.input<typeof autotextInputSchema>;

export const autotextSchema = z.object({
  id: z.number(),
  scope: z.enum(AUTOTEXT_SCOPES),
  department: z.object({ id: z.number(), name: z.string(), code: z.string() }).nullable(),
  user: z.object({ id: z.number(), full_name: z.string() }).nullable(),
  shortcut: z.string(),
  title: z.string(),
  body: z.string(),
  updated_at: z.string(),
  /** Goes up by one with every change; an update names the version it was made on. */
  version: z.number(),
  /** Whether the caller may change or delete it. */
  can_edit: z.boolean(),
});
export type Autotext = z.infer<typeof autotextSchema>;
/** One snippet: GET, POST and PUT /api/autotext(/{id}). */
export const autotextAnswerSchema = z.object({ data: autotextSchema });

/** GET /api/autotext: the caller's usable snippets, one page, searched by shortcut or title. */
export const autotextListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  scope: z.enum(AUTOTEXT_SCOPES).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  paginate: z.coerce.number().int().min(1).max(100).default(20),
});
export type AutotextListQuery = z.input<typeof autotextListQuerySchema>;
export const autotextPageSchema = z.object({ data: paginatedSchema(autotextSchema) });

/** One snippet as the editor needs it (GET /api/autotext/usable). */
export const autotextSnippetSchema = z.object({
  id: z.number(),
  scope: z.enum(AUTOTEXT_SCOPES),
  department_id: z.number().nullable(),
  shortcut: z.string(),
  title: z.string(),
  body: z.string(),
});
export type AutotextSnippet = z.infer<typeof autotextSnippetSchema>;
export const autotextUsableSchema = z.object({ data: z.array(autotextSnippetSchema) });

export const autotextDepartmentsSchema = z.object({
  data: z.array(z.object({ id: z.number(), name: z.string(), code: z.string() })),
});

/** One spreadsheet row as the client read it: cells are text; `row` is its number in the file. */
export const autotextImportRowSchema = z.object({
  row: z.number().int().min(1).max(1_000_000),
  shortcut: z.string().max(10_000),
  title: z.string().max(10_000),
  body: z.string().max(20_000),
  scope: z.string().max(100).optional(),
});
export type AutotextImportRow = z.infer<typeof autotextImportRowSchema>;

/** POST /api/autotext/import: rows are checked again one by one; the good ones are added together. */
export const autotextImportSchema = z.object({
  rows: z.array(autotextImportRowSchema).min(1).max(AUTOTEXT_LIMITS.importBatch),
  /** The scope of rows whose scope cell is empty. */
  default_scope: z.enum(AUTOTEXT_SCOPES),
  /** The department of department-scope rows. */
  department_id: idSchema(MESSAGES.autotextDepartmentRequired).nullish(),
});
export type AutotextImport = z.input<typeof autotextImportSchema>;

export const autotextImportResultSchema = z.object({
  imported: z.array(z.object({ row: z.number(), id: z.number(), shortcut: z.string() })),
  skipped: z.array(z.object({ row: z.number(), shortcut: z.string(), reasons: z.array(z.string()) })),
});
export type AutotextImportResult = z.infer<typeof autotextImportResultSchema>;
