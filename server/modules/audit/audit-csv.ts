/**
 * The audit export's CSV (RFC 4180: every cell quoted, quotes doubled, CRLF lines, a UTF-8 byte order mark
 * so a spreadsheet reads names right). A text cell a spreadsheet would run as a formula (starting with
 * =, +, -, @, a tab or a carriage return: OWASP "CSV injection") gets a leading apostrophe, so it is shown
 * as text: an action, a detail or an IP address written by a caller can never become a formula.
 */
import type { AuditEntry } from '../../../src/domain/contract';
import { auditActionLabel } from '../../../src/domain/messages-admin-audit';

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: neutralised if it could start a formula, then quoted. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '""';
  if (typeof value === 'number') return `"${value}"`;
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

export const csvLine = (cells: readonly (string | number | null | undefined)[]): string => `${cells.map(csvCell).join(',')}\r\n`;

export const AUDIT_CSV_BOM = '\ufeff';

export const AUDIT_CSV_HEADER = csvLine([
  'Entry',
  'Time (UTC)',
  'Trust',
  'User ID',
  'User',
  'Action',
  'What',
  'About (type)',
  'About (id)',
  'Dictation reference',
  'Details',
  'IP address',
]);

/** An entry as a CSV line: the row's own columns, the acting user's name and the dictation's reference, nothing more. */
export function auditCsvLine(trustId: number, e: AuditEntry): string {
  return csvLine([
    e.id,
    e.created_at,
    trustId,
    e.user?.id ?? null,
    e.user?.full_name ?? null,
    e.action,
    auditActionLabel(e.action),
    e.entity_type,
    e.entity_id,
    e.dictation_reference,
    e.details === null ? null : JSON.stringify(e.details),
    e.ip,
  ]);
}

/** The last line of an export cut short: one cell, starting with '#', saying why and how to get the rest. */
export const auditCsvNotice = (words: string): string => csvLine([`# ${words}`]);
