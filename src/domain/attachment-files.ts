/**
 * What may be attached to a dictation, decided by the file's bytes (its magic numbers), never by its
 * name or the browser's type: PDF, PNG, JPEG and Word .docx. Refused (issue 22 points 2 and 7): programs,
 * macro-enabled Office files, the EICAR test signature, files whose name says one type while the
 * content is another, zip bombs (one budget of bytes and entries for the whole file, overlapping or
 * repeated entries, zips nested too deep: attachment-zip.ts), PDFs that act or reach outside
 * (attachment-pdf.ts), Word documents that do (attachment-ooxml.ts), files that cannot be checked, and
 * polyglots (attachment-images.ts, and HTML in a PDF or around a zip). Pure: the server passes a
 * capped zlib inflater and runs it on a worker thread with a time limit
 * (server/modules/attachments/attachment-check-pool.ts).
 */
import { checkJpeg, checkPng } from './attachment-images';
import { inspectPdf } from './attachment-pdf';
import {
  Refusal,
  UnpackBudget,
  hasEicar,
  isProgram,
  latin1,
  refuse,
  startsWith,
  type AttachmentKind,
  type AttachmentRefused,
  type Inflate,
} from './attachment-verdict';
import { ATTACHMENT_TYPES, extensionOf, precheckAttachment, safeAttachmentName } from './attachment-types';
import { inspectZip } from './attachment-zip';
import { MESSAGES } from './messages';

export { ATTACHMENT_ACCEPT, ATTACHMENT_TYPES, extensionOf, precheckAttachment, safeAttachmentName } from './attachment-types';
export {
  UNPACK_LIMITS,
  UNPACKED_MAX_BYTES,
  type AttachmentKind,
  type AttachmentRefusal,
  type AttachmentRefused,
  type Inflate,
} from './attachment-verdict';

export type AttachmentVerdict = { ok: true; kind: AttachmentKind; contentType: string; filename: string } | AttachmentRefused;

// ---- the verdict ----

function detect(b: Uint8Array): AttachmentKind | 'zip' | null {
  if (startsWith(b, 0x25, 0x50, 0x44, 0x46, 0x2d)) return 'pdf'; // %PDF-
  if (startsWith(b, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (startsWith(b, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (startsWith(b, 0x50, 0x4b, 0x03, 0x04)) return 'zip';
  return null;
}

/**
 * The verdict on a whole file: refused with a message in plain words, or accepted with its type (from
 * its content) and a safe name (the right extension added when the name had none). `inflate` must stop
 * at the size it is given (attachment-verdict.ts).
 */
export function inspectAttachment(bytes: Uint8Array, filename: string, inflate: Inflate): AttachmentVerdict {
  const early = precheckAttachment(filename, bytes.length);
  if (early && early.reason !== 'type') return early;
  if (hasEicar(bytes)) return refuse('eicar', MESSAGES.attachmentMalware);
  if (isProgram(bytes)) return refuse('program', MESSAGES.attachmentProgram);
  if (early) return early;
  const found = detect(bytes);
  if (found === null) {
    const ext = extensionOf(filename);
    const claimed = Object.values(ATTACHMENT_TYPES).find((t) => t.extensions.includes(ext));
    return claimed
      ? refuse('mismatch', MESSAGES.attachmentMismatch(ext, `its content is not ${claimed.label}`))
      : refuse('type', MESSAGES.attachmentType);
  }
  const kind: AttachmentKind = found === 'zip' ? 'docx' : found;
  try {
    const budget = new UnpackBudget(inflate);
    if (found === 'zip') {
      const names = inspectZip(bytes, budget);
      if (!names.has('[content_types].xml') || !names.has('word/document.xml')) return refuse('type', MESSAGES.attachmentType);
    } else if (found === 'pdf') inspectPdf(latin1(bytes), bytes, budget);
    else if (found === 'png') checkPng(bytes);
    else checkJpeg(bytes);
  } catch (err) {
    if (err instanceof Refusal) return err.verdict;
    throw err;
  }
  const type = ATTACHMENT_TYPES[kind];
  const name = safeAttachmentName(filename);
  const ext = extensionOf(name);
  if (ext && !type.extensions.includes(ext)) return refuse('mismatch', MESSAGES.attachmentMismatch(ext, `it is ${type.label}`));
  return { ok: true, kind, contentType: type.contentType, filename: ext ? name : `${name}.${type.extensions[0]}` };
}
