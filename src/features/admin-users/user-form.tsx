import { useEffect, useRef, useState, type ReactNode } from 'react';
import { userCreateSchema, userUpdateSchema, type UserDetail } from '../../domain/contract';
import { PAGE_MESSAGES } from '../../domain/messages';
import { APPLICATION_TYPES, PERMISSIONS, ROLES, type Permission, type Role } from '../../domain/roles';
import { useSubmit } from '../../lib/use-submit';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { LeaveGuard, useFocusFirstError } from '../../components/ui/leave-guard';
import { CARD, CheckGroup, Field, HINT, INPUT } from './controls';
import { blankUser, changes, formFromUser, inputFromForm, toggled, type UserFormState } from './form-state';

/** The contract's name of each part of the form: the name its errors come under. */
const FIELD_OF: Record<keyof UserFormState, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  siteId: 'site_id',
  roles: 'roles',
  permissions: 'permissions',
  applications: 'application_types',
  jobtypeFilter: 'jobtype_filter',
  poolId: 'outsourcing_pool_id',
};

export interface Choice {
  id: number;
  name: string;
}

/** Why the signed-in administrator may not give or take away a role or permission; null when they may. */
export interface Grants {
  role: (role: Role) => string | null;
  permission: (code: Permission) => string | null;
}

/**
 * A user's one form (issue 25), for an invitation (`loaded` null) and for a change: name, e-mail, site,
 * roles, permissions, applications, job-type filter and outsourcing pool. Checked by the shared schema
 * first; the server's refusals show under their fields. What the administrator may not give is shown
 * disabled with the reason.
 */
export function UserForm({
  loaded,
  sites,
  grants,
  jobTypes,
  pools,
  lockedSite,
  onSave,
  onSaved,
  onCancel,
  extraActions,
  extraSections,
  readOnly = false,
}: {
  loaded: UserDetail | null;
  sites: Choice[];
  grants: Grants;
  /** The trust's job types; null when the administrator cannot read them (the filter is shown, not changed). */
  jobTypes: Choice[] | null;
  /** The trust's outsourcing pools; null when the administrator cannot read them. */
  pools: Choice[] | null;
  /** A SiteAdmin places users at their own site only. */
  lockedSite?: Choice;
  /** Saves the form (create or change); answers the user as saved. */
  onSave: (form: { whole: ReturnType<typeof inputFromForm>; patch: ReturnType<typeof changes> }) => Promise<UserDetail>;
  /** After the save; a navigation away from here is not held by the unsaved-changes warning. */
  onSaved?: (saved: UserDetail) => void;
  onCancel: () => void;
  extraActions?: ReactNode;
  extraSections?: ReactNode;
  /** Shown, not changed: an account the administrator may not change (it holds a role they cannot give). */
  readOnly?: boolean;
}) {
  const [base, setBase] = useState(() => (loaded ? formFromUser(loaded) : blankUser(lockedSite?.id)));
  const [state, setState] = useState(base);
  const form = useSubmit();
  const ref = useRef<HTMLFormElement>(null);
  const saved = useRef(false);
  useFocusFirstError(ref, form.fields);
  const patch = changes(base, state);
  const dirty = Object.keys(patch).length > 0;
  useEffect(() => {
    if (!dirty) saved.current = false;
  }, [dirty]);
  // A field's error stays until that field is changed (then it is no longer what was refused).
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const set = (p: Partial<UserFormState>) => {
    setState((s) => ({ ...s, ...p }));
    setEdited((e) => new Set([...e, ...Object.keys(p).map((k) => FIELD_OF[k as keyof UserFormState])]));
  };
  const err = (k: string) => (edited.has(k) ? undefined : form.fields[k]?.[0]);
  const siteChoices = lockedSite ? [lockedSite] : sites;

  async function submit() {
    setEdited(new Set());
    const whole = inputFromForm(state);
    const run = async () => {
      const result = await onSave({ whole, patch });
      const fresh = formFromUser(result);
      saved.current = true;
      setBase(fresh);
      setState(fresh);
      onSaved?.(result);
    };
    if (loaded) await form.runChecked(userUpdateSchema, patch, run);
    else await form.runChecked(userCreateSchema, whole, run);
  }

  const name = loaded ? loaded.full_name : 'New user';
  return (
    <form
      ref={ref}
      aria-label={loaded ? `Edit ${loaded.full_name}` : 'Invite a user'}
      noValidate
      className="flex max-w-3xl flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <LeaveGuard dirty={dirty && !form.busy} saved={saved} />
      {form.error && <Alert>{form.error}</Alert>}

      <fieldset disabled={readOnly} className="contents">
        <fieldset className={`${CARD} grid gap-4 sm:grid-cols-2`}>
          <legend className="px-1 text-lg font-semibold">{loaded ? 'Person' : name}</legend>
          <Field id="first_name" label="First name" error={err('first_name')}>
            {(p) => (
              <input
                {...p}
                autoComplete="off"
                className={INPUT}
                value={state.firstName}
                onChange={(e) => set({ firstName: e.target.value })}
              />
            )}
          </Field>
          <Field id="last_name" label="Last name" error={err('last_name')}>
            {(p) => (
              <input
                {...p}
                autoComplete="off"
                className={INPUT}
                value={state.lastName}
                onChange={(e) => set({ lastName: e.target.value })}
              />
            )}
          </Field>
          <Field
            id="email"
            label="E-mail"
            error={err('email')}
            hint={loaded ? 'They sign in with it.' : 'The invitation goes here; they sign in with it.'}
          >
            {(p) => (
              <input
                {...p}
                type="email"
                autoComplete="off"
                className={INPUT}
                value={state.email}
                onChange={(e) => set({ email: e.target.value })}
              />
            )}
          </Field>
          <Field id="site_id" label="Site" error={err('site_id')} hint={lockedSite ? 'You place users at your own site.' : undefined}>
            {(p) => (
              <select
                {...p}
                className={INPUT}
                value={state.siteId}
                disabled={!!lockedSite}
                onChange={(e) => set({ siteId: e.target.value })}
              >
                {!lockedSite && <option value="">Choose a site…</option>}
                {siteChoices.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
                {loaded && !siteChoices.some((s) => s.id === loaded.site.id) && <option value={loaded.site.id}>{loaded.site.name}</option>}
              </select>
            )}
          </Field>
        </fieldset>

        <fieldset className={`${CARD} flex flex-col gap-4`}>
          <legend className="px-1 text-lg font-semibold">Roles and permissions</legend>
          <CheckGroup
            name="roles"
            legend="Roles"
            error={err('roles')}
            choices={ROLES.map((r) => ({ value: r, label: PAGE_MESSAGES.userRoleLabels[r], reason: grants.role(r) }))}
            chosen={state.roles}
            onChange={(r, on) => set({ roles: toggled(state.roles, r, on) })}
          />
          <CheckGroup
            name="permissions"
            legend="Permissions"
            hint="Besides what the roles allow."
            error={err('permissions')}
            choices={PERMISSIONS.map((p) => ({
              value: p,
              label: PAGE_MESSAGES.userPermissionLabels[p],
              detail: <span className="font-mono text-xs">{p}</span>,
              reason: grants.permission(p),
            }))}
            chosen={state.permissions}
            onChange={(p, on) => set({ permissions: toggled(state.permissions, p, on) })}
          />
          {loaded && (
            <div>
              <p className="text-sm font-medium text-slate-700 dark:text-slate-200">Groups</p>
              <p className="text-sm">{loaded.groups.length ? loaded.groups.map((g) => g.name).join(', ') : 'None'}</p>
              {loaded.group_permissions.length > 0 && (
                <p className={HINT}>They add: {loaded.group_permissions.map((p) => PAGE_MESSAGES.userPermissionLabels[p]).join(', ')}.</p>
              )}
              <p className="text-xs text-slate-600 dark:text-slate-400">{PAGE_MESSAGES.userGroupsHint}</p>
            </div>
          )}
        </fieldset>

        <fieldset className={`${CARD} flex flex-col gap-4`}>
          <legend className="px-1 text-lg font-semibold">Applications and work</legend>
          <CheckGroup
            name="application_types"
            legend="Applications"
            error={err('application_types')}
            choices={APPLICATION_TYPES.map((a) => ({ value: a, label: PAGE_MESSAGES.userApplicationLabels[a] }))}
            chosen={state.applications}
            onChange={(a, on) => set({ applications: toggled(state.applications, a, on) })}
          />
          {jobTypes ? (
            jobTypes.length > 0 && (
              <CheckGroup
                name="jobtype_filter"
                legend="Job-type filter"
                hint={PAGE_MESSAGES.userJobTypeFilterHint}
                error={err('jobtype_filter')}
                choices={jobTypes.map((j) => ({ value: j.id, label: j.name }))}
                chosen={state.jobtypeFilter}
                onChange={(id, on) => set({ jobtypeFilter: toggled(state.jobtypeFilter, id, on) })}
              />
            )
          ) : (
            <div>
              <p className="text-sm font-medium text-slate-700 dark:text-slate-200">Job-type filter</p>
              <p className="text-sm">{state.jobtypeFilter.length ? `${state.jobtypeFilter.length} job types` : 'Every job type'}</p>
              <p className="text-xs text-slate-600 dark:text-slate-400">{PAGE_MESSAGES.userJobTypesReadOnly}</p>
            </div>
          )}
          {pools ? (
            <Field id="outsourcing_pool_id" label="Outsourcing pool" error={err('outsourcing_pool_id')} hint={PAGE_MESSAGES.userPoolHint}>
              {(p) => (
                <select {...p} className={INPUT} value={state.poolId} onChange={(e) => set({ poolId: e.target.value })}>
                  <option value="">None: the trust’s own staff</option>
                  {pools.map((pool) => (
                    <option key={pool.id} value={pool.id}>
                      {pool.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ) : (
            <div>
              <p className="text-sm font-medium text-slate-700 dark:text-slate-200">Outsourcing pool</p>
              <p className="text-sm">{loaded?.outsourcing_pool?.name ?? 'None: the trust’s own staff'}</p>
              <p className="text-xs text-slate-600 dark:text-slate-400">{PAGE_MESSAGES.userPoolReadOnly}</p>
            </div>
          )}
        </fieldset>
      </fieldset>
      {extraSections}

      <div className="flex flex-wrap items-center gap-3">
        {!readOnly && (
          <Button type="submit" isDisabled={form.busy || (loaded !== null && !dirty)}>
            {form.busy ? (loaded ? 'Saving…' : 'Sending…') : loaded ? 'Save changes' : 'Send invitation'}
          </Button>
        )}
        <Button tone="secondary" onPress={onCancel}>
          Cancel
        </Button>
        {extraActions}
      </div>
    </form>
  );
}
