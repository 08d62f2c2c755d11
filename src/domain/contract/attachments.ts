/**
 * Files attached to a dictation (spec §3 dictation_attachments; issue 12): PDF, PNG, JPEG and Word
 * .docx, typed by their content (src/domain/attachment-files.ts), at most ATTACHMENT_MAX_BYTES.
 *
 * - GET /api/dictation/{id}/attachments → `attachmentsAnswerSchema`: who may view the dictation.
 * - Upload: tus at POST /api/uploads (the same resumable uploads as audio) with Upload-Metadata
 *   `kind` = "attachment", `dictationId` and `filename` (`attachmentUploadMetadataSchema`) and an
 *   Upload-Length; anyone who may view the dictation, while it is not SENT. The bytes are checked
 *   when the last one arrives: the final PATCH answers 204 and the file is attached, or answers the
 *   refusal (`apiErrorSchema`, 422 with a message in plain words; 409 when the dictation was sent
 *   meanwhile) and nothing is kept. Creation answers 413 over the size limit and 404 for a dictation
 *   the caller may not see.
 * - GET /api/dictation/{id}/attachments/{aid} → the file (Content-Disposition: attachment), with the
 *   bearer token or the signed `download_url` of the list (links cannot send a token).
 * - DELETE /api/dictation/{id}/attachments/{aid} → 204: only whoever added it, while not SENT (403, 409).
 */
import { z } from 'zod';
import { idTextSchema, safeText } from './primitives';

export const ATTACHMENT_UPLOAD_KIND = 'attachment';

export const attachmentSchema = z.object({
  id: z.number().int(),
  filename: z.string(),
  content_type: z.string(),
  filesize: z.number().int(),
  uploaded_by: z.object({ id: z.number().int(), full_name: z.string() }),
  created_at: z.string(),
  /** Whether the caller may remove it: they added it and the dictation is not SENT. */
  can_delete: z.boolean(),
  /** A short-lived link for <a download>, valid for the caller's session only. */
  download_url: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const attachmentsAnswerSchema = z.object({
  data: z.array(attachmentSchema),
  /** Whether the caller may add files now (the dictation is not SENT). */
  can_add: z.boolean(),
});
export type AttachmentsAnswer = z.infer<typeof attachmentsAnswerSchema>;

/** `/api/dictation/:id/attachments/:aid` */
export const attachmentParamsSchema = z.object({ id: idTextSchema, aid: idTextSchema });

/** The tus Upload-Metadata of an attachment upload, as the server reads it. */
export const attachmentUploadMetadataSchema = z.object({
  kind: z.literal(ATTACHMENT_UPLOAD_KIND),
  dictationId: idTextSchema,
  filename: safeText().trim().min(1, 'The file has no name.').max(255, 'The file name is too long: keep it under 255 characters.'),
});

/** The signed-link query of a download. */
export const signedLinkQuerySchema = z.object({
  u: z.string().max(20).optional(),
  s: z.string().max(20).optional(),
  exp: z.string().max(20).optional(),
  sig: z.string().max(100).optional(),
});
