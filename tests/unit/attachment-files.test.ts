import { inflateRawSync, inflateSync, deflateSync } from 'node:zlib';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { inspectAttachment, precheckAttachment, safeAttachmentName, type Inflate } from '../../src/domain/attachment-files';
import { ATTACHMENT_MAX_BYTES } from '../../src/domain/limits';
import { formatFileSize } from '../../src/features/attachments/format-size';
import { MESSAGES } from '../../src/domain/messages';

const inflate: Inflate = (data, format) => {
  try {
    return format === 'raw' ? inflateRawSync(data) : inflateSync(data);
  } catch {
    return null;
  }
};
const bytes = (...parts: (string | number[] | Uint8Array)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
const tinyPdf = (body = '') =>
  bytes(
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n',
    body,
    'trailer << /Root 1 0 R >>\n%%EOF\n',
  );
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13], 'IHDR', [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'JFIF', [0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);

async function docx(
  extra: Record<string, string | Uint8Array> = {},
  contentTypes = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
) {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    `<?xml version="1.0"?><Types><Override PartName="/word/document.xml" ContentType="${contentTypes}"/></Types>`,
  );
  zip.file('word/document.xml', '<w:document><w:body><w:p><w:r><w:t>Discharge summary</w:t></w:r></w:p></w:body></w:document>');
  for (const [name, content] of Object.entries(extra)) zip.file(name, content);
  return Buffer.from(await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }));
}

const ok = (v: ReturnType<typeof inspectAttachment>) => {
  if (!v.ok) throw new Error(`refused: ${v.message}`);
  return v;
};

describe('accepted files, typed by their content', () => {
  it('accepts a PDF, PNG, JPEG and DOCX with the content type of what they are', async () => {
    expect(ok(inspectAttachment(tinyPdf(), 'letter.pdf', inflate))).toMatchObject({ kind: 'pdf', contentType: 'application/pdf' });
    expect(ok(inspectAttachment(PNG, 'wound.png', inflate))).toMatchObject({ kind: 'png', contentType: 'image/png' });
    expect(ok(inspectAttachment(JPEG, 'Photo 1.JPG', inflate))).toMatchObject({ kind: 'jpeg', filename: 'Photo 1.JPG' });
    expect(ok(inspectAttachment(JPEG, 'scan.jpeg', inflate)).kind).toBe('jpeg');
    expect(ok(inspectAttachment(await docx(), 'referral.docx', inflate))).toMatchObject({
      kind: 'docx',
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
  });

  it('adds the right extension to a name without one', () => {
    expect(ok(inspectAttachment(tinyPdf(), 'scan', inflate)).filename).toBe('scan.pdf');
  });

  it('accepts a PDF whose compressed streams hold ordinary page content', () => {
    const stream = deflateSync(Buffer.from('BT /F1 12 Tf (Hello) Tj ET'));
    const pdf = tinyPdf(
      `3 0 obj << /Length ${stream.length} /Filter /FlateDecode >>\nstream\n${stream.toString('latin1')}\nendstream\nendobj\n`,
    );
    expect(inspectAttachment(pdf, 'a.pdf', inflate).ok).toBe(true);
  });
});

describe('refused files', () => {
  const refused = (v: ReturnType<typeof inspectAttachment>) => {
    if (v.ok) throw new Error('accepted');
    return v;
  };

  it('refuses programs whatever their name: Windows, Linux, macOS and scripts', () => {
    const cases = [
      bytes('MZ', [0x90, 0, 3, 0], 'This program cannot be run in DOS mode'),
      bytes([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]),
      bytes([0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1]),
      bytes([0xfe, 0xed, 0xfa, 0xce, 0, 0, 0, 7]),
      bytes([0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 2]),
      bytes('#!/bin/sh\nrm -rf ~\n'),
    ];
    for (const file of cases) {
      expect(refused(inspectAttachment(file, 'discharge.pdf', inflate))).toEqual({
        ok: false,
        reason: 'program',
        message: "This file can't be attached: it looks like a program, not a document.",
      });
    }
  });

  it('refuses the EICAR test signature anywhere: alone, inside a PDF, inside a compressed PDF stream, inside a DOCX', async () => {
    expect(refused(inspectAttachment(bytes(EICAR), 'eicar.pdf', inflate)).reason).toBe('eicar');
    expect(refused(inspectAttachment(tinyPdf(`% ${EICAR}\n`), 'a.pdf', inflate)).reason).toBe('eicar');
    const stream = deflateSync(Buffer.from(EICAR));
    expect(
      refused(inspectAttachment(tinyPdf(`3 0 obj <<>>\nstream\n${stream.toString('latin1')}\nendstream\n`), 'a.pdf', inflate)).reason,
    ).toBe('eicar');
    expect(refused(inspectAttachment(await docx({ 'word/media/x.txt': EICAR }), 'a.docx', inflate))).toMatchObject({
      reason: 'eicar',
      message: MESSAGES.attachmentMalware,
    });
  });

  it('refuses PDFs with JavaScript, JS, Launch or embedded files, also hidden by #-escapes or in object streams', () => {
    for (const body of [
      '4 0 obj << /S /JavaScript /JS (app.alert(1)) >> endobj\n',
      '4 0 obj << /OpenAction << /JS 5 0 R >> >> endobj\n',
      '4 0 obj << /Type /Action /S /Launch /F (cmd.exe) >> endobj\n',
      '4 0 obj << /Type /EmbeddedFile /Length 3 >> endobj\n',
      '4 0 obj << /Names << /EmbeddedFiles 6 0 R >> >> endobj\n',
      '4 0 obj << /S /J#61vaScript >> endobj\n',
    ]) {
      expect(refused(inspectAttachment(tinyPdf(body), 'a.pdf', inflate))).toMatchObject({
        reason: 'pdf_active',
        message: MESSAGES.attachmentPdfActive,
      });
    }
    const objStm = deflateSync(Buffer.from('5 0 << /S /Launch /F (x) >>'));
    const pdf = tinyPdf(`3 0 obj << /Type /ObjStm /Filter /FlateDecode >>\nstream\n${objStm.toString('latin1')}\nendstream\nendobj\n`);
    expect(refused(inspectAttachment(pdf, 'a.pdf', inflate)).reason).toBe('pdf_active');
    const plainObjStm = tinyPdf('3 0 obj << /Type /ObjStm /N 1 >>\nstream\n5 0 << /S /JavaScript >>\nendstream\nendobj\n');
    expect(refused(inspectAttachment(plainObjStm, 'a.pdf', inflate)).reason).toBe('pdf_active');
  });

  it('does not read image data as PDF names (random bytes may spell /JS)', () => {
    const image = tinyPdf(
      '3 0 obj << /Subtype /Image /Filter /DCTDecode >>\nstream\n\xff\xd8 /JS (x) /Launch \xff\xd9\nendstream\nendobj\n',
    );
    expect(inspectAttachment(image, 'scan.pdf', inflate).ok).toBe(true);
  });

  it('does not mistake names that merely start like an active one', () => {
    expect(inspectAttachment(tinyPdf('4 0 obj << /JSON 1 /Launcher 2 >> endobj\n'), 'a.pdf', inflate).ok).toBe(true);
  });

  it('refuses macro-enabled Word documents: vbaProject.bin, a macroEnabled content type, or a .docm name', async () => {
    expect(refused(inspectAttachment(await docx({ 'word/vbaProject.bin': new Uint8Array([1, 2, 3]) }), 'a.docx', inflate))).toMatchObject({
      reason: 'macro',
      message: "This file can't be attached: it contains macros. Save it as an ordinary Word document (.docx) and try again.",
    });
    expect(
      refused(inspectAttachment(await docx({}, 'application/vnd.ms-word.document.macroEnabled.main+xml'), 'a.docx', inflate)).reason,
    ).toBe('macro');
    expect(refused(inspectAttachment(await docx(), 'a.docm', inflate)).reason).toBe('macro');
  });

  it('refuses a zip that is not a Word document, and a program hidden in one', async () => {
    const zip = new JSZip();
    zip.file('readme.txt', 'hello');
    const plain = Buffer.from(await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }));
    expect(refused(inspectAttachment(plain, 'a.docx', inflate)).reason).toBe('type');
    const withExe = await docx({ 'word/embeddings/setup.bin': bytes('MZ', [0x90, 0, 3, 0]) });
    expect(refused(inspectAttachment(withExe, 'a.docx', inflate)).reason).toBe('program');
  });

  it('refuses a name that says one type when the content is another', () => {
    expect(refused(inspectAttachment(PNG, 'letter.pdf', inflate))).toEqual({
      ok: false,
      reason: 'mismatch',
      message: "This file can't be attached: its name ends in .pdf but it is a PNG image.",
    });
    expect(refused(inspectAttachment(bytes('just some text'), 'letter.pdf', inflate)).message).toBe(
      "This file can't be attached: its name ends in .pdf but its content is not a PDF.",
    );
    expect(refused(inspectAttachment(tinyPdf(), 'letter.docx', inflate)).reason).toBe('mismatch');
  });

  it('refuses other kinds (HEIC, GIF, text, old .doc) with the list of what is accepted', () => {
    const heic = bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0], 'mif1heic');
    expect(refused(inspectAttachment(heic, 'IMG_0001.HEIC', inflate))).toMatchObject({ reason: 'type', message: MESSAGES.attachmentType });
    expect(refused(inspectAttachment(heic, 'photo', inflate)).reason).toBe('type');
    expect(refused(inspectAttachment(bytes('GIF89a'), 'a.gif', inflate)).reason).toBe('type');
    expect(refused(inspectAttachment(bytes([0xd0, 0xcf, 0x11, 0xe0]), 'old.doc', inflate)).reason).toBe('type');
    expect(MESSAGES.attachmentType).toBe("This file can't be attached: only PDF, PNG, JPEG and Word (.docx) files can.");
  });

  it('refuses an empty file', () => {
    expect(refused(inspectAttachment(new Uint8Array(0), 'a.pdf', inflate)).reason).toBe('empty');
  });
});

describe('before uploading (the browser)', () => {
  it('refuses oversized, empty and plainly wrong files by name and size, and lets the rest through to the server', () => {
    expect(precheckAttachment('big.pdf', ATTACHMENT_MAX_BYTES + 1)).toMatchObject({ ok: false, reason: 'too_large' });
    expect(precheckAttachment('big.pdf', ATTACHMENT_MAX_BYTES + 1)?.message).toBe(
      "This file is larger than 20 MB and can't be attached. Send a smaller file or a scan at a lower resolution.",
    );
    expect(precheckAttachment('a.pdf', 0)).toMatchObject({ reason: 'empty' });
    expect(precheckAttachment('setup.exe', 10)).toMatchObject({ reason: 'type' });
    expect(precheckAttachment('a.docm', 10)).toMatchObject({ reason: 'macro' });
    expect(precheckAttachment('a.pdf', ATTACHMENT_MAX_BYTES)).toBeNull();
    expect(precheckAttachment('scan', 10)).toBeNull();
  });
});

describe('safe names', () => {
  it('drops folders, control and reserved characters and leading dots; keeps the extension when shortening', () => {
    expect(safeAttachmentName('C:\\Users\\jo\\Desktop\\clinic letter.pdf')).toBe('clinic letter.pdf');
    expect(safeAttachmentName('../../etc/passwd')).toBe('passwd');
    expect(safeAttachmentName('a\r\nb"<x>.pdf')).toBe('abx.pdf');
    expect(safeAttachmentName('...hidden.png')).toBe('hidden.png');
    expect(safeAttachmentName('')).toBe('attachment');
    const long = safeAttachmentName(`${'x'.repeat(300)}.docx`);
    expect(long).toHaveLength(120);
    expect(long.endsWith('.docx')).toBe(true);
  });
});

describe('sizes as the list shows them', () => {
  it('reads bytes, KB and MB', () => {
    expect([formatFileSize(29), formatFileSize(12_500), formatFileSize(5 * 1024 * 1024), formatFileSize(15.6 * 1024 * 1024)]).toEqual([
      '29 bytes',
      '12 KB',
      '5.0 MB',
      '16 MB',
    ]);
  });
});
