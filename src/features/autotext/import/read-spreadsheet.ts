import { AUTOTEXT_LIMITS } from '../../../domain/contract/autotext';
import { importFileRefusal, sniffImportFile, tableToRows } from '../../../domain/autotext-import';
import type { AutotextImportRow } from '../../../domain/contract';
import { MESSAGES } from '../../../domain/messages';

/** Bytes of text from a spreadsheet program: UTF-8 (with or without its mark), else Windows-1252 (Excel's plain "CSV"). */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/**
 * The cells of a file's first sheet, from the file's first row on, all as text. SheetJS and Papa Parse
 * are loaded here, on first use, never with the app.
 */
export async function readTable(kind: 'xls' | 'xlsx' | 'csv', bytes: Uint8Array): Promise<string[][]> {
  if (kind === 'csv') {
    const { default: Papa } = await import('papaparse');
    const parsed = Papa.parse<string[]>(decodeCsv(bytes), { skipEmptyLines: false, preview: AUTOTEXT_LIMITS.importRows + 50 });
    return parsed.data;
  }
  const XLSX = await import('@e965/xlsx');
  // Values only: no formulas, no HTML, no more rows than an import may hold.
  const book = XLSX.read(bytes, {
    type: 'array',
    dense: true,
    cellFormula: false,
    cellHTML: false,
    sheetRows: AUTOTEXT_LIMITS.importRows + 50,
  });
  const sheet = book.Sheets[book.SheetNames[0] ?? ''];
  if (!sheet) return [];
  return XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, raw: false, defval: '', blankrows: true, range: 0 });
}

export type ReadResult = { rows: AutotextImportRow[] } | { error: string };

/**
 * A chosen file as import rows: refused by name and size first, then by its first bytes, and only then
 * read. Whatever the libraries throw becomes one plain message.
 */
export async function readImportFile(file: File): Promise<ReadResult> {
  const refusal = importFileRefusal(file.name, file.size);
  if (refusal) return { error: refusal };
  const sniffed = sniffImportFile(file.name, new Uint8Array(await file.slice(0, 16).arrayBuffer()));
  if ('refusal' in sniffed) return { error: sniffed.refusal };
  try {
    return tableToRows(await readTable(sniffed.kind, new Uint8Array(await file.arrayBuffer())));
  } catch {
    return { error: MESSAGES.autotextImportUnreadable };
  }
}
