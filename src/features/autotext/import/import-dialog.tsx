import { useId, useRef } from 'react';
import { FileUp } from 'lucide-react';
import { AUTOTEXT_SCOPE_LABELS, type AutotextScope } from '../../../domain/autotext-access';
import { IMPORT_EXTENSIONS } from '../../../domain/autotext-import';
import type { AutotextSnippet } from '../../../domain/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { AppDialog } from '../../../components/ui/dialog';
import { PreviewTable } from './preview-table';
import { useImport } from './use-import';

interface Props {
  allowedScopes: readonly AutotextScope[];
  existing: readonly AutotextSnippet[];
  departments: readonly { id: number; name: string }[];
  onClose: () => void;
  onImported: () => void;
}

const selectClass = 'min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-base dark:border-slate-600 dark:bg-slate-900';
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Import autotext from an xls, xlsx or csv file: nothing is saved before the preview is accepted. */
export function ImportDialog({ allowedScopes, existing, departments, onClose, onImported }: Props) {
  const imp = useImport({ allowedScopes, existing, departments, onImported });
  const { stage } = imp;
  const input = useRef<HTMLInputElement>(null);
  const fileHelp = useId();
  const good = imp.checked.filter((r) => !r.errors.length).length;
  const bad = imp.checked.length - good;
  const busy = stage.kind === 'importing' || stage.kind === 'reading';

  return (
    <AppDialog open onOpenChange={(open) => !open && !busy && onClose()} title="Import autotext" size="xl">
      <div className="flex flex-col gap-4">
        {(stage.kind === 'choose' || stage.kind === 'preview') && (
          <div className="flex flex-wrap items-end gap-4">
            <label className="flex flex-col gap-1 text-sm font-medium">
              Rows with no scope go to
              <select
                className={selectClass}
                value={imp.defaultScope}
                onChange={(e) => imp.setDefaultScope(e.target.value as AutotextScope)}
              >
                {allowedScopes.map((s) => (
                  <option key={s} value={s}>
                    {AUTOTEXT_SCOPE_LABELS[s]}
                  </option>
                ))}
              </select>
            </label>
            {allowedScopes.includes('department') && (
              <label className="flex flex-col gap-1 text-sm font-medium">
                Department for department rows
                <select
                  className={selectClass}
                  value={imp.departmentId ?? ''}
                  onChange={(e) => imp.setDepartmentId(e.target.value ? Number(e.target.value) : null)}
                >
                  <option value="">None</option>
                  {departments.map((d) => (
                    <option key={d.id} value={d.id}>
                      {d.name}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </div>
        )}

        {stage.kind === 'choose' && (
          <>
            <p id={fileHelp} className="text-sm text-slate-600 dark:text-slate-300">
              A spreadsheet ({IMPORT_EXTENSIONS.map((e) => `.${e}`).join(', ')}) whose first row names the columns <b>shortcut</b>,{' '}
              <b>title</b> and <b>body</b>, and optionally <b>scope</b> (trust, department or user). At most {imp.maxRows} rows. You will
              see every row before anything is saved.
            </p>
            {stage.error && <Alert>{stage.error}</Alert>}
            <input
              ref={input}
              type="file"
              accept=".xls,.xlsx,.csv"
              className="sr-only"
              aria-describedby={fileHelp}
              aria-label="Spreadsheet to import"
              onChange={(e) => {
                void imp.choose(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
            <div>
              <Button onPress={() => input.current?.click()}>
                <FileUp aria-hidden className="size-4" /> Choose a file
              </Button>
            </div>
          </>
        )}

        {stage.kind === 'reading' && <p role="status">Reading {stage.name}…</p>}

        {stage.kind === 'preview' && (
          <>
            <p role="status" className="text-sm">
              <b>{stage.name}</b>: {plural(good, 'row')} ready to import
              {bad > 0 && (
                <>
                  , <span className="font-semibold text-red-700 dark:text-red-400">{plural(bad, 'row')} with problems</span> (they will be
                  skipped)
                </>
              )}
              .
            </p>
            <PreviewTable rows={imp.checked} />
            <div className="flex flex-wrap justify-end gap-3">
              <Button tone="secondary" onPress={imp.reset}>
                Choose another file
              </Button>
              <Button isDisabled={!good} onPress={() => void imp.run()}>
                Import {plural(good, 'row')}
              </Button>
            </div>
          </>
        )}

        {stage.kind === 'importing' && (
          <div className="flex flex-col gap-2">
            <p id="import-progress-label">
              Importing {stage.done} of {stage.total}…
            </p>
            <progress
              aria-labelledby="import-progress-label"
              max={stage.total || 1}
              value={stage.done}
              className="h-3 w-full overflow-hidden rounded-full accent-brand-600"
            />
          </div>
        )}

        {stage.kind === 'report' && (
          <>
            {stage.stopped && <Alert>The import stopped: {stage.stopped} The rows listed as imported are saved.</Alert>}
            <Alert tone={stage.imported ? 'success' : 'info'}>
              {plural(stage.imported, 'autotext')} imported, {plural(stage.skipped.length, 'row')} skipped.
            </Alert>
            {stage.skipped.length > 0 && (
              <div>
                <h3 className="mb-2 font-semibold">Skipped rows</h3>
                <ul className="space-y-1 text-sm" aria-label="Skipped rows">
                  {stage.skipped.map((s) => (
                    <li key={s.row}>
                      Row {s.row}
                      {s.shortcut && <> (“{s.shortcut}”)</>}: {s.reasons.join(' ')}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <div className="flex justify-end gap-3">
              <Button tone="secondary" onPress={imp.reset}>
                Import another file
              </Button>
              <Button onPress={onClose}>Done</Button>
            </div>
          </>
        )}
      </div>
    </AppDialog>
  );
}
