import { useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  PIN_LIFETIME_MAX,
  PIN_LIFETIME_MIN,
  SR_INTEGRATIONS,
  SR_LABELS,
  siteCreateSchema,
  siteUpdateSchema,
  type Site,
} from '../../domain/contract';
import { SERVICE_DESK_DEFAULT } from '../../domain/contract/knowledge-base';
import { PAGE_MESSAGES } from '../../domain/messages';
import { useSubmit } from '../../lib/use-submit';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { AppDialog } from '../../components/ui/dialog';
import { LeaveGuard, useFocusFirstError } from '../../components/ui/leave-guard';
import { useCreateSite, useUpdateSite } from './api';
import { problemsOf } from './check';
import { Checkbox, Field, first, INPUT, numberOrNull } from './controls';

interface Draft {
  name: string;
  address: string;
  mfa: boolean;
  pin: string;
  sr: string;
  link: string;
  email: string;
}

const draftOf = (s: Site | null): Draft => ({
  name: s?.name ?? '',
  address: s?.address ?? '',
  mfa: s?.mfa ?? false,
  pin: s?.pin_lifetime_minutes == null ? '' : String(s.pin_lifetime_minutes),
  sr: s?.sr_integration ?? '',
  link: s?.support_link ?? '',
  email: s?.support_email ?? '',
});

/** Add a site, or change one: address, second factor and its lifetime, speech recognition, support link and e-mail. */
export function SiteDialog({ trustId, editing, onClose }: { trustId: number; editing: Site | null; onClose: () => void }) {
  const initial = draftOf(editing);
  const [d, setD] = useState(initial);
  const [local, setLocal] = useState<Record<string, string[]>>({});
  const create = useCreateSite();
  const update = useUpdateSite();
  const form = useSubmit();
  const ref = useRef<HTMLFormElement>(null);
  const fields = { ...form.fields, ...local };
  useFocusFirstError(ref, fields);
  const dirty = JSON.stringify(d) !== JSON.stringify(initial);
  const set = (patch: Partial<Draft>) => setD((x) => ({ ...x, ...patch }));
  const title = editing ? `Edit ${editing.name}` : 'Add a site';

  const values = {
    name: d.name,
    address: d.address.trim() || null,
    mfa: d.mfa,
    pin_lifetime_minutes: numberOrNull(d.pin),
    sr_integration: (d.sr || null) as Site['sr_integration'] as (typeof SR_INTEGRATIONS)[number] | null,
    support_link: d.link.trim() || null,
    support_email: d.email.trim() || null,
  };

  async function submit() {
    if (editing) {
      const before = draftOf(editing);
      const patch = Object.fromEntries(
        (Object.keys(values) as (keyof typeof values)[])
          .filter((k) => {
            const key = (
              {
                name: 'name',
                address: 'address',
                mfa: 'mfa',
                pin_lifetime_minutes: 'pin',
                sr_integration: 'sr',
                support_link: 'link',
                support_email: 'email',
              } as const
            )[k];
            return d[key] !== before[key];
          })
          .map((k) => [k, values[k]]),
      );
      if (!Object.keys(patch).length) return onClose();
      const problems = problemsOf(siteUpdateSchema, patch);
      setLocal(problems ?? {});
      if (problems) return;
      await form.run(async () => {
        const answer = await update.mutateAsync({ id: editing.id, patch });
        toast.success(answer.message ?? `${answer.data.name} is saved.`);
        onClose();
      });
    } else {
      const input = { trust_id: trustId, ...values };
      const problems = problemsOf(siteCreateSchema, input);
      setLocal(problems ?? {});
      if (problems) return;
      await form.run(async () => {
        const made = await create.mutateAsync(input);
        toast.success(`${made.name} is added.`);
        onClose();
      });
    }
  }

  return (
    <AppDialog open onOpenChange={(open) => !open && onClose()} title={title} size="lg">
      <LeaveGuard dirty={dirty && !form.busy} />
      <form
        ref={ref}
        aria-label={title}
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {form.error && <Alert>{form.error}</Alert>}
        <Field id="site-name" label="Name" error={first(fields, 'name')}>
          {(p) => <input {...p} className={INPUT} value={d.name} onChange={(e) => set({ name: e.target.value })} autoFocus />}
        </Field>
        <Field id="site-address" label="Address" error={first(fields, 'address')}>
          {(p) => (
            <textarea {...p} rows={2} className={`${INPUT} py-2`} value={d.address} onChange={(e) => set({ address: e.target.value })} />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Checkbox
            label="Second factor (PIN) on sign-in"
            checked={d.mfa}
            onChange={(mfa) => set({ mfa })}
            hint="The site’s users enter their PIN after their password."
          />
          <Field
            id="site-pin"
            label="PIN lasts (minutes)"
            error={first(fields, 'pin_lifetime_minutes')}
            hint={`${PIN_LIFETIME_MIN} to ${PIN_LIFETIME_MAX}; empty for the server’s default.`}
          >
            {(p) => (
              <input
                {...p}
                className={INPUT}
                inputMode="numeric"
                value={d.pin}
                disabled={!d.mfa}
                onChange={(e) => set({ pin: e.target.value })}
              />
            )}
          </Field>
        </div>
        <Field
          id="site-sr"
          label="Speech recognition"
          error={first(fields, 'sr_integration')}
          hint="What a new recording tab offers the site’s authors."
        >
          {(p) => (
            <select {...p} className={INPUT} value={d.sr} onChange={(e) => set({ sr: e.target.value })}>
              <option value="">{PAGE_MESSAGES.siteSrNone}</option>
              {SR_INTEGRATIONS.map((v) => (
                <option key={v} value={v}>
                  {SR_LABELS[v]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="site-link" label="Support link" error={first(fields, 'support_link')} hint="https:// only.">
            {(p) => <input {...p} className={INPUT} inputMode="url" value={d.link} onChange={(e) => set({ link: e.target.value })} />}
          </Field>
          <Field id="site-email" label="Support e-mail" error={first(fields, 'support_email')}>
            {(p) => <input {...p} className={INPUT} inputMode="email" value={d.email} onChange={(e) => set({ email: e.target.value })} />}
          </Field>
        </div>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          With neither a link nor an e-mail, users are sent to the {SERVICE_DESK_DEFAULT.name} ({SERVICE_DESK_DEFAULT.email}).
        </p>
        <div className="flex flex-wrap justify-end gap-3">
          <Button tone="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit" isDisabled={form.busy}>
            {form.busy ? 'Saving…' : editing ? 'Save' : 'Add site'}
          </Button>
        </div>
      </form>
    </AppDialog>
  );
}
