/**
 * A CSV file's lines as records (pure): a quoted cell may hold commas, doubled quotes and line breaks, so a
 * record is not always one line. Used to send again only the rows the preview found right (the server
 * numbers rows the same way: row 1 is the first record after the column names; blank lines are not rows).
 */
export function splitRecords(text: string): string[] {
  const body = text.replace(/^\uFEFF/, '');
  const records: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) {
      records.push(body.slice(start, i));
      if (c === '\r' && body[i + 1] === '\n') i++;
      start = i + 1;
    }
  }
  records.push(body.slice(start));
  return records.filter((r) => r.trim() !== '');
}

/** The file again with only the column names and the rows (numbered from 1 after them) kept. */
export function keepRows(text: string, rows: ReadonlySet<number>): string {
  const [header = '', ...records] = splitRecords(text);
  return [header, ...records.filter((_, i) => rows.has(i + 1))].join('\r\n') + '\r\n';
}
