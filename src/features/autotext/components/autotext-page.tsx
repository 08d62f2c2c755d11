import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { FileUp, Pencil, Plus, Trash2 } from 'lucide-react';
import { AUTOTEXT_SCOPE_LABELS, manageableScopes, type AutotextScope } from '../../../domain/autotext-access';
import type { Autotext } from '../../../domain/contract';
import { MESSAGES } from '../../../domain/messages';
import { HttpError } from '../../../lib/api/errors';
import { useSession } from '../../../lib/auth/use-session';
import { useMediaQuery } from '../../../lib/use-media-query';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Page } from '../../../components/ui/page';
import { useAutotextDepartments, useAutotextPage, useDeleteAutotext, useRefreshAutotext } from '../api';
import { useAutotexts } from '../snippets-cache';
import { ImportDialog } from '../import/import-dialog';
import { AutotextFormDialog } from './autotext-form-dialog';
import { BodyPreview } from './body-preview';
import { Pager } from '../../../components/ui/pager';

const PER_PAGE = 20;

export const scopeText = (a: Autotext) =>
  a.scope === 'department' ? `${AUTOTEXT_SCOPE_LABELS.department}: ${a.department?.name ?? ''}` : AUTOTEXT_SCOPE_LABELS[a.scope];

/** /autotext: the caller's snippets, searched and paged; create, edit, delete, and import from a spreadsheet. */
export function AutotextPage() {
  const { subject } = useSession();
  const scopes = subject ? manageableScopes(subject) : (['user'] as AutotextScope[]);
  const [search, setSearch] = useState('');
  const [scope, setScope] = useState<AutotextScope | ''>('');
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState('');
  // One request when the typing pauses, not one per key.
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);
  const list = useAutotextPage({ search: query, scope: scope || undefined, page, paginate: PER_PAGE });
  const departments = useAutotextDepartments();
  const usable = useAutotexts();
  const refresh = useRefreshAutotext();
  const removing = useDeleteAutotext();
  const wide = useMediaQuery('(min-width: 768px)');
  const [editing, setEditing] = useState<Autotext | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Autotext | null>(null);
  const [importing, setImporting] = useState(false);
  const data = list.data;

  async function confirmDelete() {
    const target = deleting!;
    setDeleting(null);
    try {
      await removing.mutateAsync(target.id);
      toast.success(MESSAGES.autotextDeleted);
    } catch (err) {
      toast.error(err instanceof HttpError ? err.message : MESSAGES.serverError);
    }
  }

  const actions = (a: Autotext) =>
    a.can_edit && (
      <div className="flex gap-1">
        <Button tone="ghost" className="!min-h-10 !px-2" aria-label={`Edit ${a.shortcut}`} onPress={() => setEditing(a)}>
          <Pencil aria-hidden className="size-4" />
        </Button>
        <Button tone="ghost" className="!min-h-10 !px-2" aria-label={`Delete ${a.shortcut}`} onPress={() => setDeleting(a)}>
          <Trash2 aria-hidden className="size-4" />
        </Button>
      </div>
    );

  return (
    <Page
      title="Autotext"
      actions={
        <div className="flex flex-wrap gap-2">
          <Button tone="secondary" onPress={() => setImporting(true)}>
            <FileUp aria-hidden className="size-4" /> Import
          </Button>
          <Button onPress={() => setEditing('new')}>
            <Plus aria-hidden className="size-4" /> New autotext
          </Button>
        </div>
      }
    >
      <p className="mb-4 max-w-3xl text-sm text-slate-600 dark:text-slate-300">
        In a letter, type a shortcut and press Tab to insert its text, or press Ctrl+Space to choose from the list. Merge fields are filled
        from the dictation; those left empty stay highlighted, and Tab moves to the next one.
      </p>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-medium sm:max-w-sm">
          Search autotext
          <input
            type="search"
            value={search}
            placeholder="Shortcut or title"
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-base dark:border-slate-600 dark:bg-slate-900"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Who can use it
          <select
            value={scope}
            onChange={(e) => {
              setScope(e.target.value as AutotextScope | '');
              setPage(1);
            }}
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-base dark:border-slate-600 dark:bg-slate-900"
          >
            <option value="">All</option>
            {(['trust', 'department', 'user'] as const).map((s) => (
              <option key={s} value={s}>
                {AUTOTEXT_SCOPE_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
      </div>

      {list.isError && <Alert>{list.error instanceof HttpError ? list.error.message : MESSAGES.errorFetching}</Alert>}
      {data && data.data.length === 0 && (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-slate-600 dark:border-slate-700 dark:text-slate-300">
          No {query ? `autotext matching “${query}”` : 'autotext'} found.
        </p>
      )}
      {data && data.data.length > 0 && wide && (
        <table className="w-full table-fixed text-left text-sm" aria-label="Autotext">
          <thead className="border-b border-slate-300 dark:border-slate-700">
            <tr>
              <th scope="col" className="w-28 px-2 py-2">
                Shortcut
              </th>
              <th scope="col" className="w-48 px-2 py-2">
                Title
              </th>
              <th scope="col" className="px-2 py-2">
                Text
              </th>
              <th scope="col" className="w-40 px-2 py-2">
                Who can use it
              </th>
              <th scope="col" className="w-24 px-2 py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.data.map((a) => (
              <tr key={a.id} className="border-b border-slate-200 align-top dark:border-slate-800">
                <td className="px-2 py-2 font-mono font-semibold break-all">{a.shortcut}</td>
                <td className="px-2 py-2">{a.title}</td>
                <td className="px-2 py-2">
                  <BodyPreview body={a.body} className="line-clamp-3" />
                </td>
                <td className="px-2 py-2">{scopeText(a)}</td>
                <td className="px-2 py-1">{actions(a)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data && data.data.length > 0 && !wide && (
        <ul className="space-y-3" aria-label="Autotext">
          {data.data.map((a) => (
            <li key={a.id} className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-mono font-semibold break-all">{a.shortcut}</p>
                  <p className="text-sm">{a.title}</p>
                  <p className="text-xs text-slate-600 dark:text-slate-400">{scopeText(a)}</p>
                </div>
                {actions(a)}
              </div>
              <BodyPreview body={a.body} className="mt-2 line-clamp-4 block text-sm text-slate-700 dark:text-slate-300" />
            </li>
          ))}
        </ul>
      )}
      {data && data.total > 0 && (
        <Pager page={data.current_page} lastPage={data.last_page} total={data.total} perPage={PER_PAGE} onPage={setPage} />
      )}

      {editing && (
        <AutotextFormDialog
          editing={editing === 'new' ? null : editing}
          scopes={scopes}
          departments={departments.data ?? []}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            toast.success(`Autotext “${saved.shortcut}” saved.`);
          }}
        />
      )}
      <ConfirmDialog
        open={!!deleting}
        title={`Delete autotext “${deleting?.shortcut ?? ''}”?`}
        body="It is removed for everyone who uses it. Letters already typed keep their text."
        confirmLabel="Delete"
        destructive
        onConfirm={() => void confirmDelete()}
        onCancel={() => {
          setDeleting(null);
          toast.info(MESSAGES.cancelledTitle, { description: MESSAGES.cancelledBody });
        }}
      />
      {importing && (
        <ImportDialog
          allowedScopes={scopes}
          existing={usable.data ?? []}
          departments={departments.data ?? []}
          onClose={() => setImporting(false)}
          onImported={refresh}
        />
      )}
    </Page>
  );
}
