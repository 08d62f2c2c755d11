/**
 * Importing autotext from a spreadsheet (spec §5: xls, xlsx, csv): which files are refused before
 * they are read, how a sheet's cells become rows, and each row's problems in plain words. Pure: the
 * client's preview and the server's import run the same checks.
 */
import { AUTOTEXT_LIMITS, autotextFieldsSchema, type AutotextImportRow } from './contract/autotext';
import { AUTOTEXT_SCOPES, type AutotextScope } from './autotext-access';
import { MESSAGES } from './messages';
import { fileExtension } from './upload-files';

export const IMPORT_EXTENSIONS = ['xls', 'xlsx', 'csv'] as const;
export type ImportKind = (typeof IMPORT_EXTENSIONS)[number];

/** Refused by name and size alone, before a byte is read; null when the file may be opened. */
export function importFileRefusal(name: string, size: number): string | null {
  if (!(IMPORT_EXTENSIONS as readonly string[]).includes(fileExtension(name))) return MESSAGES.autotextImportFileType(name);
  if (size > AUTOTEXT_LIMITS.importFileBytes) return MESSAGES.autotextImportFileTooBig(AUTOTEXT_LIMITS.importFileBytes / 1024 / 1024);
  if (size === 0) return MESSAGES.autotextImportEmpty;
  return null;
}

const startsWith = (head: Uint8Array, magic: number[]) => magic.every((b, i) => head[i] === b);
const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** OLE compound file: every real .xls from Excel 97 on. */
const CFB = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/**
 * What the first bytes say the file is. A .xlsx must be a zip, a .xls an Excel compound file, and a
 * .csv text (no NUL byte, no zip, compound-file or PDF header): a renamed file is refused unread.
 */
export function sniffImportFile(name: string, head: Uint8Array): { kind: ImportKind } | { refusal: string } {
  const ext = fileExtension(name) as ImportKind;
  const refused = { refusal: MESSAGES.autotextImportFileContent(name) };
  if (ext === 'xlsx') return startsWith(head, ZIP) ? { kind: ext } : refused;
  if (ext === 'xls') return startsWith(head, CFB) ? { kind: ext } : refused;
  if (ext === 'csv') {
    const binary = head.includes(0) || startsWith(head, ZIP) || startsWith(head, CFB) || startsWith(head, [0x25, 0x50, 0x44, 0x46]);
    return binary ? refused : { kind: ext };
  }
  return { refusal: MESSAGES.autotextImportFileType(name) };
}

const COLUMNS = ['shortcut', 'title', 'body', 'scope'] as const;

const cellText = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'string' ? v : String(v as number));

const isBlank = (cells: readonly unknown[]) => !cells.some((c) => cellText(c).trim());

/**
 * A sheet (rows of cells from the file's first row on; the first row that is not empty names the
 * columns, in any letter case) as import rows numbered as in the file. Empty rows are left out.
 */
export function tableToRows(table: readonly (readonly unknown[])[]): { rows: AutotextImportRow[] } | { error: string } {
  const headerAt = table.findIndex((cells) => !isBlank(cells));
  const header = (table[headerAt] ?? []).map((c) => cellText(c).trim().toLowerCase());
  const at = Object.fromEntries(COLUMNS.map((c) => [c, header.indexOf(c)])) as Record<(typeof COLUMNS)[number], number>;
  if (at.shortcut < 0 || at.title < 0 || at.body < 0) return { error: MESSAGES.autotextImportNoHeader };
  const rows: AutotextImportRow[] = [];
  for (let i = headerAt + 1; i < table.length; i++) {
    const cells = table[i]!;
    if (isBlank(cells)) continue;
    if (rows.length === AUTOTEXT_LIMITS.importRows) return { error: MESSAGES.autotextImportTooManyRows(AUTOTEXT_LIMITS.importRows) };
    const get = (col: number) => (col < 0 ? '' : cellText(cells[col]));
    rows.push({ row: i + 1, shortcut: get(at.shortcut), title: get(at.title), body: get(at.body), scope: get(at.scope) });
  }
  return rows.length ? { rows } : { error: MESSAGES.autotextImportEmpty };
}

/** A snippet already stored, for the duplicate check. */
export interface ExistingAutotext {
  scope: AutotextScope;
  department_id: number | null;
  shortcut: string;
}

export interface ImportContext {
  /** What the importing user may create (autotext-access.ts manageableScopes). */
  allowedScopes: readonly AutotextScope[];
  defaultScope: AutotextScope;
  departmentId: number | null;
  /** For messages: the chosen department's name. */
  departmentName?: string;
  /** The trust's shared snippets and the importing user's own. */
  existing: readonly ExistingAutotext[];
}

export interface CheckedRow {
  row: number;
  shortcut: string;
  title: string;
  body: string;
  scope: AutotextScope;
  department_id: number | null;
  /** Empty when the row can be imported. */
  errors: string[];
}

const scopeKey = (scope: AutotextScope, departmentId: number | null, shortcut: string) =>
  `${scope}:${scope === 'department' ? departmentId : ''}:${shortcut.toLowerCase()}`;

/** Where a snippet lives, for messages: "whole trust", "department Cardiology", "your own". */
export function scopePlaceLabel(scope: AutotextScope, departmentName?: string | null): string {
  if (scope === 'department') return departmentName ? `department ${departmentName}` : 'this department';
  return scope === 'trust' ? 'whole trust' : 'your own';
}

/**
 * Every row's problems: the field rules of the form (missing, too long, control characters, unknown
 * merge fields), the scope, a shortcut repeated in the file (the first good row keeps it) or already stored.
 */
export function checkImportRows(rows: readonly AutotextImportRow[], ctx: ImportContext): CheckedRow[] {
  const existing = new Set(ctx.existing.map((e) => scopeKey(e.scope, e.department_id, e.shortcut)));
  const firstRow = new Map<string, number>();
  return rows.map((r) => {
    const errors: string[] = [];
    const parsed = autotextFieldsSchema.safeParse({ shortcut: r.shortcut, title: r.title, body: r.body });
    const fields = parsed.success ? parsed.data : { shortcut: r.shortcut.trim(), title: r.title.trim(), body: r.body.trim() };
    if (!parsed.success) errors.push(...new Set(parsed.error.issues.map((i) => i.message)));

    const cell = (r.scope ?? '').trim().toLowerCase();
    let scope = ctx.defaultScope;
    if (cell) {
      if ((AUTOTEXT_SCOPES as readonly string[]).includes(cell)) scope = cell as AutotextScope;
      else errors.push(MESSAGES.autotextScopeUnknown(r.scope!.trim()));
    }
    if (!ctx.allowedScopes.includes(scope)) errors.push(MESSAGES.autotextScopeNotAllowed);
    const departmentId = scope === 'department' ? ctx.departmentId : null;
    if (scope === 'department' && !departmentId) errors.push(MESSAGES.autotextDepartmentRequired);

    if (fields.shortcut) {
      const key = scopeKey(scope, departmentId, fields.shortcut);
      const first = firstRow.get(key);
      if (first !== undefined) errors.push(MESSAGES.autotextDuplicateInFile(first));
      else if (!errors.length) firstRow.set(key, r.row);
      if (existing.has(key)) errors.push(MESSAGES.autotextDuplicateExisting(scopePlaceLabel(scope, ctx.departmentName)));
    }
    return { row: r.row, ...fields, scope, department_id: departmentId, errors };
  });
}
