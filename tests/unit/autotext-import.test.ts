import { describe, expect, it } from 'vitest';
import { checkImportRows, importFileRefusal, sniffImportFile, tableToRows, type ImportContext } from '../../src/domain/autotext-import';
import { autotextInputSchema } from '../../src/domain/contract';
import { MESSAGES } from '../../src/domain/messages';

const bytes = (...b: number[]) => new Uint8Array([...b, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20]);
const ctx: ImportContext = {
  allowedScopes: ['trust', 'department', 'user'],
  defaultScope: 'trust',
  departmentId: 7,
  departmentName: 'Cardiology',
  existing: [{ scope: 'trust', department_id: null, shortcut: 'DW' }],
};
const row = (n: number, shortcut: string, title = 'T', body = 'B', scope?: string) => ({ row: n, shortcut, title, body, scope });

describe('which files are opened', () => {
  it('accepts xls, xlsx and csv in any letter case, refuses the rest by name', () => {
    expect(importFileRefusal('snippets.XLSX', 100)).toBeNull();
    expect(importFileRefusal('a.xls', 100)).toBeNull();
    expect(importFileRefusal('a.csv', 100)).toBeNull();
    expect(importFileRefusal('a.ods', 100)).toBe(MESSAGES.autotextImportFileType('a.ods'));
    expect(importFileRefusal('csv', 100)).toBe(MESSAGES.autotextImportFileType('csv'));
    expect(importFileRefusal('big.csv', 6 * 1024 * 1024)).toBe(MESSAGES.autotextImportFileTooBig(5));
  });

  it('refuses a file whose content is not what its name says', () => {
    expect(sniffImportFile('a.xlsx', bytes(0x50, 0x4b, 0x03, 0x04))).toEqual({ kind: 'xlsx' });
    expect(sniffImportFile('a.xls', bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))).toEqual({ kind: 'xls' });
    expect(sniffImportFile('a.csv', new TextEncoder().encode('shortcut,title,body\n'))).toEqual({ kind: 'csv' });
    for (const [name, head] of [
      ['renamed.xlsx', new TextEncoder().encode('shortcut,title')],
      ['renamed.xls', bytes(0x50, 0x4b, 0x03, 0x04)],
      ['zip.csv', bytes(0x50, 0x4b, 0x03, 0x04)],
      ['pdf.csv', new TextEncoder().encode('%PDF-1.7')],
      ['binary.csv', bytes(0x41, 0x00, 0x42)],
    ] as const) {
      expect(sniffImportFile(name, head)).toEqual({ refusal: MESSAGES.autotextImportFileContent(name) });
    }
  });
});

describe('a sheet as rows', () => {
  it('finds the columns by name in any case and numbers rows as in the file', () => {
    const result = tableToRows([
      ['Body', 'SHORTCUT', 'Title', 'Scope'],
      ['Dear Dr {{gp_name}},', 'dw', 'Dear doctor', 'trust'],
      ['', '', '', ''],
      ['Yours sincerely', 'ys', 'Sign-off', ''],
    ]);
    expect(result).toEqual({
      rows: [
        { row: 2, shortcut: 'dw', title: 'Dear doctor', body: 'Dear Dr {{gp_name}},', scope: 'trust' },
        { row: 4, shortcut: 'ys', title: 'Sign-off', body: 'Yours sincerely', scope: '' },
      ],
    });
  });

  it('needs the shortcut, title and body columns, and at least one row', () => {
    expect(tableToRows([['shortcut', 'text']])).toEqual({ error: MESSAGES.autotextImportNoHeader });
    expect(tableToRows([['shortcut', 'title', 'body']])).toEqual({ error: MESSAGES.autotextImportEmpty });
  });

  it('turns numbers into text', () => {
    expect(
      tableToRows([
        ['shortcut', 'title', 'body'],
        [6, 'Six', 12.5],
      ]),
    ).toEqual({
      rows: [{ row: 2, shortcut: '6', title: 'Six', body: '12.5', scope: '' }],
    });
  });
});

describe('row checks', () => {
  it('passes a good row, trimmed, with the default scope', () => {
    const [r] = checkImportRows([row(2, ' fu6 ', ' Follow-up ', 'I will review {{patient_first_name}} in six weeks.\r\n')], ctx);
    expect(r).toEqual({
      row: 2,
      shortcut: 'fu6',
      title: 'Follow-up',
      body: 'I will review {{patient_first_name}} in six weeks.',
      scope: 'trust',
      department_id: null,
      errors: [],
    });
  });

  it('names a missing shortcut, title and text', () => {
    expect(checkImportRows([row(2, '', '', '')], ctx)[0]!.errors).toEqual([
      MESSAGES.autotextShortcutMissing,
      MESSAGES.autotextTitleMissing,
      MESSAGES.autotextBodyMissing,
    ]);
  });

  it('names what is too long', () => {
    const [r] = checkImportRows([row(2, 'x'.repeat(21), 't'.repeat(101), 'b'.repeat(4001))], ctx);
    expect(r!.errors).toEqual([
      MESSAGES.autotextTooLong('shortcut', 20, 21),
      MESSAGES.autotextTooLong('title', 100, 101),
      MESSAGES.autotextTooLong('text', 4000, 4001),
    ]);
  });

  it('refuses spaces in a shortcut, control characters and unknown merge fields', () => {
    const rows = checkImportRows(
      [row(2, 'two words'), row(3, 'ok', 'Tab\there'), row(4, 'ok2', 'T', 'bell\u0007'), row(5, 'ok3', 'T', 'Hi {{nick}}')],
      ctx,
    );
    expect(rows.map((r) => r.errors)).toEqual([
      [MESSAGES.autotextShortcutFormat],
      [MESSAGES.autotextControlCharacter('title')],
      [MESSAGES.autotextControlCharacter('text')],
      [MESSAGES.autotextUnknownField('{{nick}}')],
    ]);
  });

  it('refuses the bidi controls the attachment names drop too: overrides, isolates and marks (text-controls.ts)', () => {
    const rows = checkImportRows(
      [row(2, 'b1', 'T', 'see \u202eetoN'), row(3, 'b2', '\u2067Title\u2069'), row(4, 'b3', 'T', 'left\u200fmark')],
      ctx,
    );
    expect(rows.map((r) => r.errors)).toEqual([
      [MESSAGES.autotextControlCharacter('text')],
      [MESSAGES.autotextControlCharacter('title')],
      [MESSAGES.autotextControlCharacter('text')],
    ]);
  });

  it('keeps tabs and new lines in the text, and markup as plain text', () => {
    const [r] = checkImportRows([row(2, 'tbl', 'T', 'a\tb\nc <script>alert(1)</script>')], ctx);
    expect(r!.errors).toEqual([]);
    expect(r!.body).toBe('a\tb\nc <script>alert(1)</script>');
  });

  it('flags a shortcut repeated in the file (any case) and one already stored in the same scope', () => {
    const rows = checkImportRows(
      [row(2, 'nka'), row(3, 'NKA'), row(4, 'dw'), row(5, 'dw', 'T', 'B', 'user'), row(6, 'nka', 'T', 'B', 'user')],
      ctx,
    );
    expect(rows.map((r) => r.errors)).toEqual([
      [],
      [MESSAGES.autotextDuplicateInFile(2)],
      [MESSAGES.autotextDuplicateExisting('whole trust')],
      [],
      [],
    ]);
  });

  it('lets the first good row keep a repeated shortcut', () => {
    const rows = checkImportRows([row(2, 'rep', ''), row(3, 'rep')], ctx);
    expect(rows.map((r) => r.errors)).toEqual([[MESSAGES.autotextTitleMissing], []]);
  });

  it('checks the scope cell against what the user may add', () => {
    const own: ImportContext = { ...ctx, allowedScopes: ['user'], defaultScope: 'user' };
    const rows = checkImportRows([row(2, 'a', 'T', 'B', 'Trust'), row(3, 'b', 'T', 'B', 'team'), row(4, 'c')], own);
    expect(rows.map((r) => r.errors)).toEqual([[MESSAGES.autotextScopeNotAllowed], [MESSAGES.autotextScopeUnknown('team')], []]);
    expect(rows[2]!.scope).toBe('user');
  });

  it('needs a department for department rows', () => {
    const [r] = checkImportRows([row(2, 'a', 'T', 'B', 'department')], { ...ctx, departmentId: null });
    expect(r!.errors).toEqual([MESSAGES.autotextDepartmentRequired]);
  });
});

describe('the create schema', () => {
  it('needs a department for department scope', () => {
    const r = autotextInputSchema.safeParse({ shortcut: 'a', title: 'T', body: 'B', scope: 'department' });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({ path: ['department_id'], message: MESSAGES.autotextDepartmentRequired });
  });
});
