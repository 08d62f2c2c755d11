import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Eye, Pencil, Plus, Trash2 } from 'lucide-react';
import type { Group } from '../../domain/contract';
import { notHeld } from '../../domain/group-grants';
import { MESSAGES, PAGE_MESSAGES } from '../../domain/messages';
import { HttpError } from '../../lib/api/errors';
import { useSession } from '../../lib/auth/use-session';
import { useMediaQuery } from '../../lib/use-media-query';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Page } from '../../components/ui/page';
import { Pager } from '../../components/ui/pager';
import { useDeleteGroup, useGroups } from './api';
import { GroupDialog } from './group-dialog';
import { EMPTY, HINT, INPUT } from './styles';

const words = (err: unknown) => (err instanceof HttpError ? err.message : MESSAGES.serverError);

function useSettled(text: string, ms = 250): string {
  const [settled, setSettled] = useState(text.trim());
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text.trim()), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

const scopeOf = (g: Group) => (g.site ? `${g.site.name} only` : 'Whole trust');
const membersOf = (n: number) => (n === 1 ? '1 member' : `${n} members`);

/**
 * /groups (issue 25): the trust's groups (a SiteAdmin's: their site's), searched, filtered by site and paged;
 * add one, change it and its members, delete it after a confirmation.
 */
export function GroupsPage() {
  const { subject } = useSession();
  const [search, setSearch] = useState('');
  const [site, setSite] = useState('');
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(25);
  const settled = useSettled(search);
  const list = useGroups({ search: settled, site, page, paginate: perPage });
  const remove = useDeleteGroup();
  const wide = useMediaQuery('(min-width: 768px)');
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [confirming, setConfirming] = useState<Group | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const answer = list.data;
  const rows = answer?.data.data ?? [];
  const filtered = settled !== '' || site !== '';
  const siteOnly =
    subject !== null && subject.roles.includes('SiteAdmin') && !subject.roles.some((r) => r === 'SuperAdmin' || r === 'TrustAdmin');
  const mayChange = (g: Group) => subject !== null && notHeld(subject, g.permissions).length === 0;

  function confirmed() {
    const g = confirming!;
    setConfirming(null);
    setRefusal(null);
    remove.mutate(g.id, {
      onSuccess: (message) => toast.success(message),
      onError: (err) => setRefusal(words(err)),
    });
  }

  const actions = (g: Group) =>
    mayChange(g) ? (
      <div className="flex flex-wrap justify-end gap-1">
        <Button tone="secondary" className="!min-h-10 !px-3" onPress={() => setEditing(g.id)}>
          <Pencil aria-hidden className="size-4" /> Edit<span className="sr-only"> {g.name}</span>
        </Button>
        <Button tone="ghost" className="!min-h-10 !px-2" aria-label={`Delete ${g.name}`} onPress={() => setConfirming(g)}>
          <Trash2 aria-hidden className="size-4" />
        </Button>
      </div>
    ) : (
      <div className="flex justify-end">
        <Button tone="secondary" className="!min-h-10 !px-3" onPress={() => setEditing(g.id)}>
          <Eye aria-hidden className="size-4" /> View<span className="sr-only"> {g.name}</span>
        </Button>
      </div>
    );

  const permissionList = (g: Group) =>
    g.permissions.length ? (
      <ul className="flex flex-wrap gap-1" aria-label={`Permissions of ${g.name}`}>
        {g.permissions.map((p) => (
          <li key={p} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-100">
            {p}
          </li>
        ))}
      </ul>
    ) : (
      <span className={HINT}>None</span>
    );

  return (
    <Page
      title="Groups"
      actions={
        answer && (
          <Button onPress={() => setEditing('new')}>
            <Plus aria-hidden className="size-4" /> Add group
          </Button>
        )
      }
    >
      {answer && <p className={`mb-4 max-w-3xl ${HINT}`}>{PAGE_MESSAGES.groupsIntro(answer.trust.name)}</p>}
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <label className="flex min-w-0 flex-1 basis-60 flex-col gap-1 text-sm font-medium sm:max-w-sm">
          Search groups
          <input
            type="search"
            value={search}
            placeholder="Part of the name"
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
            className={INPUT}
          />
        </label>
        {answer && !siteOnly && (
          <label className="flex flex-col gap-1 text-sm font-medium">
            For
            <select
              value={site}
              onChange={(e) => {
                setSite(e.target.value);
                setPage(1);
              }}
              className={INPUT}
            >
              <option value="">All groups</option>
              <option value="trust">The whole trust</option>
              {answer.sites.map((s) => (
                <option key={s.id} value={String(s.id)}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {refusal && (
        <div className="mb-4">
          <Alert>{refusal}</Alert>
        </div>
      )}
      {list.isError && <Alert>{words(list.error)}</Alert>}
      {list.isPending && <p className={HINT}>Loading…</p>}
      {answer && rows.length === 0 && <p className={EMPTY}>{filtered ? MESSAGES.noSearchResults('groups') : PAGE_MESSAGES.groupsEmpty}</p>}
      {rows.length > 0 && wide && (
        <table className="w-full text-left text-sm" aria-label="Groups">
          <thead className="border-b border-slate-300 dark:border-slate-700">
            <tr>
              <th scope="col" className="px-2 py-2">
                Name
              </th>
              <th scope="col" className="w-44 px-2 py-2">
                For
              </th>
              <th scope="col" className="px-2 py-2">
                Permissions
              </th>
              <th scope="col" className="w-28 px-2 py-2">
                Members
              </th>
              <th scope="col" className="w-40 px-2 py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((g) => (
              <tr key={g.id} className="border-b border-slate-200 align-top dark:border-slate-800">
                <td className="px-2 py-2">
                  <span className="font-medium">{g.name}</span>
                  {g.description && <span className="block text-slate-600 dark:text-slate-300">{g.description}</span>}
                </td>
                <td className="px-2 py-2">{scopeOf(g)}</td>
                <td className="px-2 py-2">{permissionList(g)}</td>
                <td className="px-2 py-2">{membersOf(g.members)}</td>
                <td className="px-2 py-1">{actions(g)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {rows.length > 0 && !wide && (
        <ul className="space-y-3" aria-label="Groups">
          {rows.map((g) => (
            <li key={g.id} className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
              <p className="font-medium">{g.name}</p>
              {g.description && <p className="text-sm text-slate-600 dark:text-slate-300">{g.description}</p>}
              <p className="mt-1 text-sm">
                {scopeOf(g)} · {membersOf(g.members)}
              </p>
              <div className="mt-2">{permissionList(g)}</div>
              <div className="mt-2">{actions(g)}</div>
            </li>
          ))}
        </ul>
      )}
      {answer && answer.data.total > 0 && (
        <Pager
          page={answer.data.current_page}
          lastPage={answer.data.last_page}
          total={answer.data.total}
          perPage={perPage}
          onPage={setPage}
          onPerPage={(n) => {
            setPerPage(n);
            setPage(1);
          }}
        />
      )}

      {editing !== null && answer && (
        <GroupDialog
          trustId={answer.trust.id}
          sites={answer.sites}
          siteOnly={siteOnly}
          editing={editing === 'new' ? null : editing}
          onEditing={setEditing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? PAGE_MESSAGES.groupDeleteConfirm(confirming.name) : ''}
        body={PAGE_MESSAGES.groupDeleteBody}
        confirmLabel="Delete"
        destructive
        onCancel={() => {
          setConfirming(null);
          toast.info(MESSAGES.cancelledTitle, { description: MESSAGES.cancelledBody });
        }}
        onConfirm={confirmed}
      />
    </Page>
  );
}
