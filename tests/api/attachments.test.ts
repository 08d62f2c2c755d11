import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { auditLog, dictationAttachments, dictationLogs, dictations, outsourcingPools, users } from '../../server/db/schema';
import { MESSAGES } from '../../src/domain/messages';
import { ATTACHMENT_MAX_BYTES } from '../../src/domain/limits';
import type { AttachmentsAnswer } from '../../src/domain/contract';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { startTestApp, type TestApp } from './harness';
import { addUser } from './letters-fixtures';
import { startS3Emulator } from './s3-emulator';
import { tusClient } from './tus-client';
import { AUTHOR, FOREIGN, MANAGER, SECRETARY, SUPERADMIN, makeDictation, type Made } from './worklist-fixtures';
import {
  HOSTILE_DOCX,
  HOSTILE_PDF,
  JPEG_THEN_HTML,
  PNG_THEN_HTML,
  docxWithChart,
  docxWithWebLink,
  nestedBomb,
  overlappingBomb,
  pdfWithWebLink,
} from '../fixtures/hostile-attachments';

const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR'),
  Buffer.alloc(13, 1),
]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('This program cannot be run in DOS mode.')]);

async function macroDocx(): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<Types/>');
  zip.file('word/document.xml', '<w:document/>');
  zip.file('word/vbaProject.bin', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]));
  return Buffer.from(await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }));
}

let t: TestApp;
const tokens: Record<string, string> = {};
const d: Record<string, Made> = {};

const b64 = (s: string) => Buffer.from(s).toString('base64');

/** tus creation of an attachment upload, as the client sends it. */
async function create(who: string, dictationId: number, filename: string, size: number, extra = '') {
  const res = await fetch(`${t.base}/api/uploads`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${tokens[who]}`,
      'tus-resumable': '1.0.0',
      'upload-length': String(size),
      'upload-metadata': `kind ${b64('attachment')},dictationId ${b64(String(dictationId))},filename ${b64(filename)}${extra}`,
    },
  });
  const location = res.headers.get('location');
  return { status: res.status, url: location ? new URL(location, t.base).toString() : null, body: await res.text() };
}

/** Creates and sends the whole file; answers the final PATCH's status and body. */
async function attach(who: string, dictationId: number, filename: string, bytes: Buffer) {
  const created = await create(who, dictationId, filename, bytes.length);
  if (!created.url) return { status: created.status, body: created.body, url: null };
  const res = await fetch(created.url, {
    method: 'PATCH',
    headers: {
      authorization: `Bearer ${tokens[who]}`,
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    body: new Uint8Array(bytes),
  });
  return { status: res.status, body: await res.text(), url: created.url };
}

const list = (who: string, id: number) => t.call('GET', `/api/dictation/${id}/attachments`, { token: tokens[who] });
const listed = async (who: string, id: number) => (await list(who, id)).json<AttachmentsAnswer>();
const rows = (id: number) => t.db.select().from(dictationAttachments).where(eq(dictationAttachments.dictationId, id));
const logLines = async (id: number) =>
  (await t.db.select().from(dictationLogs).where(eq(dictationLogs.dictationId, id))).map((l) => l.description);
const audits = (action: string, id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(id))));

/** An author of the same trust who has nothing to do with the dictations below. */
const OTHER_AUTHOR = 'uninvolved.author@wardnote.test';
/** An external typist of the demo trust's outsourcing pool (seeded). */
const OUTSOURCED = 'outsourced@wardnote.test';
/** A secretary moved to the outsourcing pool during the tests below. */
const MOVED = 'moved.secretary@wardnote.test';

beforeAll(async () => {
  t = await startTestApp({}, { listen: true });
  await addUser(t.db, { email: OTHER_AUTHOR, first: 'Una', last: 'Involved', role: 'Author', like: AUTHOR });
  await addUser(t.db, { email: MOVED, first: 'Mo', last: 'Ved', role: 'Secretary', like: SECRETARY });
  for (const email of [AUTHOR, OTHER_AUTHOR, SECRETARY, MANAGER, SUPERADMIN, FOREIGN, OUTSOURCED, MOVED])
    tokens[email] = await t.login(email);
  d.typing = await makeDictation(t.db, { author: AUTHOR, status: 'BEING_TYPED', assignedTo: SECRETARY });
  d.approval = await makeDictation(t.db, { author: AUTHOR, status: 'AUTHOR_APPROVAL', assignedTo: SECRETARY });
  d.sent = await makeDictation(t.db, { author: AUTHOR, status: 'SENT', assignedTo: SECRETARY });
  d.confidential = await makeDictation(t.db, { author: AUTHOR, status: 'BEING_TYPED', assignedTo: MANAGER, confidential: true });
  d.foreign = await makeDictation(t.db, { author: FOREIGN, status: 'BEING_TYPED' });
});
afterAll(() => t.close());

describe('uploading an attachment (tus)', () => {
  it('attaches a PDF a secretary sends, typed by its content, with a dictation log and an audit entry', async () => {
    const sent = await attach(SECRETARY, d.typing!.id, 'Discharge summary.pdf', PDF);
    expect(sent.status).toBe(204);
    const answer = await listed(SECRETARY, d.typing!.id);
    expect(answer.can_add).toBe(true);
    expect(answer.data).toEqual([
      expect.objectContaining({
        filename: 'Discharge summary.pdf',
        content_type: 'application/pdf',
        filesize: PDF.length,
        uploaded_by: { id: expect.any(Number), full_name: 'Jenny Walsh' },
        can_delete: true,
        download_url: expect.stringMatching(/^\/api\/dictation\/\d+\/attachments\/\d+\?u=/),
      }),
    ]);
    expect(await logLines(d.typing!.id)).toContain('Added attachment Discharge summary.pdf');
    const [entry] = await audits('dictation.attachment_added', d.typing!.id);
    expect(entry?.details).toMatchObject({ attachment_id: answer.data[0]!.id, content_type: 'application/pdf' });
    expect(JSON.stringify(entry?.details)).not.toContain('Discharge');
  });

  it('lets the author, a manager and a SuperAdmin (who records nothing) attach too; the author sees it cannot delete others’ files', async () => {
    expect((await attach(AUTHOR, d.typing!.id, 'wound.png', PNG)).status).toBe(204);
    expect((await attach(MANAGER, d.approval!.id, 'scan.png', PNG)).status).toBe(204);
    expect((await attach(SUPERADMIN, d.approval!.id, 'scan', PDF)).status).toBe(204);
    const byAuthor = await listed(AUTHOR, d.typing!.id);
    expect(byAuthor.data.map((a) => [a.filename, a.can_delete])).toEqual([
      ['Discharge summary.pdf', false],
      ['wound.png', true],
    ]);
    expect((await listed(MANAGER, d.approval!.id)).data.map((a) => [a.filename, a.content_type])).toEqual([
      ['scan.png', 'image/png'],
      ['scan.pdf', 'application/pdf'],
    ]);
  });

  it('resumes: half the file, a lost connection, then the rest from the offset the server has', async () => {
    const bytes = Buffer.concat([PDF, Buffer.alloc(200_000, 0x20)]);
    const created = await create(SECRETARY, d.approval!.id, 'long.pdf', bytes.length);
    const tus = tusClient(t.base, tokens[SECRETARY]!);
    await tus.patchCutOff(created.url!, 0, bytes.subarray(0, 100_000), 60_000);
    const { offset } = await tus.offset(created.url!);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(bytes.length);
    const done = await tus.patch(created.url!, offset, bytes.subarray(offset));
    expect(done).toEqual({ status: 204, offset: bytes.length });
    const got = (await listed(SECRETARY, d.approval!.id)).data.find((a) => a.filename === 'long.pdf');
    expect(got?.filesize).toBe(bytes.length);
    // The answer was lost? The client asks where it stands: complete, nothing to send again.
    expect(await tus.offset(created.url!)).toEqual({ status: 200, offset: bytes.length });
  });

  it('refuses an oversized file at creation (Upload-Length), before a byte is sent', async () => {
    const res = await create(SECRETARY, d.typing!.id, 'huge.pdf', ATTACHMENT_MAX_BYTES + 1);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'attachment_too_large', message: MESSAGES.attachmentTooLarge(20) });
  });

  it('refuses the EICAR test file, a program renamed .pdf, a macro document and a mismatched name when the upload completes; nothing is kept', async () => {
    const before = (await rows(d.typing!.id)).length;
    const cases: [string, Buffer, string][] = [
      ['eicar.pdf', Buffer.from(EICAR), MESSAGES.attachmentMalware],
      ['letter.pdf', EXE, "This file can't be attached: it looks like a program, not a document."],
      ['notes.docx', await macroDocx(), MESSAGES.attachmentMacro],
      ['letter.pdf', PNG, "This file can't be attached: its name ends in .pdf but it is a PNG image."],
    ];
    for (const [name, bytes, message] of cases) {
      const res = await attach(SECRETARY, d.typing!.id, name, bytes);
      expect(res.status, name).toBe(422);
      expect(JSON.parse(res.body).message).toBe(message);
      // The upload is gone from storage: resuming finds nothing.
      expect((await tusClient(t.base, tokens[SECRETARY]!).offset(res.url!)).status).toBe(404);
    }
    expect(await rows(d.typing!.id)).toHaveLength(before);
  });

  it('refuses a name of another kind, an empty file and a missing dictation id at creation', async () => {
    const exe = await create(SECRETARY, d.typing!.id, 'setup.exe', 100);
    expect([exe.status, JSON.parse(exe.body).message]).toEqual([422, MESSAGES.attachmentType]);
    expect((await create(SECRETARY, d.typing!.id, 'a.pdf', 0)).status).toBe(422);
    const res = await fetch(`${t.base}/api/uploads`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${tokens[SECRETARY]}`,
        'tus-resumable': '1.0.0',
        'upload-length': '10',
        'upload-metadata': `kind ${b64('attachment')},filename ${b64('a.pdf')}`,
      },
    });
    expect(res.status).toBe(422);
  });

  it('answers 404 for another trust’s dictation, a confidential one the caller is not part of, or one that does not exist', async () => {
    expect((await create(SECRETARY, d.foreign!.id, 'a.pdf', PDF.length)).status).toBe(404);
    expect((await create(FOREIGN, d.typing!.id, 'a.pdf', PDF.length)).status).toBe(404);
    expect((await create(SECRETARY, d.confidential!.id, 'a.pdf', PDF.length)).status).toBe(404);
    expect((await create(OTHER_AUTHOR, d.typing!.id, 'a.pdf', PDF.length)).status).toBe(404);
    expect((await create(SECRETARY, 999999, 'a.pdf', PDF.length)).status).toBe(404);
  });

  it('refuses adding to a SENT dictation with 409 naming the status, also when it was sent while the file was on its way', async () => {
    const res = await create(SECRETARY, d.sent!.id, 'a.pdf', PDF.length);
    expect(res.status).toBe(409);
    expect(JSON.parse(res.body).message).toBe('This dictation is in Sent: its attachments can no longer be added or removed.');

    const late = await makeDictation(t.db, { author: AUTHOR, status: 'AUTHOR_APPROVAL', assignedTo: SECRETARY });
    const created = await create(SECRETARY, late.id, 'late.pdf', PDF.length);
    expect(created.status).toBe(201);
    await t.db.update(dictations).set({ status: 'SENT' }).where(eq(dictations.id, late.id));
    const done = await tusClient(t.base, tokens[SECRETARY]!).patch(created.url!, 0, PDF);
    expect(done.status).toBe(409);
    expect(await rows(late.id)).toHaveLength(0);
  });

  it('still keeps dictation audio uploads to those who record: a SuperAdmin cannot start one', async () => {
    expect((await tusClient(t.base, tokens[SUPERADMIN]!).create(100)).status).toBe(403);
    expect((await tusClient(t.base, tokens[SECRETARY]!).create(100)).status).toBe(201);
  });

  it('drops a right-to-left override from the name, so it cannot pass for another type (issue 22 point 8)', async () => {
    const made = await makeDictation(t.db, { author: AUTHOR, status: 'BEING_TYPED', assignedTo: SECRETARY });
    expect((await attach(SECRETARY, made.id, 'report\u202efdp.png', PNG)).status).toBe(204);
    expect((await listed(SECRETARY, made.id)).data.map((a) => a.filename)).toEqual(['reportfdp.png']);
  });
});

describe('listing and downloading', () => {
  it('is 404 for another trust, a confidential dictation the caller is not part of, and an author not involved', async () => {
    expect((await list(FOREIGN, d.typing!.id)).statusCode).toBe(404);
    expect((await list(OTHER_AUTHOR, d.typing!.id)).statusCode).toBe(404);
    expect((await list(SECRETARY, d.confidential!.id)).statusCode).toBe(404);
    expect((await list(SECRETARY, 999999)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/dictation/${d.typing!.id}/attachments`)).statusCode).toBe(401);
    expect((await listed(MANAGER, d.confidential!.id)).data).toEqual([]);
  });

  it('sends the file as a download with its stored type, a safe name and nosniff, and logs who downloaded it', async () => {
    const [pdf] = (await listed(MANAGER, d.typing!.id)).data;
    const res = await t.call('GET', `/api/dictation/${d.typing!.id}/attachments/${pdf!.id}`, { token: tokens[MANAGER] });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Discharge summary.pdf"; filename*=UTF-8''Discharge%20summary.pdf`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(await logLines(d.typing!.id)).toContain('Downloaded attachment Discharge summary.pdf');
    expect((await audits('dictation.attachment_downloaded', d.typing!.id)).map((a) => a.details)).toContainEqual({
      attachment_id: pdf!.id,
    });
  });

  it('works by the signed link of the list without a token; a forged link is refused', async () => {
    const [pdf] = (await listed(SECRETARY, d.typing!.id)).data;
    const linked = await fetch(`${t.base}${pdf!.download_url}`);
    expect(linked.status).toBe(200);
    expect(Buffer.from(await linked.arrayBuffer()).equals(PDF)).toBe(true);
    const forged = await fetch(`${t.base}${pdf!.download_url.replace(/sig=[^&]+/, 'sig=forged')}`);
    expect(forged.status).toBe(401);
  });

  it('is 404 for another trust’s user, and for an attachment asked for under another dictation', async () => {
    const [pdf] = (await listed(SECRETARY, d.typing!.id)).data;
    expect((await t.call('GET', `/api/dictation/${d.typing!.id}/attachments/${pdf!.id}`, { token: tokens[FOREIGN] })).statusCode).toBe(404);
    expect((await t.call('GET', `/api/dictation/${d.approval!.id}/attachments/${pdf!.id}`, { token: tokens[SECRETARY] })).statusCode).toBe(
      404,
    );
    expect((await t.call('GET', `/api/dictation/${d.typing!.id}/attachments/x`, { token: tokens[SECRETARY] })).statusCode).toBe(422);
  });
});

describe('hostile files (issue 22 points 2 and 7)', () => {
  /** Sends each file as a secretary; answers `name: status message` for each, and checks nothing was kept. */
  async function verdicts(files: [string, Buffer][]) {
    const made = await makeDictation(t.db, { author: AUTHOR, status: 'BEING_TYPED', assignedTo: SECRETARY });
    const out: string[] = [];
    for (const [name, bytes] of files) {
      const res = await attach(SECRETARY, made.id, name, bytes);
      out.push(`${name}: ${res.status} ${res.status === 204 ? '' : JSON.parse(res.body).message}`);
    }
    return { out, kept: (await rows(made.id)).map((r) => r.filename) };
  }

  it('refuses the overlapping-entry zip bomb (69 KB, 60 entries of 65 MiB) in words, keeping nothing', async () => {
    const bomb = overlappingBomb();
    const { out, kept } = await verdicts([['referral.docx', bomb]]);
    expect(out).toEqual([`referral.docx: 422 ${MESSAGES.attachmentZipBomb}`]);
    expect(kept).toEqual([]);
  });

  it('refuses a deeply nested zip bomb, and keeps a Word document with an embedded chart', async () => {
    const { out } = await verdicts([
      ['nested.docx', nestedBomb()],
      ['chart.docx', docxWithChart()],
    ]);
    expect(out).toEqual([`nested.docx: 422 ${MESSAGES.attachmentZipBomb}`, 'chart.docx: 204 ']);
  });

  it('refuses active PDFs, booby-trapped Word documents and polyglots, and keeps ordinary files with web links', async () => {
    const pdfActive = ['jsInHexObjStm', 'jsInLzwObjStm', 'openActionUri', 'submitFormXfa', 'goToRUnc'] as const;
    const external = ['remoteTemplate', 'mhtmlOleObject', 'ddeAuto', 'ddeFldSimple'] as const;
    const { out, kept } = await verdicts([
      ...pdfActive.map((n): [string, Buffer] => [`${n}.pdf`, HOSTILE_PDF[n]()]),
      ['undecodable.pdf', HOSTILE_PDF.undecodable()],
      ...external.map((n): [string, Buffer] => [`${n}.docx`, HOSTILE_DOCX[n]()]),
      ['programAsXml.docx', HOSTILE_DOCX.programAsXml()],
      ['html.pdf', HOSTILE_PDF.htmlPolyglot()],
      ['wound.png', PNG_THEN_HTML],
      ['wound.jpg', JPEG_THEN_HTML],
      ['links.pdf', pdfWithWebLink()],
      ['links.docx', docxWithWebLink()],
    ]);
    expect(out).toEqual([
      ...pdfActive.map((n) => `${n}.pdf: 422 ${MESSAGES.attachmentPdfActive}`),
      `undecodable.pdf: 422 ${MESSAGES.attachmentUncheckable}`,
      ...external.map((n) => `${n}.docx: 422 ${MESSAGES.attachmentExternal}`),
      `programAsXml.docx: 422 ${MESSAGES.attachmentProgram}`,
      `html.pdf: 422 ${MESSAGES.attachmentPolyglot}`,
      `wound.png: 422 ${MESSAGES.attachmentPolyglot}`,
      `wound.jpg: 422 ${MESSAGES.attachmentPolyglot}`,
      'links.pdf: 204 ',
      'links.docx: 204 ',
    ]);
    expect(kept).toEqual(['links.pdf', 'links.docx']);
  });
});

describe('who may download (issue 22 point 8)', () => {
  /** A dictation of the outsourcing pool (which its typists may open) with one attachment, added by a secretary. */
  async function outsourcedWithAttachment() {
    const made = await makeDictation(t.db, { author: AUTHOR, status: 'BEING_TYPED', assignedTo: SECRETARY });
    expect((await attach(SECRETARY, made.id, 'scan.pdf', PDF)).status).toBe(204);
    const [pool] = await t.db.select().from(outsourcingPools);
    await t.db
      .update(dictations)
      .set({ status: 'OUTSOURCED', outsourcingPoolId: pool!.id, assignedTo: null })
      .where(eq(dictations.id, made.id));
    const [a] = (await listed(SECRETARY, made.id)).data;
    return { id: made.id, a: a!, poolId: pool!.id };
  }

  it('refuses an external typist an attachment by id (403), as it refuses the list, though the dictation is theirs to open', async () => {
    const { id, a } = await outsourcedWithAttachment();
    expect((await t.call('GET', `/api/dictation/${id}`, { token: tokens[OUTSOURCED] })).statusCode).toBe(200);
    expect((await list(OUTSOURCED, id)).statusCode).toBe(403);
    const res = await t.call('GET', `/api/dictation/${id}/attachments/${a.id}`, { token: tokens[OUTSOURCED] });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.forbidden);
  });

  it('checks a signed link against the rule for the user it was made for, when it is used: moved to a pool since, refused', async () => {
    const { id, poolId } = await outsourcedWithAttachment();
    await t.db.update(dictations).set({ status: 'BEING_TYPED', outsourcingPoolId: null, assignedTo: null }).where(eq(dictations.id, id));
    const [a] = (await listed(MOVED, id)).data;
    expect((await fetch(`${t.base}${a!.download_url}`)).status).toBe(200);
    await t.db.update(users).set({ outsourcingPoolId: poolId }).where(eq(users.email, MOVED));
    await t.db.update(dictations).set({ status: 'OUTSOURCED', outsourcingPoolId: poolId }).where(eq(dictations.id, id));
    try {
      const res = await fetch(`${t.base}${a!.download_url}`);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { message: string }).message).toBe(MESSAGES.forbidden);
    } finally {
      await t.db.update(users).set({ outsourcingPoolId: null }).where(eq(users.email, MOVED));
    }
  });
});

describe('removing an attachment', () => {
  it('is refused to anyone but whoever added it (403), and 404 to another trust', async () => {
    const [pdf] = (await listed(SECRETARY, d.typing!.id)).data;
    const url = `/api/dictation/${d.typing!.id}/attachments/${pdf!.id}`;
    const byAuthor = await t.call('DELETE', url, { token: tokens[AUTHOR] });
    expect(byAuthor.statusCode).toBe(403);
    expect(byAuthor.json().message).toBe('Only the person who added this attachment can remove it.');
    expect((await t.call('DELETE', url, { token: tokens[MANAGER] })).statusCode).toBe(403);
    expect((await t.call('DELETE', url, { token: tokens[FOREIGN] })).statusCode).toBe(404);
    expect((await listed(SECRETARY, d.typing!.id)).data).toHaveLength(2);
  });

  it('removes it for whoever added it: gone from the list and from downloads, logged and audited', async () => {
    const [, png] = (await listed(AUTHOR, d.typing!.id)).data;
    const url = `/api/dictation/${d.typing!.id}/attachments/${png!.id}`;
    expect((await t.call('DELETE', url, { token: tokens[AUTHOR] })).statusCode).toBe(204);
    expect((await listed(AUTHOR, d.typing!.id)).data.map((a) => a.filename)).toEqual(['Discharge summary.pdf']);
    expect((await t.call('GET', url, { token: tokens[AUTHOR] })).statusCode).toBe(404);
    expect((await t.call('DELETE', url, { token: tokens[AUTHOR] })).statusCode).toBe(404);
    expect(await logLines(d.typing!.id)).toContain('Removed attachment wound.png');
    expect(await audits('dictation.attachment_deleted', d.typing!.id)).toHaveLength(1);
  });

  it('is refused once the dictation is SENT (409 naming the status); the files stay listed and downloadable', async () => {
    const [first] = (await listed(MANAGER, d.approval!.id)).data;
    await t.db.update(dictations).set({ status: 'SENT' }).where(eq(dictations.id, d.approval!.id));
    const res = await t.call('DELETE', `/api/dictation/${d.approval!.id}/attachments/${first!.id}`, { token: tokens[MANAGER] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MESSAGES.attachmentLocked('Sent'));
    const answer = await listed(MANAGER, d.approval!.id);
    expect(answer.can_add).toBe(false);
    expect(answer.data.every((a) => !a.can_delete)).toBe(true);
    expect((await t.call('GET', `/api/dictation/${d.approval!.id}/attachments/${first!.id}`, { token: tokens[MANAGER] })).statusCode).toBe(
      200,
    );
  });
});

describe('the server log', () => {
  it('never holds an attachment’s name or content', async () => {
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (c: Buffer) => lines.push(c.toString()));
    const dataDir = mkdtempSync(path.join(tmpdir(), 'wardnote-attach-log-'));
    const app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'info', DATA_DIR: dataDir }),
      db: t.db,
      serveClient: false,
      logStream: stream,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    try {
      const token = tokens[SECRETARY]!;
      const made = await makeDictation(t.db, { author: AUTHOR, status: 'BEING_TYPED', assignedTo: SECRETARY });
      const name = 'Smith-John-9434765919.pdf';
      for (const bytes of [PDF, EXE]) {
        const created = await fetch(`${base}/api/uploads`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'tus-resumable': '1.0.0',
            'upload-length': String(bytes.length),
            'upload-metadata': `kind ${b64('attachment')},dictationId ${b64(String(made.id))},filename ${b64(name)}`,
          },
        });
        await tusClient(base, token).patch(new URL(created.headers.get('location')!, base).toString(), 0, bytes);
      }
      const headers = { authorization: `Bearer ${token}` };
      const listing = await app.inject({ method: 'GET', url: `/api/dictation/${made.id}/attachments`, headers });
      const [a] = listing.json<AttachmentsAnswer>().data;
      expect(a?.filename).toBe(name);
      await app.inject({ method: 'GET', url: `/api/dictation/${made.id}/attachments/${a!.id}`, headers });
      expect(lines.join('')).toContain('request completed');
      expect(lines.join('')).not.toContain('Smith');
      expect(lines.join('')).not.toContain('9434765919');
      expect(lines.join('')).not.toContain(b64(name));
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('with S3 storage', () => {
  it('keeps the attachment in the bucket under an unguessable key, sends it back, and leaves nothing of a refused file', async () => {
    const credentials = { accessKeyId: 'wardnote-test', secretAccessKey: 'not-a-real-secret-but-checked' };
    const s3 = await startS3Emulator({ ...credentials, region: 'eu-west-2', buckets: ['wardnote-files'] });
    const main = t;
    const s3App = await startTestApp(
      {
        S3_BUCKET: 'wardnote-files',
        S3_REGION: 'eu-west-2',
        S3_ENDPOINT: s3.endpoint,
        S3_ACCESS_KEY_ID: credentials.accessKeyId,
        S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      },
      { listen: true },
    );
    const mainToken = tokens[SECRETARY];
    try {
      t = s3App;
      tokens[SECRETARY] = await s3App.login(SECRETARY);
      const made = await makeDictation(s3App.db, { author: AUTHOR, status: 'BEING_TYPED', assignedTo: SECRETARY });
      expect((await attach(SECRETARY, made.id, 'scan.pdf', PDF)).status).toBe(204);
      const [row] = await rows(made.id);
      expect(row!.storageKey).toMatch(/^attachments\/[0-9a-f]{32}\.pdf$/);
      expect(s3.keys('wardnote-files')).toContain(row!.storageKey);
      const [a] = (await listed(SECRETARY, made.id)).data;
      const res = await s3App.call('GET', `/api/dictation/${made.id}/attachments/${a!.id}`, { token: tokens[SECRETARY] });
      expect(res.rawPayload.equals(PDF)).toBe(true);

      const refused = await attach(SECRETARY, made.id, 'eicar.pdf', Buffer.from(EICAR));
      expect(refused.status).toBe(422);
      const id = refused.url!.split('/').pop()!;
      expect(s3.keys('wardnote-files').filter((k) => k.startsWith(id))).toEqual([]);
      expect(s3.keys('wardnote-files').filter((k) => k.startsWith('attachments/'))).toEqual([row!.storageKey]);
    } finally {
      t = main;
      tokens[SECRETARY] = mainToken!;
      await s3App.close();
      await s3.close();
    }
  });
});
