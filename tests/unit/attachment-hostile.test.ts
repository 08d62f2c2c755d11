import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inspectAttachment } from '../../src/domain/attachment-files';
import { boundedInflate } from '../../server/adapters/bounded-inflate';
import { EXE, JPEG, PNG, bytes, docx, document, objectStream, pdf, stream, xlsx, zip, zlibZeros } from '../fixtures/hostile-attachments';

/**
 * The ways round the attachment check that readers would still open (issue 22 points 2 and 7): each
 * one here was tried against it. The common cases are in attachment-files.test.ts.
 */
const inflate = boundedInflate;
const verdict = (file: Uint8Array, name: string) => {
  const v = inspectAttachment(file, name, inflate);
  return v.ok ? 'ok' : v.reason;
};
const field = (instr: string) =>
  `<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText>${instr}</w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>`;

describe('PDF: what readers read, the check reads', () => {
  it('keeps an /OpenAction that opens at a page, directly or through a reference, or jumps inside the document', () => {
    expect(verdict(pdf([], '/OpenAction [2 0 R /Fit]'), 'a.pdf')).toBe('ok');
    expect(verdict(pdf(['[2 0 R /FitH 800]'], '/OpenAction 3 0 R'), 'a.pdf')).toBe('ok');
    expect(verdict(pdf([], '/OpenAction << /S /GoTo /D [2 0 R /Fit] >>'), 'a.pdf')).toBe('ok');
  });

  it('refuses an /OpenAction that leads on to a link, or points at one through an object stream', () => {
    expect(verdict(pdf([], '/OpenAction << /S /GoTo /D [2 0 R /Fit] /Next << /S /URI /URI (https://evil.example/) >> >>'), 'a.pdf')).toBe(
      'pdf_active',
    );
    const packed = objectStream(['<< /S /URI /URI (https://evil.example/) >>'], ['FlateDecode']);
    expect(verdict(pdf([packed], '/OpenAction 50 0 R'), 'a.pdf')).toBe('pdf_active');
    expect(verdict(pdf([], '/OpenAction 99 0 R'), 'a.pdf')).toBe('pdf_active');
  });

  it('refuses a link the reading could not see as an object (something around it does not parse)', () => {
    expect(verdict(pdf(['<< /Junk ) /URI (file://evil.example/x) >>']), 'a.pdf')).toBe('pdf_active');
  });

  it('finds a stream whose dictionary is followed by a comment, and names split by NUL or #-escapes', () => {
    const hidden = objectStream(['<< /S /JavaScript /JS (1) >>'], ['ASCIIHexDecode']).replace('>>\nstream', '>> % note\nstream');
    expect(verdict(pdf([hidden]), 'a.pdf')).toBe('pdf_active');
    expect(verdict(pdf(['<< /S /JS\0(1) >>']), 'a.pdf')).toBe('pdf_active');
    expect(verdict(pdf(['<< /S /Sub#6ditForm >>']), 'a.pdf')).toBe('pdf_active');
  });

  it('refuses an encrypted PDF, a stream kept in another file, and a stream whose dictionary cannot be read', () => {
    expect(verdict(bytes(pdf(), 'trailer << /Root 1 0 R /Encrypt 9 0 R >>\n'), 'a.pdf')).toBe('uncheckable');
    expect(verdict(pdf([stream('/F (\\\\\\\\evil.example\\\\data.bin)', '')]), 'a.pdf')).toBe('pdf_active');
    expect(verdict(pdf(['(unbalanced >>\nstream\n1 2 3\nendstream']), 'a.pdf')).toBe('uncheckable');
    expect(verdict(pdf([stream('/Filter /FlateDecode /Filter /ASCIIHexDecode', deflateSync('x'))]), 'a.pdf')).toBe('uncheckable');
  });

  it('counts decoded streams against the one budget', () => {
    const big = stream('/Filter /FlateDecode', zlibZeros(40 * 1024 * 1024));
    expect(verdict(pdf([big]), 'a.pdf')).toBe('ok');
    expect(verdict(pdf([big, big]), 'a.pdf')).toBe('too_large');
  });
});

describe('Word: every part, however it is written', () => {
  it('reads DDE in UTF-16, with character references, under another namespace prefix, or behind a nested field', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(document(field(' DDEAUTO cmd "/c calc" ')), 'utf16le')]);
    expect(verdict(docx({ 'word/document.xml': utf16 }), 'a.docx')).toBe('external');
    expect(verdict(docx({}, field(' &#68;DE&#x41;UTO cmd "/c calc" ')), 'a.docx')).toBe('external');
    const prefixed = `<x:p xmlns:x="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><x:r><x:fldChar x:fldCharType="begin"/></x:r><x:r><x:instrText>DDE cmd</x:instrText></x:r><x:r><x:fldChar x:fldCharType="end"/></x:r></x:p>`;
    expect(verdict(docx({}, prefixed), 'a.docx')).toBe('external');
    const nested =
      '<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r>' +
      '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText>QUOTE 68 68 69</w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>' +
      '<w:r><w:instrText> cmd "/c calc"</w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>';
    expect(verdict(docx({}, nested), 'a.docx')).toBe('external');
    // Ordinary fields are kept.
    expect(verdict(docx({}, field(' PAGE \\* MERGEFORMAT ')), 'a.docx')).toBe('ok');
  });

  it('reads the embedded workbook too: a DDE formula there is refused, an ordinary one kept', () => {
    const dde = xlsx({
      'xl/worksheets/sheet2.xml': `<worksheet><sheetData><row><c><f>cmd|' /C calc'!A0</f></c></row></sheetData></worksheet>`,
    });
    expect(verdict(docx({ 'word/embeddings/Book1.xlsx': dde }), 'a.docx')).toBe('external');
    expect(verdict(docx({ 'word/embeddings/Book1.xlsx': xlsx() }), 'a.docx')).toBe('ok');
  });

  it('refuses a Windows program packed inside a part (an OLE package), whatever its first bytes', () => {
    expect(verdict(docx({ 'word/embeddings/oleObject1.bin': bytes([0xd0, 0xcf, 0x11, 0xe0], Buffer.alloc(100), EXE) }), 'a.docx')).toBe(
      'program',
    );
  });
});

describe('zip: laid out as a bomb, or not checkable', () => {
  it('refuses a local header that names another file than the central directory', () => {
    const good = docx();
    const at = good.indexOf('word/document.xml');
    const renamed = Buffer.from(good);
    renamed.write('word/documenX.xml', at, 'latin1');
    expect(verdict(renamed, 'a.docx')).toBe('bomb');
  });

  it('refuses 60,000 entries from the end record alone, before reading any', () => {
    const good = docx();
    const huge = Buffer.from(good);
    huge.writeUInt16LE(60_000, huge.length - 14);
    huge.writeUInt16LE(60_000, huge.length - 12);
    expect(verdict(huge, 'a.docx')).toBe('bomb');
  });

  it('cannot check an encrypted entry or one packed by a method Word does not write', () => {
    const good = docx();
    const cd = good.readUInt32LE(good.length - 6);
    const encrypted = Buffer.from(good);
    encrypted.writeUInt16LE(1, cd + 8);
    expect(verdict(encrypted, 'a.docx')).toBe('uncheckable');
    const bzip2 = Buffer.from(good);
    bzip2.writeUInt16LE(12, cd + 10);
    expect(verdict(bzip2, 'a.docx')).toBe('uncheckable');
  });

  it('refuses web page markup between the entries or in the comment', () => {
    expect(
      verdict(
        zip(
          [
            { name: '[Content_Types].xml', data: '<Types/>' },
            { name: 'word/document.xml', data: document() },
          ],
          '<script>x</script>',
        ),
        'a.docx',
      ),
    ).toBe('polyglot');
  });
});

describe('images: the picture and nothing else', () => {
  const chunk = (type: string, data: string) => {
    const body = Buffer.from(type + data, 'latin1');
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };

  it('refuses markup in a PNG text chunk or a JPEG comment; keeps padding after the end', () => {
    const iend = PNG.length - 12;
    const withText = Buffer.concat([PNG.subarray(0, iend), chunk('tEXt', 'Comment\0<svg onload=alert(1)>'), PNG.subarray(iend)]);
    expect(verdict(withText, 'a.png')).toBe('polyglot');
    const comment = Buffer.concat([
      JPEG.subarray(0, 2),
      Buffer.from([0xff, 0xfe, 0, 22]),
      Buffer.from('<script>x</script>!!', 'latin1'),
      JPEG.subarray(2),
    ]);
    expect(verdict(comment, 'a.jpg')).toBe('polyglot');
    expect(verdict(Buffer.concat([PNG, Buffer.alloc(16)]), 'a.png')).toBe('ok');
    expect(verdict(Buffer.concat([JPEG, Buffer.alloc(16, 0xff)]), 'a.jpg')).toBe('ok');
  });
});
