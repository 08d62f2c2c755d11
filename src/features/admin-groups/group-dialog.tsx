import { useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import { toast } from 'sonner';
import { groupCreateSchema, groupUpdateSchema, type GroupDetail, type GroupUpdate } from '../../domain/contract';
import { notHeld, permissionsHeld } from '../../domain/group-grants';
import { PAGE_MESSAGES } from '../../domain/messages';
import type { Permission } from '../../domain/roles';
import { useSession } from '../../lib/auth/use-session';
import { useSubmit } from '../../lib/use-submit';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { AppDialog } from '../../components/ui/dialog';
import { LeaveGuard, useFocusFirstError } from '../../components/ui/leave-guard';
import { TextField } from '../../components/ui/text-field';
import { useCreateGroup, useGroup, usePermissionChoices, useUpdateGroup } from './api';
import { MembersPanel } from './members-panel';
import { ERROR_TEXT, HINT, INPUT } from './styles';

interface Site {
  id: number;
  name: string;
}

interface Draft {
  name: string;
  description: string;
  /** '' the whole trust, else a site's id. */
  scope: string;
  permissions: Permission[];
}

const draftOf = (g: GroupDetail): Draft => ({
  name: g.name,
  description: g.description ?? '',
  scope: g.site ? String(g.site.id) : '',
  permissions: [...g.permissions],
});

const same = (a: Permission[], b: Permission[]) => a.length === b.length && a.every((p) => b.includes(p));

/**
 * Add a group, or change one: name, description, scope (the whole trust or one site), the permissions it
 * gives (each with what it allows; one the caller does not hold cannot be ticked), and, once it exists, its
 * members. `siteOnly`: a SiteAdmin, whose groups are for their own site.
 */
export function GroupDialog({
  trustId,
  sites,
  siteOnly,
  editing,
  onEditing,
  onClose,
}: {
  trustId: number;
  sites: Site[];
  siteOnly: boolean;
  editing: number | null;
  onEditing: (id: number) => void;
  onClose: () => void;
}) {
  const { subject } = useSession();
  const loaded = useGroup(editing);
  const choices = usePermissionChoices();
  const create = useCreateGroup();
  const update = useUpdateGroup();
  const form = useSubmit();
  const ref = useRef<HTMLFormElement>(null);
  useFocusFirstError(ref, form.fields);
  const blank: Draft = { name: '', description: '', scope: siteOnly && sites[0] ? String(sites[0].id) : '', permissions: [] };
  const [draft, setDraft] = useState<Draft>(blank);
  const [base, setBase] = useState<Draft>(blank);
  const group = editing ? loaded.data : undefined;
  // The form starts from the group once it has loaded (not again when a member is added: that keeps what is typed).
  const [startedFrom, setStartedFrom] = useState<number | null>(null);
  if (group && startedFrom !== group.id) {
    setStartedFrom(group.id);
    setDraft(draftOf(group));
    setBase(draftOf(group));
  }

  const held = subject ? permissionsHeld(subject) : [];
  const missing = group && subject ? notHeld(subject, group.permissions) : [];
  const readOnly = missing.length > 0;
  const dirty =
    draft.name !== base.name ||
    draft.description !== base.description ||
    draft.scope !== base.scope ||
    !same(draft.permissions, base.permissions);
  const title = editing ? (group ? (readOnly ? group.name : `Edit ${group.name}`) : 'Group') : 'Add a group';
  const siteId = draft.scope ? Number(draft.scope) : null;

  async function submit() {
    if (editing && group) {
      const patch: GroupUpdate = {
        ...(draft.name !== base.name ? { name: draft.name } : {}),
        ...(draft.description !== base.description ? { description: draft.description } : {}),
        ...(draft.scope !== base.scope ? { site_id: siteId } : {}),
        ...(!same(draft.permissions, base.permissions) ? { permissions: draft.permissions } : {}),
      };
      if (!Object.keys(patch).length) return onClose();
      await form.runChecked(groupUpdateSchema, patch, async () => {
        const saved = await update.mutateAsync({ id: editing, patch });
        toast.success(PAGE_MESSAGES.groupSaved(saved.name));
        setBase(draftOf(saved));
        onClose();
      });
    } else {
      const input = {
        trust_id: trustId,
        name: draft.name,
        description: draft.description,
        site_id: siteId,
        permissions: draft.permissions,
      };
      await form.runChecked(groupCreateSchema, input, async () => {
        const made = await create.mutateAsync(input);
        toast.success(PAGE_MESSAGES.groupAdded(made.name));
        setBase(draftOf(made));
        setDraft(draftOf(made));
        onEditing(made.id);
      });
    }
  }

  const toggle = (code: Permission, on: boolean) =>
    setDraft((d) => ({
      ...d,
      permissions: on ? [...d.permissions.filter((p) => p !== code), code] : d.permissions.filter((p) => p !== code),
    }));
  const fieldError = (name: string) => form.fields[name]?.join(' ');

  return (
    <AppDialog open size="lg" onOpenChange={(open) => !open && onClose()} title={title}>
      <LeaveGuard dirty={dirty && !form.busy} />
      {editing && loaded.isPending && <p className={HINT}>Loading…</p>}
      {editing && loaded.isError && <Alert>{loaded.error.message}</Alert>}
      {(!editing || group) && (
        <Form
          ref={ref}
          aria-label={title}
          className="flex flex-col gap-4"
          validationErrors={form.fields}
          validationBehavior="aria"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          {readOnly && <Alert tone="info">{PAGE_MESSAGES.groupReadOnly(missing)}</Alert>}
          {form.error && <Alert>{form.error}</Alert>}
          <fieldset disabled={readOnly} className="flex flex-col gap-4">
            <TextField
              name="name"
              label="Name"
              value={draft.name}
              onChange={(name) => setDraft((d) => ({ ...d, name }))}
              autoFocus={!editing}
              isReadOnly={readOnly}
              description="As administrators see it: Cardiology typing pool."
            />
            <div className="flex flex-col gap-1">
              <label htmlFor="group-description" className="text-sm font-medium text-slate-700 dark:text-slate-200">
                Description (optional)
              </label>
              <textarea
                id="group-description"
                name="description"
                rows={2}
                value={draft.description}
                onChange={(e) => setDraft((d) => ({ ...d, description: e.target.value }))}
                aria-invalid={fieldError('description') ? true : undefined}
                aria-describedby={fieldError('description') ? 'group-description-error' : 'group-description-hint'}
                className={`${INPUT} py-2`}
              />
              {fieldError('description') ? (
                <span id="group-description-error" className={ERROR_TEXT}>
                  {fieldError('description')}
                </span>
              ) : (
                <span id="group-description-hint" className="text-xs text-slate-600 dark:text-slate-400">
                  What the group is for, in a sentence.
                </span>
              )}
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor="group-scope" className="text-sm font-medium text-slate-700 dark:text-slate-200">
                For
              </label>
              <select
                id="group-scope"
                name="site_id"
                value={draft.scope}
                onChange={(e) => setDraft((d) => ({ ...d, scope: e.target.value }))}
                aria-invalid={fieldError('site_id') ? true : undefined}
                aria-describedby={fieldError('site_id') ? 'group-scope-error' : 'group-scope-hint'}
                className={INPUT}
              >
                {!siteOnly && <option value="">The whole trust</option>}
                {sites.map((s) => (
                  <option key={s.id} value={String(s.id)}>
                    {s.name} only
                  </option>
                ))}
              </select>
              {fieldError('site_id') ? (
                <span id="group-scope-error" className={ERROR_TEXT}>
                  {fieldError('site_id')}
                </span>
              ) : (
                <span id="group-scope-hint" className="text-xs text-slate-600 dark:text-slate-400">
                  A group for one site takes members of that site only.
                </span>
              )}
            </div>
            <fieldset className="flex flex-col gap-1" aria-describedby={fieldError('permissions') ? 'group-permissions-error' : undefined}>
              <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200">Permissions it gives</legend>
              {fieldError('permissions') && (
                <p id="group-permissions-error" className={ERROR_TEXT}>
                  {fieldError('permissions')}
                </p>
              )}
              {choices.isError && <Alert>{choices.error.message}</Alert>}
              <ul className="grid gap-x-4 sm:grid-cols-2">
                {(choices.data ?? []).map((p) => {
                  const mine = held.includes(p.code);
                  const checked = draft.permissions.includes(p.code);
                  return (
                    <li key={p.code}>
                      <label className={`flex min-h-11 items-start gap-2 py-1 text-sm ${mine || checked ? '' : 'opacity-70'}`}>
                        <input
                          type="checkbox"
                          className="mt-0.5 size-5 shrink-0"
                          name="permissions"
                          value={p.code}
                          checked={checked}
                          disabled={readOnly || (!mine && !checked)}
                          onChange={(e) => toggle(p.code, e.target.checked)}
                          aria-invalid={fieldError('permissions') ? true : undefined}
                        />
                        <span>
                          <span className="font-mono font-semibold">{p.code}</span>
                          <span className="block text-slate-600 dark:text-slate-300">
                            {p.description}
                            {!mine && ' You do not hold this permission, so you cannot give it.'}
                          </span>
                        </span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          </fieldset>
          <div className="flex flex-wrap justify-end gap-3">
            <Button tone="secondary" onPress={onClose}>
              {readOnly ? 'Close' : 'Cancel'}
            </Button>
            {!readOnly && (
              <Button type="submit" isDisabled={form.busy}>
                {form.busy ? 'Saving…' : editing ? 'Save changes' : 'Add group'}
              </Button>
            )}
          </div>
        </Form>
      )}
      {group && <MembersPanel group={group} readOnly={readOnly} />}
    </AppDialog>
  );
}
