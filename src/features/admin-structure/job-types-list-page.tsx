import { Fragment, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { RULES, satisfies } from '../../domain/access';
import { RECIPIENT_LABELS, type JobType } from '../../domain/contract';
import { MESSAGES, PAGE_MESSAGES } from '../../domain/messages';
import { HttpError } from '../../lib/api/errors';
import { useSession } from '../../lib/auth/use-session';
import { useMediaQuery } from '../../lib/use-media-query';
import { Alert } from '../../components/ui/alert';
import { Page } from '../../components/ui/page';
import { Pager } from '../../components/ui/pager';
import { useDepartmentChoices, useJobTypes } from './api';
import { PARTIES } from './form-state';
import { departmentParam } from './links';
import { activeValue, ListFilters, useSettled, type ActiveFilter } from './list-filters';
import { EMPTY, HINT, INPUT, StatusBadge } from './styles';

const LINK = 'font-medium text-brand-700 underline dark:text-emerald-300';
const parties = (list: JobType['recipient']) =>
  list.length
    ? PARTIES.filter((p) => list.includes(p))
        .map((p) => RECIPIENT_LABELS[p])
        .join(', ')
    : 'None';
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
const qaText = (j: JobType) => (j.qa_required ? 'Every letter' : j.qa_percent > 0 ? `${j.qa_percent}% sample` : 'Trainees only');
const departmentText = (j: JobType) =>
  j.department ? `${j.department.name} (${j.department.code})` : PAGE_MESSAGES.jobTypeEveryDepartment;

/** Rows of a page in department groups: the department's heading where a new one starts. */
function groups(rows: JobType[]): { heading: string; rows: JobType[] }[] {
  const out: { heading: string; rows: JobType[] }[] = [];
  for (const j of rows) {
    const heading = departmentText(j);
    if (out.at(-1)?.heading === heading) out.at(-1)!.rows.push(j);
    else out.push({ heading, rows: [j] });
  }
  return out;
}

/** /job-types/list/:id (issue 25): a trust's job types by department, searched, filtered and paged. */
export function JobTypesListPage({ trustId, departmentId }: { trustId: number; departmentId?: number }) {
  const { subject } = useSession();
  const [search, setSearch] = useState('');
  const [active, setActive] = useState<ActiveFilter>('all');
  const [department, setDepartment] = useState(departmentId ? String(departmentId) : '');
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(25);
  const settled = useSettled(search);
  const list = useJobTypes({
    trustId,
    search: settled,
    active: activeValue(active),
    departmentId: department ? Number(department) : undefined,
    page,
    paginate: perPage,
  });
  const departments = useDepartmentChoices(trustId);
  const wide = useMediaQuery('(min-width: 768px)');
  const answer = list.data;
  const rows = answer?.data.data ?? [];
  const filtered = settled !== '' || active !== 'all' || department !== '';
  const mayCreate = subject !== null && satisfies(subject, RULES.jobTypesCreate);
  const mayEdit = subject !== null && satisfies(subject, RULES.jobTypesEdit);

  const nameOf = (j: JobType) =>
    mayEdit ? (
      <Link to="/job-types/update/$department/$jobtype" params={{ department: departmentParam(j), jobtype: String(j.id) }} className={LINK}>
        {j.name}
      </Link>
    ) : (
      <span className="font-medium">{j.name}</span>
    );

  return (
    <Page
      title="Job types"
      actions={
        mayCreate && (
          <Link
            to="/job-types/create/$id"
            params={{ id: String(trustId) }}
            className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 dark:bg-emerald-600 dark:hover:bg-emerald-700"
          >
            <Plus aria-hidden className="size-4" /> Add job type
          </Link>
        )
      }
    >
      {answer && (
        <p className={`mb-4 max-w-3xl ${HINT}`}>
          The kinds of letter {answer.trust.name} writes: who each goes to, the fields the author fills in and the headings the typist’s
          letter starts from. One in use is deactivated rather than deleted.
        </p>
      )}
      <ListFilters
        searchLabel="Search job types"
        placeholder="Name"
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
      >
        <label className="flex flex-col gap-1 text-sm font-medium">
          Department
          <select
            value={department}
            onChange={(e) => {
              setDepartment(e.target.value);
              setPage(1);
            }}
            className={INPUT}
          >
            <option value="">All departments</option>
            {departments.data?.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name} ({d.code}){d.active ? '' : ' — inactive'}
              </option>
            ))}
          </select>
        </label>
      </ListFilters>
      {list.isError && <Alert>{list.error instanceof HttpError ? list.error.message : MESSAGES.errorFetching}</Alert>}
      {list.isPending && <p className={HINT}>Loading…</p>}
      {answer && rows.length === 0 && (
        <p className={EMPTY}>{filtered ? MESSAGES.noSearchResults('job types') : PAGE_MESSAGES.jobTypesEmpty}</p>
      )}
      {rows.length > 0 && wide && (
        <table className="w-full text-left text-sm" aria-label="Job types">
          <thead className="border-b border-slate-300 dark:border-slate-700">
            <tr>
              <th scope="col" className="px-2 py-2">
                Name
              </th>
              <th scope="col" className="px-2 py-2">
                Sent to
              </th>
              <th scope="col" className="px-2 py-2">
                Copied to
              </th>
              <th scope="col" className="px-2 py-2">
                Fields
              </th>
              <th scope="col" className="px-2 py-2">
                Headings
              </th>
              <th scope="col" className="px-2 py-2">
                QA review
              </th>
              <th scope="col" className="px-2 py-2">
                Status
              </th>
            </tr>
          </thead>
          {groups(rows).map((g) => (
            <tbody key={g.heading}>
              <tr className="bg-slate-100 dark:bg-slate-800">
                <th scope="colgroup" colSpan={7} className="px-2 py-1.5 text-left font-semibold">
                  {g.heading}
                </th>
              </tr>
              {g.rows.map((j) => (
                <tr key={j.id} className="border-b border-slate-200 dark:border-slate-800">
                  <td className="px-2 py-2">{nameOf(j)}</td>
                  <td className="px-2 py-2">{parties(j.recipient)}</td>
                  <td className="px-2 py-2">{parties(j.copy)}</td>
                  <td className="px-2 py-2">{j.custom_fields.length}</td>
                  <td className="px-2 py-2">{j.template.length}</td>
                  <td className="px-2 py-2">{qaText(j)}</td>
                  <td className="px-2 py-2">
                    <StatusBadge active={j.active} />
                  </td>
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      )}
      {rows.length > 0 && !wide && (
        <div className="space-y-4">
          {groups(rows).map((g) => (
            <Fragment key={g.heading}>
              <h2 className="text-base font-semibold">{g.heading}</h2>
              <ul className="space-y-3" aria-label={g.heading}>
                {g.rows.map((j) => (
                  <li key={j.id} className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      {nameOf(j)}
                      <StatusBadge active={j.active} />
                    </div>
                    <p className="mt-1 text-sm">
                      Sent to {parties(j.recipient)}; copied to {parties(j.copy).replace(/^None$/, 'nobody')}
                    </p>
                    <p className={HINT}>
                      {plural(j.custom_fields.length, 'field')} · {plural(j.template.length, 'heading')} · QA: {qaText(j)}
                    </p>
                  </li>
                ))}
              </ul>
            </Fragment>
          ))}
        </div>
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
    </Page>
  );
}
