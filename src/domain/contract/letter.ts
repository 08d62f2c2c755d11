/**
 * The letter typed for a dictation (DESIGN §3 "Letter path"): a TipTap (ProseMirror) JSON document with
 * an optimistic-concurrency version. GET/PUT /api/dictation/{id}/letter, GET /api/dictation/{id}/versions,
 * GET /api/dictation/{id}/versions/{version}, POST /api/dictation/{id}/claim, POST /api/dictation/{id}/take-over,
 * POST /api/dictation/manual (a letter without audio).
 */
import { z } from 'zod';
import { apiErrorSchema } from './auth';
import { dictationDetailsSchema } from './dictations';
import { INT4_MAX, idSchema, idTextSchema, safeText } from './primitives';
import { MESSAGES } from '../messages';
import { approvalSchema } from './review';

/**
 * Largest letter accepted, as JSON text: about fifty pages, where a long discharge summary is a tenth
 * of it. Measured (issue 22 point 3): the largest letter within every bound prints in about ten seconds
 * on a loaded two-core server; at 2 MB, the limit before, it took over a minute.
 */
export const LETTER_MAX_JSON_BYTES = 300_000;

/** A ProseMirror node as JSON. The server checks it against the editor's schema before storing it. */
export interface LetterNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: LetterNode[];
  marks?: { type: string; attrs?: Record<string, unknown> }[];
  text?: string;
}

export const letterNodeSchema: z.ZodType<LetterNode> = z.lazy(() =>
  z.object({
    type: z.string().min(1).max(64),
    attrs: z.record(z.string(), z.unknown()).optional(),
    content: z.array(letterNodeSchema).optional(),
    marks: z.array(z.object({ type: z.string().min(1).max(64), attrs: z.record(z.string(), z.unknown()).optional() })).optional(),
    text: safeText().optional(),
  }),
);

/** The whole document: its root is always `doc`. */
export const letterDocSchema = letterNodeSchema.refine((n) => n.type === 'doc', 'The letter must be a document.');

export const letterSchema = z.object({
  dictation_id: z.number(),
  doc: letterDocSchema,
  /** Every accepted save adds one. A new letter (made from the job type's template) is version 0 until first saved. */
  version: z.number().int().min(0),
  updated_at: z.string().nullable(),
  updated_by: z.object({ id: z.number(), full_name: z.string() }).nullable(),
  /** Whether the caller may save now (status, assignment, role): the editor opens read-only otherwise. */
  editable: z.boolean(),
  /** The words the read-only editor shows ("Being typed by Jenny Walsh"); null when editable. */
  read_only_reason: z.string().nullable(),
  /** The signature of an approved letter (issue 12); null until approved. Absent in letters kept before it. */
  approval: approvalSchema.nullable().optional(),
  /**
   * The letter version the caller had in front of them when they last opened it, saved it or acted on it,
   * before this opening (null: never opened). Review mode highlights what changed since.
   */
  last_seen_version: z.number().int().min(0).nullable().optional(),
});
export type Letter = z.infer<typeof letterSchema>;
/** GET /api/dictation/{id}/letter */
export const letterAnswerSchema = z.object({ data: letterSchema });

export const saveLetterSchema = z.object({
  doc: letterDocSchema,
  /** The version this text was based on; a save based on an older version is refused with 409. */
  base_version: z.number().int().min(0).max(INT4_MAX, MESSAGES.idInvalid),
  /** A final save (Ctrl/Cmd+S) also keeps a version in the history; autosaves do not. */
  final: z.boolean().default(false),
});
export type SaveLetter = z.infer<typeof saveLetterSchema>;

export const savedLetterSchema = z.object({ version: z.number(), updated_at: z.string() });
/** PUT /api/dictation/{id}/letter: the new version. */
export const savedLetterAnswerSchema = z.object({ data: savedLetterSchema });

/** 409 answer to a stale save: the server's copy, so the client can show both side by side. */
export const letterConflictSchema = z.object({
  message: z.string(),
  code: z.literal('letter_conflict'),
  letter: letterSchema,
});
export type LetterConflict = z.infer<typeof letterConflictSchema>;
/** Any 409 of a save or a hand-off: the conflict above, or another refusal (`changed`, `wrong_status`). */
export const letterRefusalSchema = z.union([letterConflictSchema, apiErrorSchema]);

export const letterVersionSummarySchema = z.object({
  version: z.number(),
  kind: z.string(),
  created_at: z.string(),
  user: z.object({ id: z.number(), full_name: z.string() }).nullable(),
});
export const letterVersionsSchema = z.object({ data: z.array(letterVersionSummarySchema) });
export const letterVersionSchema = letterVersionSummarySchema.extend({ doc: letterDocSchema });
export type LetterVersionSummary = z.infer<typeof letterVersionSummarySchema>;
export type LetterVersion = z.infer<typeof letterVersionSchema>;
/** GET /api/dictation/{id}/versions/{version} */
export const letterVersionAnswerSchema = z.object({ data: letterVersionSchema });
/** `/:id/versions/:version` path parameters. */
export const versionParamSchema = z.object({ id: idTextSchema, version: idTextSchema });

/** POST /api/dictation/manual: a letter without audio for a chosen author (spec /manualletter). */
export const manualLetterSchema = dictationDetailsSchema
  .pick({ department_id: true, patient: true, urgent: true, custom_fields: true, identity_choice: true })
  .extend({
    author_id: idSchema('Choose the author.'),
    job_type_id: idSchema('Choose the document type.'),
  });
export type ManualLetter = z.input<typeof manualLetterSchema>;

/**
 * GET /api/dictation/{id}/letter.pdf?purpose=preview: the in-app preview (issue 13). It is logged as a
 * preview, not a download; without it the PDF is a download. The answer's `X-Letter-Version` header says
 * which letter version was printed (0: no letter typed yet), so the device can keep its copy by version.
 */
export const letterPdfQuerySchema = z.object({ purpose: z.enum(['preview']).optional() });
export const LETTER_VERSION_HEADER = 'X-Letter-Version';
