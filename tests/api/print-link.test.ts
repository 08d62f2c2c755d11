import { pathOf } from '../../src/domain/contract/endpoint';
import { E } from '../../src/domain/contract/endpoints';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, dictationLogs, dictations, letters, outsourcingPools, roles, userRoles, users } from '../../server/db/schema';
import { letterText } from '../../src/domain/letter-doc';
import { startTestApp, type TestApp } from './harness';
import { addUser, letterDoc } from './letters-fixtures';
import { AUTHOR, FOREIGN, MANAGER, SECRETARY, makeDictation } from './worklist-fixtures';

/**
 * Print links (issue 13, /renderdocument): a Secretary or Manager who may see the dictation mints a
 * short-lived signed link; whoever holds it gets the letter's PDF without signing in, logged as a print.
 * An altered link is 403; an expired one, or one whose letter changed since, 410; neither says whether
 * the dictation exists.
 */

const FOREIGN_SECRETARY = 'foreign.secretary@wardnote.test';
let t: TestApp;
const tokens: Record<string, string> = {};
let made: { id: number; reference: string };

const mint = (who: string, id: number) => t.call('POST', pathOf(E.dictationPrintLink, { id }), { token: tokens[who] });
const open = (url: string) => t.call('GET', url);
const withParam = (url: string, key: string, value: string) => {
  const u = new URL(url, 'http://x');
  u.searchParams.set(key, value);
  return `${u.pathname}${u.search}`;
};

beforeAll(async () => {
  t = await startTestApp();
  await addUser(t.db, { email: FOREIGN_SECRETARY, first: 'Fran', last: 'Foreign', role: 'Secretary', like: FOREIGN });
  for (const email of [AUTHOR, SECRETARY, MANAGER, FOREIGN_SECRETARY]) tokens[email] = await t.login(email);
  made = await makeDictation(t.db, { author: AUTHOR, status: 'BEING_TYPED', assignedTo: SECRETARY });
  const doc = letterDoc('The echo is normal. Print me.');
  const [row] = await t.db.select().from(dictations).where(eq(dictations.id, made.id));
  await t.db.insert(letters).values({ dictationId: made.id, trustId: row!.trustId, doc: doc as never, text: letterText(doc), version: 1 });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('print links', () => {
  it('gives a Secretary a link that answers the letter’s PDF without signing in, logged as a print', async () => {
    const res = await mint(SECRETARY, made.id);
    expect(res.statusCode).toBe(200);
    const link = res.json().data as { url: string; pdf_url: string; expires_at: string };
    expect(link.url).toMatch(/^\/renderdocument\?d=\d+&v=1&u=\d+&s=\d+&exp=\d+&sig=/);
    expect(link.pdf_url).toBe(link.url.replace('/renderdocument?', `${E.printDocument.path}?`));
    const ttl = new Date(link.expires_at).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(60_000);
    expect(ttl).toBeLessThanOrEqual(5 * 60_000);

    const pdf = await open(link.pdf_url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('no-store');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true });
    expect(text).toContain('Print me.');

    const logs = await t.db.select().from(dictationLogs).where(eq(dictationLogs.dictationId, made.id));
    expect(logs.map((l) => [l.type, l.description])).toContainEqual(['printed', 'Printed letter (PDF) from a print link']);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'letter.printed'));
    expect(audits.map((a) => a.entityId)).toContain(String(made.id));
  });

  it('refuses an altered link (403), another dictation’s (403), an expired one and one whose letter changed (410)', async () => {
    const { pdf_url } = (await mint(MANAGER, made.id)).json().data as { pdf_url: string };
    const sig = new URL(pdf_url, 'http://x').searchParams.get('sig')!;
    const other = await makeDictation(t.db, { author: AUTHOR, status: 'BEING_TYPED', assignedTo: SECRETARY });

    const tampered = withParam(pdf_url, 'sig', `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`);
    const otherDictation = withParam(pdf_url, 'd', String(other.id));
    const missing = withParam(pdf_url, 'd', '999999');
    const later = withParam(pdf_url, 'exp', String(Date.now() + 60 * 60_000));
    for (const url of [tampered, otherDictation, missing, later]) {
      const res = await open(url);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('This print link is not valid. Ask for a new print link from the letter.');
    }
    expect((await open(`${E.printDocument.path}?d=1`)).statusCode).toBe(403);

    // A new version of the letter: the old link no longer prints.
    await t.db.update(letters).set({ version: 2 }).where(eq(letters.dictationId, made.id));
    const changed = await open(pdf_url);
    expect(changed.statusCode).toBe(410);
    expect(changed.json().message).toMatch(/expired or the letter has changed/);
    await t.db.update(letters).set({ version: 1 }).where(eq(letters.dictationId, made.id));
  });

  it('ends with time', async () => {
    const { pdf_url } = (await mint(SECRETARY, made.id)).json().data as { pdf_url: string };
    const real = Date.now;
    Date.now = () => real() + 6 * 60_000;
    try {
      expect((await open(pdf_url)).statusCode).toBe(410);
    } finally {
      Date.now = real;
    }
    expect((await open(pdf_url)).statusCode).toBe(200);
  });

  it('holds its maker to the rule as they are when it is used: a role that no longer prints, or an outsourcing pool, prints nothing (410)', async () => {
    const PRINTER = 'printer.secretary@wardnote.test';
    await addUser(t.db, { email: PRINTER, first: 'Pat', last: 'Printer', role: 'Secretary', like: SECRETARY });
    const token = await t.login(PRINTER);
    const mintAs = async () =>
      ((await t.call('POST', pathOf(E.dictationPrintLink, { id: made.id }), { token })).json().data as { pdf_url: string }).pdf_url;
    const [printer] = await t.db.select().from(users).where(eq(users.email, PRINTER));
    // A SuperAdmin may read every trust's letters, but printing them is not theirs.
    const [admin] = await t.db.select().from(roles).where(eq(roles.name, 'SuperAdmin'));
    const [secretary] = await t.db.select().from(roles).where(eq(roles.name, 'Secretary'));

    const byRole = await mintAs();
    expect((await open(byRole)).statusCode).toBe(200);
    await t.db.update(userRoles).set({ roleId: admin!.id }).where(eq(userRoles.userId, printer!.id));
    expect((await open(byRole)).statusCode).toBe(410);

    await t.db.update(userRoles).set({ roleId: secretary!.id }).where(eq(userRoles.userId, printer!.id));
    const byPool = await mintAs();
    const [pool] = await t.db.select().from(outsourcingPools).limit(1);
    await t.db.update(users).set({ outsourcingPoolId: pool!.id }).where(eq(users.id, printer!.id));
    expect((await open(byPool)).statusCode).toBe(410);
  });

  it('is minted only by a Secretary or Manager who may see the dictation; another trust’s is not found', async () => {
    expect((await mint(AUTHOR, made.id)).statusCode).toBe(403);
    expect((await mint(FOREIGN_SECRETARY, made.id)).statusCode).toBe(404);
    expect((await mint(SECRETARY, 999999)).statusCode).toBe(404);
    expect((await t.call('POST', pathOf(E.dictationPrintLink, { id: made.id }))).statusCode).toBe(401);
  });
});
