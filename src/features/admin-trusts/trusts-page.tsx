import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { RULES, satisfies } from '../../domain/access';
import { TRUST_CREATE } from '../../domain/contract/endpoints/admin-trusts';
import { MESSAGES, PAGE_MESSAGES } from '../../domain/messages';
import { HttpError } from '../../lib/api/errors';
import { useSession } from '../../lib/auth/use-session';
import { useMediaQuery } from '../../lib/use-media-query';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Page } from '../../components/ui/page';
import { Pager } from '../../components/ui/pager';
import { useTrusts } from './api';
import { EMPTY, HINT, INPUT, StatusBadge } from './controls';
import { TrustCreateDialog } from './trust-create-dialog';

const words = (err: unknown) => (err instanceof HttpError ? err.message : MESSAGES.serverError);
const LINK = 'font-medium text-brand-700 underline-offset-2 hover:underline dark:text-emerald-300';

/** What a typed search asks for once the typing pauses: one request, not one per key. */
function useSettled(text: string, ms = 250): string {
  const [settled, setSettled] = useState(text.trim());
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text.trim()), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

/**
 * /trusts (TrustList, issue 25): the trusts within reach (SuperAdmin every one; a TrustAdmin their own),
 * searched by name or ODS code and paged; "New trust" for a SuperAdmin. Each links to its details and
 * its configuration.
 */
export function TrustsPage() {
  const { subject } = useSession();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<'all' | 'active' | 'inactive'>('all');
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(25);
  const [creating, setCreating] = useState(false);
  const settled = useSettled(search);
  const list = useTrusts({ search: settled, active: status === 'all' ? undefined : status === 'active', page, paginate: perPage });
  const wide = useMediaQuery('(min-width: 768px)');
  const mayCreate = subject !== null && satisfies(subject, TRUST_CREATE);
  const mayEdit = subject !== null && satisfies(subject, RULES.trusts);
  const answer = list.data;
  const rows = answer?.data.data ?? [];

  const links = (id: number, name: string) => (
    <div className="flex flex-wrap gap-x-4 gap-y-1">
      {mayEdit && (
        <Link to="/trusts/update/$id" params={{ id: String(id) }} className={LINK}>
          Edit<span className="sr-only"> {name}</span>
        </Link>
      )}
      <Link to="/trust/config/$id" params={{ id: String(id) }} className={LINK}>
        Configuration<span className="sr-only"> of {name}</span>
      </Link>
    </div>
  );

  return (
    <Page
      title="Trusts"
      actions={
        mayCreate && (
          <Button onPress={() => setCreating(true)}>
            <Plus aria-hidden className="size-4" /> New trust
          </Button>
        )
      }
    >
      <p className={`mb-4 max-w-3xl ${HINT}`}>
        {mayCreate
          ? 'Every trust using Wardnote. Open one to change its details, letterhead and engines; its configuration holds its sites and lists.'
          : 'Your trust. Open it to change its details, letterhead and engines; its configuration holds its sites and lists.'}
      </p>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <label className="flex min-w-0 flex-1 basis-60 flex-col gap-1 text-sm font-medium sm:max-w-sm">
          Search trusts
          <input
            type="search"
            value={search}
            placeholder="Name or ODS code"
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
            className={INPUT}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Status
          <select
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as typeof status);
              setPage(1);
            }}
            className={INPUT}
          >
            <option value="all">All</option>
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </select>
        </label>
      </div>
      {list.isError && <Alert>{words(list.error)}</Alert>}
      {list.isPending && <p className={HINT}>Loading…</p>}
      {answer && rows.length === 0 && (
        <p className={EMPTY}>{settled || status !== 'all' ? MESSAGES.noSearchResults('trusts') : PAGE_MESSAGES.trustsEmpty}</p>
      )}
      {rows.length > 0 && wide && (
        <table className="w-full text-left text-sm" aria-label="Trusts">
          <thead className="border-b border-slate-300 dark:border-slate-700">
            <tr>
              <th scope="col" className="px-2 py-2">
                Name
              </th>
              <th scope="col" className="w-28 px-2 py-2">
                ODS code
              </th>
              <th scope="col" className="w-40 px-2 py-2">
                Time zone
              </th>
              <th scope="col" className="w-20 px-2 py-2">
                Sites
              </th>
              <th scope="col" className="w-24 px-2 py-2">
                Status
              </th>
              <th scope="col" className="w-56 px-2 py-2">
                <span className="sr-only">Links</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((t) => (
              <tr key={t.id} className="border-b border-slate-200 dark:border-slate-800">
                <td className="px-2 py-2 font-medium">{t.name}</td>
                <td className="px-2 py-2 font-mono">{t.ods_code ?? '—'}</td>
                <td className="px-2 py-2">{t.time_zone}</td>
                <td className="px-2 py-2">{t.sites}</td>
                <td className="px-2 py-2">
                  <StatusBadge active={t.active} />
                </td>
                <td className="px-2 py-2">{links(t.id, t.name)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {rows.length > 0 && !wide && (
        <ul className="space-y-3" aria-label="Trusts">
          {rows.map((t) => (
            <li key={t.id} className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
              <div className="flex flex-wrap items-center gap-2">
                <p className="font-medium">{t.name}</p>
                {t.ods_code && <span className="font-mono text-sm">{t.ods_code}</span>}
                <StatusBadge active={t.active} />
              </div>
              <p className={`mt-1 ${HINT}`}>
                {t.time_zone} · {t.sites === 1 ? '1 site' : `${t.sites} sites`}
              </p>
              <div className="mt-2">{links(t.id, t.name)}</div>
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
      {creating && <TrustCreateDialog onClose={() => setCreating(false)} />}
    </Page>
  );
}
