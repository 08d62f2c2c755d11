import { useRef, useState } from 'react';
import { toast } from 'sonner';
import type { UserImportRow, UsersImportAnswer } from '../../domain/contract';
import { USER_IMPORT_MAX_BYTES } from '../../domain/limits';
import { MESSAGES, PAGE_MESSAGES } from '../../domain/messages';
import { useSubmit } from '../../lib/use-submit';
import { useMediaQuery } from '../../lib/use-media-query';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { AppDialog } from '../../components/ui/dialog';
import { useImportUsers } from './api';
import { ERROR_TEXT, HINT } from './controls';

const rowWords = (r: UserImportRow) => r.errors.map((e) => (e.column ? `${e.column}: ${e.message}` : e.message));

/** What a row says: "Ready", "Imported", or each problem in words. */
function Result({ r }: { r: UserImportRow }) {
  return r.ok ? (
    <span className="font-medium text-emerald-800 dark:text-emerald-300">{r.id ? 'Imported' : 'Ready'}</span>
  ) : (
    <ul className={`list-disc pl-4 ${ERROR_TEXT}`}>
      {rowWords(r).map((w) => (
        <li key={w}>{w}</li>
      ))}
    </ul>
  );
}

/** The preview's rows: each with its name, e-mail and, when it cannot be imported, what is wrong in words (a list on a phone). */
function PreviewTable({ rows, caption }: { rows: UserImportRow[]; caption: string }) {
  const wide = useMediaQuery('(min-width: 640px)');
  if (!wide) {
    return (
      <ul
        aria-label={caption}
        className="max-h-[50dvh] divide-y divide-slate-200 overflow-auto rounded-lg ring-1 ring-slate-200 dark:divide-slate-700 dark:ring-slate-700"
      >
        {rows.map((r) => (
          <li key={r.row} className="p-2 text-sm">
            <p className="font-medium">
              Row {r.row}: {r.full_name || '—'}
            </p>
            <p className="text-slate-600 [overflow-wrap:anywhere] dark:text-slate-300">{r.email || '—'}</p>
            <div className="mt-1">
              <Result r={r} />
            </div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="max-h-[50dvh] overflow-auto rounded-lg ring-1 ring-slate-200 dark:ring-slate-700">
      <table className="w-full table-fixed text-left text-sm" aria-label={caption}>
        <thead className="sticky top-0 border-b border-slate-300 bg-white dark:border-slate-700 dark:bg-slate-800">
          <tr>
            <th scope="col" className="w-14 px-2 py-2">
              Row
            </th>
            <th scope="col" className="w-2/5 px-2 py-2">
              User
            </th>
            <th scope="col" className="px-2 py-2">
              Result
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.row} className="border-b border-slate-200 align-top dark:border-slate-700">
              <td className="px-2 py-2">{r.row}</td>
              <td className="px-2 py-2">
                <span className="block font-medium">{r.full_name || '—'}</span>
                <span className="block text-slate-600 [overflow-wrap:anywhere] dark:text-slate-300">{r.email || '—'}</span>
              </td>
              <td className="px-2 py-2">
                <Result r={r} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Import users from a CSV file (issue 25): the file is checked on the server first (a preview: each row
 * ready, or what is wrong with it in words); "Import N users" then imports the rows that are right, each
 * invited by e-mail; the rows with errors are skipped and listed.
 */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const importUsers = useImportUsers();
  const form = useSubmit();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [preview, setPreview] = useState<UsersImportAnswer | null>(null);
  const [done, setDone] = useState<{ answer: UsersImportAnswer; skipped: UserImportRow[] } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const ready = preview?.rows.filter((r) => r.ok) ?? [];

  async function pick(chosen: File | undefined) {
    setPreview(null);
    setDone(null);
    setFile(null);
    setFileError(null);
    if (!chosen) return;
    if (!/\.csv$/i.test(chosen.name)) return setFileError(PAGE_MESSAGES.usersImportFileType(chosen.name));
    if (chosen.size > USER_IMPORT_MAX_BYTES) return setFileError(PAGE_MESSAGES.usersImportTooLarge(USER_IMPORT_MAX_BYTES));
    const text = await chosen.text();
    setFile({ name: chosen.name, text });
    await form.run(async () => setPreview(await importUsers.mutateAsync({ csv: text, dry_run: true })));
  }

  async function commit() {
    if (!file || !preview) return;
    const skipped = preview.rows.filter((r) => !r.ok);
    await form.run(async () => {
      const { keepRows } = await import('./csv-records');
      const answer = await importUsers.mutateAsync({ csv: keepRows(file.text, new Set(ready.map((r) => r.row))), dry_run: false });
      setDone({ answer, skipped });
      setPreview(null);
      toast.success(answer.message);
    });
  }

  return (
    <AppDialog open onOpenChange={(open) => !open && onClose()} title="Import users from CSV" size="lg">
      <div className="flex flex-col gap-4">
        <p className={HINT}>{PAGE_MESSAGES.usersImportIntro}</p>
        {!done && (
          <div className="flex flex-col gap-1">
            <label htmlFor="users-csv" className="text-sm font-medium">
              {PAGE_MESSAGES.usersImportPick}
            </label>
            <input
              ref={input}
              id="users-csv"
              type="file"
              accept=".csv,text/csv"
              aria-invalid={fileError ? true : undefined}
              aria-describedby={fileError ? 'users-csv-error' : undefined}
              className="text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-4 file:font-semibold dark:file:border-slate-600 dark:file:bg-slate-800 dark:file:text-slate-100"
              onChange={(e) => void pick(e.target.files?.[0])}
            />
            {fileError && (
              <span id="users-csv-error" className={ERROR_TEXT}>
                {fileError}
              </span>
            )}
          </div>
        )}
        {form.error && <Alert>{form.error}</Alert>}
        {form.busy && <p className={HINT}>{preview ? 'Importing…' : 'Checking the file…'}</p>}
        {preview && (
          <>
            <Alert tone={preview.with_errors ? 'info' : 'success'}>{preview.message}</Alert>
            <PreviewTable rows={preview.rows} caption="Preview of the import" />
            {ready.length === 0 && <p className={ERROR_TEXT}>{PAGE_MESSAGES.usersImportNothingToImport}</p>}
          </>
        )}
        {done && (
          <>
            <Alert tone="success">{done.answer.message}</Alert>
            {done.skipped.length > 0 && (
              <>
                <p className="text-sm font-medium">{PAGE_MESSAGES.usersImportSkipped(done.skipped.length)}</p>
                <PreviewTable rows={done.skipped} caption="Rows skipped" />
              </>
            )}
          </>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          {done ? (
            <Button onPress={onClose}>Close</Button>
          ) : (
            <>
              <Button
                tone="secondary"
                onPress={() => {
                  onClose();
                  toast.info(MESSAGES.cancelledTitle, { description: MESSAGES.cancelledBody });
                }}
              >
                Cancel
              </Button>
              <Button isDisabled={!preview || ready.length === 0 || form.busy} onPress={() => void commit()}>
                {PAGE_MESSAGES.usersImportCommit(ready.length)}
              </Button>
            </>
          )}
        </div>
      </div>
    </AppDialog>
  );
}
