/**
 * The kinds of file that may be attached, and what can be told of a file by its name and size alone:
 * the browser's precheck, the file picker's list, the safe name kept. Apart from the content checks
 * (attachment-files.ts) so that the app does not carry them.
 */
import { ATTACHMENT_MAX_BYTES } from './limits';
import { MESSAGES } from './messages';
import { withoutHiddenControls } from './text-controls';

export type AttachmentKind = 'pdf' | 'png' | 'jpeg' | 'docx';

export type AttachmentRefusal =
  | 'empty'
  | 'too_large'
  | 'eicar'
  | 'program'
  | 'macro'
  | 'pdf_active'
  | 'type'
  | 'mismatch'
  | 'bomb'
  | 'external'
  | 'uncheckable'
  | 'polyglot';

export type AttachmentRefused = { ok: false; reason: AttachmentRefusal; message: string };

export const refuse = (reason: AttachmentRefusal, message: string): AttachmentRefused => ({ ok: false, reason, message });

export const ATTACHMENT_TYPES: Record<AttachmentKind, { contentType: string; extensions: readonly string[]; label: string }> = {
  pdf: { contentType: 'application/pdf', extensions: ['pdf'], label: 'a PDF' },
  png: { contentType: 'image/png', extensions: ['png'], label: 'a PNG image' },
  jpeg: { contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'], label: 'a JPEG image' },
  docx: {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['docx'],
    label: 'a Word document',
  },
};

/** For the file picker: what the browser should offer (the server decides by content anyway). */
export const ATTACHMENT_ACCEPT = [
  ...Object.values(ATTACHMENT_TYPES).flatMap((t) => t.extensions.map((e) => `.${e}`)),
  ...Object.values(ATTACHMENT_TYPES).map((t) => t.contentType),
].join(',');

/** The extension of a file name, lower case, without the dot ('' when there is none). */
export function extensionOf(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/**
 * A name safe to keep and to send back in Content-Disposition: no folders, no control characters and
 * no bidi controls (with which "report\u202Efdp.png" reads "reportgnp.pdf"; text-controls.ts), no
 * leading dots, at most 120 characters with the extension kept; 'attachment' when nothing is left.
 */
export function safeAttachmentName(filename: string): string {
  const base = withoutHiddenControls(filename.split(/[\\/]/).pop() ?? '')
    .replace(/["<>|:*?]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  if (!base) return 'attachment';
  if (base.length <= 120) return base;
  const ext = extensionOf(base);
  const keep = ext && ext.length < 10 ? `.${ext}` : '';
  return base.slice(0, 120 - keep.length).trimEnd() + keep;
}

const ALLOWED_EXTENSIONS = new Set(Object.values(ATTACHMENT_TYPES).flatMap((t) => t.extensions));

/**
 * What the browser can tell before sending a byte: not empty, not over the limit, a name that is not
 * plainly another kind of file (no extension is fine: the content decides). The server checks again.
 */
export function precheckAttachment(filename: string, size: number): AttachmentRefused | null {
  if (size <= 0) return refuse('empty', MESSAGES.attachmentEmpty);
  if (size > ATTACHMENT_MAX_BYTES) return refuse('too_large', MESSAGES.attachmentTooLarge(ATTACHMENT_MAX_BYTES / (1024 * 1024)));
  const ext = extensionOf(filename);
  if (ext === 'docm' || ext === 'dotm') return refuse('macro', MESSAGES.attachmentMacro);
  if (ext && !ALLOWED_EXTENSIONS.has(ext)) return refuse('type', MESSAGES.attachmentType);
  return null;
}
