import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { autotextImportResultSchema, autotextUsableSchema, type AutotextImport } from '../../src/domain/contract';
import { MESSAGES } from '../../src/domain/messages';
import { readImportFile } from '../../src/features/autotext/import/read-spreadsheet';
import { seedDemoAutotexts } from '../../server/db/demo-autotexts';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
let manager: string;
let secretary: string;
let otherAuthor: string;
let cardiology: number;

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoAutotexts(t.db);
  manager = await t.login('manager@wardnote.test');
  secretary = await t.login('secretary@wardnote.test');
  otherAuthor = await t.login('other.author@wardnote.test');
  const deps = await t.call('GET', '/api/autotext/departments', { token: manager });
  cardiology = deps.json<{ data: { id: number; code: string }[] }>().data.find((d) => d.code === 'CAR')!.id;
});
afterAll(() => t.close());

/** A spreadsheet file made here, as a user's spreadsheet program would save it. */
function spreadsheet(name: string, rows: unknown[][]): File {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Autotext');
  const kind = name.split('.').pop() as 'xlsx' | 'xls' | 'csv';
  const out: unknown = XLSX.write(book, { type: kind === 'csv' ? 'string' : 'buffer', bookType: kind === 'xls' ? 'biff8' : kind });
  return new File([out as BlobPart], name);
}

async function importRows(token: string, body: AutotextImport) {
  const res = await t.call('POST', '/api/autotext/import', { token, body });
  return { status: res.statusCode, json: res.json() };
}

async function rowsOf(file: File) {
  const read = await readImportFile(file);
  if ('error' in read) throw new Error(read.error);
  return read.rows;
}

const usableShortcuts = async (token: string) =>
  autotextUsableSchema.parse((await t.call('GET', '/api/autotext/usable', { token })).json()).data.map((s) => s.shortcut);

describe('import from xlsx, xls and csv files made in the test', () => {
  for (const ext of ['xlsx', 'xls', 'csv'] as const) {
    it(`.${ext}: good rows are added, bad rows are reported with their reasons`, async () => {
      const p = `${ext}-`;
      const file = spreadsheet(`snippets.${ext}`, [
        ['Shortcut', 'TITLE', 'body', 'Scope'],
        [`${p}ok`, 'Good one', 'I will see {{patient_first_name}} again.', ''],
        ['', 'No shortcut', 'Text', ''],
        [`${p}ok`, 'Repeated', 'Text', ''],
        ['dw', 'Already there', 'Dear Dr {{gp_name}}', 'trust'],
        [`${p}dep`, 'Cardiology one', 'Text', 'department'],
        // SheetJS writes .xls text cells of at most 255 characters: a long title fits every format.
        [`${p}long`, 'x'.repeat(101), 'Text', ''],
      ]);
      const rows = await rowsOf(file);
      expect(rows.map((r) => r.row)).toEqual([2, 3, 4, 5, 6, 7]);
      const res = await importRows(manager, { rows, default_scope: 'trust', department_id: cardiology });
      expect(res.status).toBe(200);
      const result = autotextImportResultSchema.parse(res.json);
      expect(result.imported.map((r) => [r.row, r.shortcut])).toEqual([
        [2, `${p}ok`],
        [6, `${p}dep`],
      ]);
      expect(result.skipped).toEqual([
        { row: 3, shortcut: '', reasons: [MESSAGES.autotextShortcutMissing] },
        { row: 4, shortcut: `${p}ok`, reasons: [MESSAGES.autotextDuplicateInFile(2)] },
        { row: 5, shortcut: 'dw', reasons: [MESSAGES.autotextDuplicateExisting('whole trust')] },
        { row: 7, shortcut: `${p}long`, reasons: [MESSAGES.autotextTooLong('title', 100, 101)] },
      ]);
      const got = await t.call('GET', `/api/autotext/${result.imported[1]!.id}`, { token: manager });
      expect(got.json().data).toMatchObject({ scope: 'department', department: { id: cardiology }, title: 'Cardiology one' });
    });
  }

  it('reads a Windows-1252 csv (Excel’s plain CSV) and keeps the pound sign', async () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('shortcut,title,body\r\nfee,Fee,The fee is '), 0xa3, 0x35, 0x30]);
    const rows = await rowsOf(new File([bytes], 'fees.csv'));
    expect(rows[0]!.body).toBe('The fee is £50');
  });

  it('a cell holding HTML or a formula is imported as the text it shows', async () => {
    const rows = await rowsOf(
      spreadsheet('markup.xlsx', [
        ['shortcut', 'title', 'body'],
        ['xss', '<b>Bold?</b>', '<img src=x onerror=alert(1)>'],
        ['frm', 'Formula', '=1+1'],
      ]),
    );
    const result = autotextImportResultSchema.parse((await importRows(secretary, { rows, default_scope: 'user' })).json);
    expect(result.imported).toHaveLength(2);
    const xss = await t.call('GET', `/api/autotext/${result.imported[0]!.id}`, { token: secretary });
    expect(xss.json().data).toMatchObject({ title: '<b>Bold?</b>', body: '<img src=x onerror=alert(1)>' });
  });

  it('a secretary imports only her own: trust rows are skipped with the reason', async () => {
    const rows = [
      { row: 2, shortcut: 'sec1', title: 'Mine', body: 'Text' },
      { row: 3, shortcut: 'sec2', title: 'Trust', body: 'Text', scope: 'trust' },
    ];
    const result = autotextImportResultSchema.parse((await importRows(secretary, { rows, default_scope: 'user' })).json);
    expect(result.imported.map((r) => r.shortcut)).toEqual(['sec1']);
    expect(result.skipped).toEqual([{ row: 3, shortcut: 'sec2', reasons: [MESSAGES.autotextScopeNotAllowed] }]);
    expect(await usableShortcuts(secretary)).toContain('sec1');
    expect(await usableShortcuts(manager)).not.toContain('sec1');
  });

  it('rows added in between are caught: the server checks again what is stored now', async () => {
    const rows = [{ row: 2, shortcut: 'race', title: 'T', body: 'B' }];
    expect(autotextImportResultSchema.parse((await importRows(manager, { rows, default_scope: 'trust' })).json).imported).toHaveLength(1);
    const again = autotextImportResultSchema.parse((await importRows(manager, { rows, default_scope: 'trust' })).json);
    expect(again).toEqual({
      imported: [],
      skipped: [{ row: 2, shortcut: 'race', reasons: [MESSAGES.autotextDuplicateExisting('whole trust')] }],
    });
  });

  it('another trust’s department and an oversized batch are refused whole', async () => {
    const other = await t.db.execute(`select id from departments where code = 'GEN'`);
    const gen = Number((other as unknown as { rows: { id: number }[] }).rows[0]!.id);
    const res = await importRows(manager, {
      rows: [{ row: 2, shortcut: 'a', title: 'T', body: 'B' }],
      default_scope: 'department',
      department_id: gen,
    });
    expect(res.status).toBe(422);
    const many = Array.from({ length: 101 }, (_, i) => ({ row: i + 2, shortcut: `m${i}`, title: 'T', body: 'B' }));
    expect((await importRows(manager, { rows: many, default_scope: 'trust' })).status).toBe(422);
  });

  it('what another trust imports stays in that trust', async () => {
    const result = autotextImportResultSchema.parse(
      (await importRows(otherAuthor, { rows: [{ row: 2, shortcut: 'dw', title: 'Mine', body: 'B' }], default_scope: 'user' })).json,
    );
    expect(result.imported).toHaveLength(1);
    expect(await usableShortcuts(otherAuthor)).toEqual(['dw']);
  });
});

describe('files refused before they are read', () => {
  it('by name, and by content that does not match the name', async () => {
    expect(await readImportFile(new File(['x'], 'snippets.ods'))).toEqual({ error: MESSAGES.autotextImportFileType('snippets.ods') });
    expect(await readImportFile(new File(['shortcut,title,body\na,b,c'], 'renamed.xlsx'))).toEqual({
      error: MESSAGES.autotextImportFileContent('renamed.xlsx'),
    });
    const xlsx = spreadsheet('real.xlsx', [['shortcut', 'title', 'body']]);
    expect(await readImportFile(new File([await xlsx.arrayBuffer()], 'renamed.csv'))).toEqual({
      error: MESSAGES.autotextImportFileContent('renamed.csv'),
    });
  });

  it('a broken spreadsheet gives one plain message', async () => {
    const broken = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(await readImportFile(new File([broken], 'broken.xlsx'))).toEqual({ error: MESSAGES.autotextImportUnreadable });
  });
});
