import { useMemo, useState } from 'react';
import { checkImportRows, type CheckedRow } from '../../../domain/autotext-import';
import type { AutotextScope } from '../../../domain/autotext-access';
import { AUTOTEXT_LIMITS, type AutotextImportResult, type AutotextImportRow, type AutotextSnippet } from '../../../domain/contract';
import { MESSAGES } from '../../../domain/messages';
import { HttpError } from '../../../lib/api/errors';
import { importAutotextBatch } from '../api';
import { readImportFile } from './read-spreadsheet';

/** Rows per call: small enough for a progress bar that moves, large enough to be quick. */
const BATCH = 25;

export type ImportStage =
  | { kind: 'choose'; error: string | null }
  | { kind: 'reading'; name: string }
  | { kind: 'preview'; name: string; rows: AutotextImportRow[] }
  | { kind: 'importing'; name: string; done: number; total: number }
  | { kind: 'report'; name: string; imported: number; skipped: AutotextImportResult['skipped']; stopped: string | null };

interface Options {
  allowedScopes: readonly AutotextScope[];
  existing: readonly AutotextSnippet[];
  departments: readonly { id: number; name: string }[];
  onImported: () => void;
}

/** Choose a file → preview with each row's problems → import the good rows in batches → report. */
export function useImport({ allowedScopes, existing, departments, onImported }: Options) {
  const [stage, setStage] = useState<ImportStage>({ kind: 'choose', error: null });
  const [defaultScope, setDefaultScope] = useState<AutotextScope>(allowedScopes[0] ?? 'user');
  const [departmentId, setDepartmentId] = useState<number | null>(null);
  const department = departments.find((d) => d.id === departmentId);

  const checked: CheckedRow[] = useMemo(
    () =>
      stage.kind === 'preview'
        ? checkImportRows(stage.rows, { allowedScopes, defaultScope, departmentId, departmentName: department?.name, existing })
        : [],
    [stage, allowedScopes, defaultScope, departmentId, department, existing],
  );

  async function choose(file: File | undefined) {
    if (!file) return;
    setStage({ kind: 'reading', name: file.name });
    const read = await readImportFile(file);
    setStage('error' in read ? { kind: 'choose', error: read.error } : { kind: 'preview', name: file.name, rows: read.rows });
  }

  async function run() {
    if (stage.kind !== 'preview') return;
    const good = checked.filter((r) => !r.errors.length);
    const skipped: AutotextImportResult['skipped'] = checked
      .filter((r) => r.errors.length)
      .map((r) => ({ row: r.row, shortcut: r.shortcut, reasons: r.errors }));
    const byRow = new Map(stage.rows.map((r) => [r.row, r]));
    let imported = 0;
    let stopped: string | null = null;
    setStage({ kind: 'importing', name: stage.name, done: 0, total: good.length });
    for (let i = 0; i < good.length; i += BATCH) {
      const rows = good.slice(i, i + BATCH).map((r) => ({ ...byRow.get(r.row)!, scope: r.scope }));
      try {
        const result = await importAutotextBatch({ rows, default_scope: defaultScope, department_id: departmentId });
        imported += result.imported.length;
        skipped.push(...result.skipped);
      } catch (err) {
        stopped = err instanceof HttpError ? err.message : MESSAGES.serverError;
        break;
      }
      setStage({ kind: 'importing', name: stage.name, done: Math.min(good.length, i + BATCH), total: good.length });
    }
    skipped.sort((a, b) => a.row - b.row);
    setStage({ kind: 'report', name: stage.name, imported, skipped, stopped });
    if (imported) onImported();
  }

  const reset = () => setStage({ kind: 'choose', error: null });

  return {
    stage,
    checked,
    defaultScope,
    setDefaultScope,
    departmentId,
    setDepartmentId,
    choose,
    run,
    reset,
    maxRows: AUTOTEXT_LIMITS.importRows,
  };
}
