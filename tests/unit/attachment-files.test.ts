import { deflateSync } from 'node:zlib';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { inspectAttachment, precheckAttachment, safeAttachmentName, type Inflate } from '../../src/domain/attachment-files';
import { ATTACHMENT_MAX_BYTES } from '../../src/domain/limits';
import { boundedInflate } from '../../server/adapters/bounded-inflate';
import { formatFileSize } from '../../src/features/attachments/format-size';
import { MESSAGES } from '../../src/domain/messages';
import {
  HOSTILE_DOCX,
  HOSTILE_PDF,
  JPEG_THEN_HTML,
  JPEG_WITH_GAIN_MAP,
  MIB,
  PNG as FULL_PNG,
  PNG_THEN_HTML,
  docxWithChart,
  docxWithWebLink,
  docxWithZeros,
  duplicateEntryZip,
  manyEntries,
  nestedBomb,
  overlappingBomb,
  pdfCompressed,
  pdfWithWebLink,
  wideNestedBomb,
} from '../fixtures/hostile-attachments';

/** The server's own inflater: capped at what is left of the budget. */
const inflate = boundedInflate;
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
      refused(
        inspectAttachment(
          tinyPdf(`3 0 obj << /Filter /FlateDecode >>\nstream\n${stream.toString('latin1')}\nendstream\n`),
          'a.pdf',
          inflate,
        ),
      ).reason,
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
  it('drops right-to-left overrides and the other bidi controls, which make a name read as another type (issue 22 point 8)', () => {
    expect(safeAttachmentName('report\u202efdp.png')).toBe('reportfdp.png');
    expect(safeAttachmentName('\u2067scan\u2069\u200f.\u200epdf\u061c\u202a')).toBe('scan.pdf');
  });

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

const refusedBy = (v: ReturnType<typeof inspectAttachment>) => {
  if (v.ok) throw new Error(`accepted as ${v.kind}`);
  return v;
};
/** An inflater that counts its calls, to see what was inflated before the verdict. */
const counting = () => {
  const calls = { n: 0 };
  const f: Inflate = (data, format, max) => {
    calls.n++;
    return inflate(data, format, max);
  };
  return { calls, f };
};

describe('zip bombs (issue 22 point 2)', () => {
  it('refuses the overlapping-entry bomb (60 entries pointing at one 65 MiB stream) without inflating anything', () => {
    const bomb = overlappingBomb();
    expect(bomb.length).toBeLessThan(80_000);
    const { calls, f } = counting();
    expect(refusedBy(inspectAttachment(bomb, 'referral.docx', f))).toEqual({
      ok: false,
      reason: 'bomb',
      message: MESSAGES.attachmentZipBomb,
    });
    expect(calls.n).toBe(0);
  });

  it('refuses an entry listed twice, and more than 2,000 entries', () => {
    expect(refusedBy(inspectAttachment(duplicateEntryZip(), 'a.docx', inflate)).reason).toBe('bomb');
    expect(inspectAttachment(manyEntries(1_900), 'a.docx', inflate).ok).toBe(true);
    expect(refusedBy(inspectAttachment(manyEntries(2_001), 'a.docx', inflate))).toMatchObject({
      reason: 'bomb',
      message: MESSAGES.attachmentZipBomb,
    });
  });

  it('charges an entry that alone is over the budget, rather than skipping it', () => {
    const big = docxWithZeros(65 * MIB);
    expect(refusedBy(inspectAttachment(big, 'a.docx', inflate))).toMatchObject({
      reason: 'too_large',
      message: MESSAGES.attachmentUnpackedTooLarge,
    });
  });

  it('counts the entries of zips inside the document against the same budget, and refuses zips nested deeper than an embedded document', () => {
    expect(refusedBy(inspectAttachment(nestedBomb(), 'a.docx', inflate))).toMatchObject({
      reason: 'bomb',
      message: MESSAGES.attachmentZipBomb,
    });
    expect(refusedBy(inspectAttachment(nestedBomb(3, 1024), 'a.docx', inflate)).reason).toBe('bomb');
    expect(refusedBy(inspectAttachment(wideNestedBomb(), 'a.docx', inflate)).reason).toBe('too_large');
    // A chart's workbook embedded in a Word document is a zip in a zip, and ordinary.
    expect(ok(inspectAttachment(docxWithChart(), 'chart.docx', inflate)).kind).toBe('docx');
  });
});

describe('active PDFs (issue 22 point 7)', () => {
  it('refuses scripts in object streams behind every standard filter and chain, a predictor, or a padded dictionary', () => {
    for (const name of [
      'jsInHexObjStm',
      'jsInAscii85ObjStm',
      'jsInLzwObjStm',
      'jsInRunLengthObjStm',
      'jsInChainedObjStm',
      'jsInPredictedObjStm',
      'jsInPaddedDictObjStm',
    ] as const) {
      expect(refusedBy(inspectAttachment(HOSTILE_PDF[name](), 'a.pdf', inflate)), name).toMatchObject({
        reason: 'pdf_active',
        message: MESSAGES.attachmentPdfActive,
      });
    }
  });

  it('refuses actions that run on opening or reach outside: /OpenAction /URI, /SubmitForm with XFA, /GoToR to a UNC path, a link to a file share', () => {
    for (const name of ['openActionUri', 'submitFormXfa', 'goToRUnc', 'fileUriLink'] as const)
      expect(refusedBy(inspectAttachment(HOSTILE_PDF[name](), 'a.pdf', inflate)).reason, name).toBe('pdf_active');
  });

  it('refuses a PDF with a stream that cannot be decoded, so cannot be checked', () => {
    for (const name of ['unknownFilter', 'undecodable'] as const)
      expect(refusedBy(inspectAttachment(HOSTILE_PDF[name](), 'a.pdf', inflate)), name).toMatchObject({
        reason: 'uncheckable',
        message: MESSAGES.attachmentUncheckable,
      });
  });

  it('keeps an ordinary PDF: compressed object streams and content, a JPEG image, a web link', () => {
    expect(ok(inspectAttachment(pdfCompressed(), 'a.pdf', inflate)).kind).toBe('pdf');
    expect(ok(inspectAttachment(pdfWithWebLink(), 'a.pdf', inflate)).kind).toBe('pdf');
  });
});

describe('booby-trapped Word documents (issue 22 point 7)', () => {
  it('refuses a remote template, an external mhtml: OLE object, DDE and remote-picture fields, and a link to a file share', () => {
    for (const name of [
      'remoteTemplate',
      'mhtmlOleObject',
      'ddeAuto',
      'ddeAutoSplit',
      'ddeFldSimple',
      'includePicture',
      'fileShareLink',
    ] as const)
      expect(refusedBy(inspectAttachment(HOSTILE_DOCX[name](), 'a.docx', inflate)), name).toMatchObject({
        reason: 'external',
        message: MESSAGES.attachmentExternal,
      });
  });

  it('checks every part’s content whatever its name: a program named .xml is refused', () => {
    expect(refusedBy(inspectAttachment(HOSTILE_DOCX.programAsXml(), 'a.docx', inflate)).reason).toBe('program');
  });

  it('keeps an ordinary document with a web link', () => {
    expect(ok(inspectAttachment(docxWithWebLink(), 'a.docx', inflate)).kind).toBe('docx');
  });
});

describe('polyglots (issue 22 point 7)', () => {
  it('refuses HTML after %PDF-, or after the end of a PNG or a JPEG', () => {
    for (const [file, name] of [
      [HOSTILE_PDF.htmlPolyglot(), 'a.pdf'],
      [PNG_THEN_HTML, 'a.png'],
      [JPEG_THEN_HTML, 'a.jpg'],
    ] as const)
      expect(refusedBy(inspectAttachment(file, name, inflate)), name).toMatchObject({
        reason: 'polyglot',
        message: MESSAGES.attachmentPolyglot,
      });
  });

  it('keeps a complete PNG and a phone photo with a second image (a gain map) after the first', () => {
    expect(ok(inspectAttachment(FULL_PNG, 'a.png', inflate)).kind).toBe('png');
    expect(ok(inspectAttachment(JPEG_WITH_GAIN_MAP, 'a.jpg', inflate)).kind).toBe('jpeg');
  });
});
