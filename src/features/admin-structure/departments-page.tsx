import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { toast } from 'sonner';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { RULES, satisfies } from '../../domain/access';
import type { Department } from '../../domain/contract';
import { MESSAGES, PAGE_MESSAGES } from '../../domain/messages';
import { HttpError } from '../../lib/api/errors';
import { useSession } from '../../lib/auth/use-session';
import { useMediaQuery } from '../../lib/use-media-query';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Page } from '../../components/ui/page';
import { Pager } from '../../components/ui/pager';
import { useDeleteDepartment, useDepartments, useUpdateDepartment } from './api';
import { DepartmentDialog } from './department-dialog';
import { activeValue, ListFilters, useSettled, type ActiveFilter } from './list-filters';
import { EMPTY, HINT, StatusBadge } from './styles';

const words = (err: unknown) => (err instanceof HttpError ? err.message : MESSAGES.serverError);

/**
 * /departments (issue 25): the trust's departments, searched and paged; add, rename, change the code,
 * deactivate and reactivate, and delete one nothing refers to. `trustId`: the trust asked for (a
 * SuperAdmin's choice); otherwise the caller's own.
 */
export function DepartmentsPage({ trustId }: { trustId?: number }) {
  const { subject } = useSession();
  const [search, setSearch] = useState('');
  const [active, setActive] = useState<ActiveFilter>('all');
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(25);
  const settled = useSettled(search);
  const list = useDepartments({ trustId, search: settled, active: activeValue(active), page, paginate: perPage });
  const update = useUpdateDepartment();
  const remove = useDeleteDepartment();
  const wide = useMediaQuery('(min-width: 768px)');
  const [editing, setEditing] = useState<Department | 'new' | null>(null);
  const [confirming, setConfirming] = useState<{ what: 'delete' | 'deactivate'; department: Department } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const answer = list.data;
  const trust = answer?.trust;
  const rows = answer?.data.data ?? [];
  const filtered = settled !== '' || active !== 'all';
  const mayListJobTypes = subject !== null && satisfies(subject, RULES.jobTypesList);

  function setActiveOf(d: Department, on: boolean) {
    setRefusal(null);
    update.mutate(
      { id: d.id, patch: { active: on } },
      {
        onSuccess: () => toast.success(on ? PAGE_MESSAGES.departmentReactivated(d.name) : PAGE_MESSAGES.departmentDeactivated(d.name)),
        onError: (err) => setRefusal(words(err)),
      },
    );
  }

  function confirmed() {
    const c = confirming!;
    setConfirming(null);
    setRefusal(null);
    if (c.what === 'deactivate') return setActiveOf(c.department, false);
    remove.mutate(c.department, {
      onSuccess: (message) => toast.success(message),
      onError: (err) => setRefusal(words(err)),
    });
  }

  const actions = (d: Department) => (
    <div className="flex flex-wrap justify-end gap-1">
      <Button tone="ghost" className="!min-h-10 !px-2" aria-label={`Edit ${d.name}`} onPress={() => setEditing(d)}>
        <Pencil aria-hidden className="size-4" />
      </Button>
      {d.active ? (
        <Button tone="secondary" className="!min-h-10 !px-3" onPress={() => setConfirming({ what: 'deactivate', department: d })}>
          Deactivate<span className="sr-only"> {d.name}</span>
        </Button>
      ) : (
        <Button tone="secondary" className="!min-h-10 !px-3" onPress={() => setActiveOf(d, true)}>
          Reactivate<span className="sr-only"> {d.name}</span>
        </Button>
      )}
      <Button
        tone="ghost"
        className="!min-h-10 !px-2"
        aria-label={`Delete ${d.name}`}
        onPress={() => setConfirming({ what: 'delete', department: d })}
      >
        <Trash2 aria-hidden className="size-4" />
      </Button>
    </div>
  );

  const jobTypesLink = (d: Department) =>
    mayListJobTypes && trust && d.job_types > 0 ? (
      <Link
        to="/job-types/list/$id"
        params={{ id: String(trust.id) }}
        search={{ department: d.id }}
        className="text-brand-700 underline dark:text-emerald-300"
      >
        {d.job_types === 1 ? '1 job type' : `${d.job_types} job types`}
      </Link>
    ) : (
      <span>{d.job_types === 0 ? 'None' : d.job_types === 1 ? '1 job type' : `${d.job_types} job types`}</span>
    );

  return (
    <Page
      title="Departments"
      actions={
        trust && (
          <Button onPress={() => setEditing('new')}>
            <Plus aria-hidden className="size-4" /> Add department
          </Button>
        )
      }
    >
      {trust && (
        <p className={`mb-4 max-w-3xl ${HINT}`}>
          The services of {trust.name}. A department in use cannot be deleted: deactivate it, and it stays on its existing work but is no
          longer offered for new work.
        </p>
      )}
      <ListFilters
        searchLabel="Search departments"
        placeholder="Name or code"
        search={search}
        onSearch={(s) => {
          setSearch(s);
          setPage(1);
        }}
        active={active}
        onActive={(a) => {
          setActive(a);
          setPage(1);
        }}
      />
      {refusal && (
        <div className="mb-4">
          <Alert>{refusal}</Alert>
        </div>
      )}
      {list.isError && <Alert>{words(list.error)}</Alert>}
      {list.isPending && <p className={HINT}>Loading…</p>}
      {answer && rows.length === 0 && (
        <p className={EMPTY}>{filtered ? MESSAGES.noSearchResults('departments') : PAGE_MESSAGES.departmentsEmpty}</p>
      )}
      {rows.length > 0 && wide && (
        <table className="w-full text-left text-sm" aria-label="Departments">
          <thead className="border-b border-slate-300 dark:border-slate-700">
            <tr>
              <th scope="col" className="px-2 py-2">
                Name
              </th>
              <th scope="col" className="w-24 px-2 py-2">
                Code
              </th>
              <th scope="col" className="w-32 px-2 py-2">
                Job types
              </th>
              <th scope="col" className="w-24 px-2 py-2">
                Status
              </th>
              <th scope="col" className="w-64 px-2 py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((d) => (
              <tr key={d.id} className="border-b border-slate-200 dark:border-slate-800">
                <td className="px-2 py-2 font-medium">{d.name}</td>
                <td className="px-2 py-2 font-mono">{d.code}</td>
                <td className="px-2 py-2">{jobTypesLink(d)}</td>
                <td className="px-2 py-2">
                  <StatusBadge active={d.active} />
                </td>
                <td className="px-2 py-1">{actions(d)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {rows.length > 0 && !wide && (
        <ul className="space-y-3" aria-label="Departments">
          {rows.map((d) => (
            <li key={d.id} className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
              <div className="flex flex-wrap items-center gap-2">
                <p className="font-medium">{d.name}</p>
                <span className="font-mono text-sm">{d.code}</span>
                <StatusBadge active={d.active} />
              </div>
              <p className="mt-1 text-sm">{jobTypesLink(d)}</p>
              <div className="mt-2">{actions(d)}</div>
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

      {editing && trust && (
        <DepartmentDialog trustId={trust.id} editing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={
          confirming?.what === 'delete'
            ? PAGE_MESSAGES.departmentDeleteConfirm(confirming.department.name)
            : confirming
              ? `Deactivate ${confirming.department.name}?`
              : ''
        }
        body={confirming?.what === 'delete' ? PAGE_MESSAGES.departmentDeleteBody : PAGE_MESSAGES.departmentDeactivateBody}
        confirmLabel={confirming?.what === 'delete' ? 'Delete' : 'Deactivate'}
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
