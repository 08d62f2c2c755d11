/**
 * The CSV file again with only the rows the preview found right (pure). Read as the server reads it
 * (papaparse, blank lines skipped, a byte-order mark dropped), so row n here is row n of the preview:
 * row 1 is the first line after the column names. Loaded when an import is committed, not with the page.
 */
import Papa from 'papaparse';

export function keepRows(text: string, rows: ReadonlySet<number>): string {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [header = [], ...lines] = parsed.data;
  return Papa.unparse([header, ...lines.filter((_, i) => rows.has(i + 1))], { newline: '\r\n' }) + '\r\n';
}
