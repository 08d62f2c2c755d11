import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { FileUp, UserPlus } from 'lucide-react';
import type { UserListRow } from '../../domain/contract';
import { MESSAGES, PAGE_MESSAGES } from '../../domain/messages';
import { ROLES, type Role } from '../../domain/roles';
import { HttpError } from '../../lib/api/errors';
import { useSession } from '../../lib/auth/use-session';
import { useMediaQuery } from '../../lib/use-media-query';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Page } from '../../components/ui/page';
import { Pager } from '../../components/ui/pager';
import { useUsers, type ActiveChoice } from './api';
import { EMPTY, HINT, INPUT, LINK, StateBadges } from './controls';
import { ImportDialog } from './import-dialog';
import { useSettled } from './settled';
import { useSiteChoices } from './sites';
import { useNavigate } from '@tanstack/react-router';

const words = (err: unknown) => (err instanceof HttpError ? err.message : MESSAGES.errorFetching);
type LockedChoice = 'any' | 'locked' | 'unlocked';

const roleNames = (u: UserListRow) => u.roles.map((r) => r.name).join(', ');

/**
 * /users (issue 25): the users an administrator reaches (the server scopes it: a SiteAdmin their site),
 * searched by name or e-mail, filtered by role, site, active and locked, in pages. Invite one, or import
 * many from a CSV file.
 */
export function UsersListPage() {
  const { subject, profile } = useSession();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const [site, setSite] = useState('');
  const [active, setActive] = useState<ActiveChoice>('true');
  const [locked, setLocked] = useState<LockedChoice>('any');
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(25);
  const [importing, setImporting] = useState(false);
  const settled = useSettled(search);
  const siteAdminOnly =
    subject !== null && subject.roles.includes('SiteAdmin') && !subject.roles.some((r) => r === 'SuperAdmin' || r === 'TrustAdmin');
  const trustId = profile?.site.trust_id;
  const sites = useSiteChoices(profile ?? null, siteAdminOnly);
  const list = useUsers({
    search: settled,
    role: role || undefined,
    siteId: site ? Number(site) : undefined,
    active,
    locked: locked === 'any' ? undefined : locked === 'locked',
    page,
    paginate: perPage,
  });
  const wide = useMediaQuery('(min-width: 768px)');
  const answer = list.data;
  const rows = answer?.data ?? [];
  const filtered = settled !== '' || role !== '' || site !== '' || active !== 'true' || locked !== 'any';
  const again =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  const nameLink = (u: UserListRow) => (
    <Link to="/users/update/$id" params={{ id: String(u.id) }} className={`font-medium ${LINK}`}>
      {u.full_name}
    </Link>
  );

  return (
    <Page
      title="Users"
      actions={
        trustId !== undefined && (
          <div className="flex flex-wrap gap-2">
            <Button tone="secondary" onPress={() => setImporting(true)}>
              <FileUp aria-hidden className="size-4" /> Import from CSV
            </Button>
            <Button onPress={() => void navigate({ to: '/users/create/$id', params: { id: String(trustId) } })}>
              <UserPlus aria-hidden className="size-4" /> Invite user
            </Button>
          </div>
        )
      }
    >
      <p className={`mb-4 max-w-3xl ${HINT}`}>
        {siteAdminOnly && profile ? PAGE_MESSAGES.usersListIntroSite(profile.site.name) : PAGE_MESSAGES.usersListIntro}
      </p>
      <div className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-[minmax(14rem,2fr)_repeat(4,minmax(8rem,1fr))]">
        <div className="col-span-2 flex flex-col gap-1 text-sm font-medium lg:col-span-1">
          <label htmlFor="users-search">Search users</label>
          <input
            id="users-search"
            type="search"
            value={search}
            placeholder="Name or e-mail"
            onChange={(e) => again(setSearch)(e.target.value)}
            className={INPUT}
          />
        </div>
        <div className="flex flex-col gap-1 text-sm font-medium">
          <label htmlFor="users-role">Role</label>
          <select id="users-role" value={role} onChange={(e) => again(setRole)(e.target.value as Role | '')} className={INPUT}>
            <option value="">Any role</option>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1 text-sm font-medium">
          <label htmlFor="users-site">Site</label>
          <select id="users-site" value={site} onChange={(e) => again(setSite)(e.target.value)} className={INPUT}>
            {!siteAdminOnly && <option value="">Any site</option>}
            {(sites.data ?? []).map((s) => (
              <option key={s.id} value={siteAdminOnly ? '' : s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1 text-sm font-medium">
          <label htmlFor="users-active">Active</label>
          <select id="users-active" value={active} onChange={(e) => again(setActive)(e.target.value as ActiveChoice)} className={INPUT}>
            <option value="true">Active</option>
            <option value="false">Deactivated</option>
            <option value="all">All</option>
          </select>
        </div>
        <div className="flex flex-col gap-1 text-sm font-medium">
          <label htmlFor="users-locked">Locked</label>
          <select id="users-locked" value={locked} onChange={(e) => again(setLocked)(e.target.value as LockedChoice)} className={INPUT}>
            <option value="any">Locked or not</option>
            <option value="locked">Locked</option>
            <option value="unlocked">Not locked</option>
          </select>
        </div>
      </div>

      {list.isError && <Alert>{words(list.error)}</Alert>}
      {list.isPending && <p className={HINT}>Loading…</p>}
      {answer && rows.length === 0 && (
        <div className={EMPTY}>
          <p className="font-medium">{PAGE_MESSAGES.usersEmpty}</p>
          {filtered && <p className="mt-1 text-sm">{PAGE_MESSAGES.usersEmptyFiltered}</p>}
        </div>
      )}
      {rows.length > 0 && wide && (
        <table className="w-full text-left text-sm" aria-label="Users">
          <thead className="border-b border-slate-300 dark:border-slate-700">
            <tr>
              <th scope="col" className="px-2 py-2">
                Name
              </th>
              <th scope="col" className="px-2 py-2">
                E-mail
              </th>
              <th scope="col" className="px-2 py-2">
                Site
              </th>
              <th scope="col" className="px-2 py-2">
                Roles
              </th>
              <th scope="col" className="px-2 py-2">
                State
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((u) => (
              <tr key={u.id} className="border-b border-slate-200 dark:border-slate-800">
                <td className="px-2 py-2">{nameLink(u)}</td>
                <td className="px-2 py-2 break-all">{u.email}</td>
                <td className="px-2 py-2">{u.site_name}</td>
                <td className="px-2 py-2">{roleNames(u)}</td>
                <td className="px-2 py-2">
                  <StateBadges active={u.active} locked={u.locked} invitation={u.invitation} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {rows.length > 0 && !wide && (
        <ul className="space-y-3" aria-label="Users">
          {rows.map((u) => (
            <li key={u.id} className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
              <div className="flex flex-wrap items-center gap-2">
                {nameLink(u)}
                <StateBadges active={u.active} locked={u.locked} invitation={u.invitation} />
              </div>
              <p className="mt-1 text-sm break-all">{u.email}</p>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {u.site_name} · {roleNames(u)}
              </p>
            </li>
          ))}
        </ul>
      )}
      {answer && answer.total > 0 && (
        <Pager
          page={answer.current_page}
          lastPage={answer.last_page}
          total={answer.total}
          perPage={perPage}
          onPage={setPage}
          onPerPage={(n) => {
            setPerPage(n);
            setPage(1);
          }}
        />
      )}
      {importing && trustId !== undefined && <ImportDialog onClose={() => setImporting(false)} />}
    </Page>
  );
}
