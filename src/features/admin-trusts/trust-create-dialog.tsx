import { useMemo, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';
import { knownTimeZones, trustCreateSchema } from '../../domain/contract';
import { PAGE_MESSAGES } from '../../domain/messages';
import { useSubmit } from '../../lib/use-submit';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { AppDialog } from '../../components/ui/dialog';
import { LeaveGuard, useFocusFirstError } from '../../components/ui/leave-guard';
import { useCreateTrust } from './api';
import { problemsOf } from './check';
import { Field, first, INPUT, numberOrNull } from './controls';

/** "New trust" (SuperAdmin): its name, ODS code, time zone and turnaround target, and its first site. */
export function TrustCreateDialog({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  const [ods, setOds] = useState('');
  const [zone, setZone] = useState('Europe/London');
  const [days, setDays] = useState('5');
  const [siteName, setSiteName] = useState('');
  const [siteAddress, setSiteAddress] = useState('');
  const [local, setLocal] = useState<Record<string, string[]>>({});
  const zones = useMemo(() => knownTimeZones(), []);
  const create = useCreateTrust();
  const navigate = useNavigate();
  const form = useSubmit();
  const ref = useRef<HTMLFormElement>(null);
  const fields = { ...form.fields, ...local };
  useFocusFirstError(ref, fields);
  const dirty = !!(name || ods || siteName || siteAddress);

  async function submit() {
    const input = {
      name,
      ods_code: ods.trim() ? ods : null,
      time_zone: zone,
      turnaround_days: numberOrNull(days) as number,
      site: { name: siteName, address: siteAddress.trim() ? siteAddress : null },
    };
    const problems = problemsOf(trustCreateSchema, input);
    setLocal(problems ?? {});
    if (problems) return;
    await form.run(async () => {
      const made = await create.mutateAsync(input);
      toast.success(PAGE_MESSAGES.trustCreated(made.name));
      onClose();
      void navigate({ to: '/trusts/update/$id', params: { id: String(made.id) } });
    });
  }

  return (
    <AppDialog open onOpenChange={(open) => !open && onClose()} title="New trust" size="lg">
      <LeaveGuard dirty={dirty && !form.busy} />
      <form
        ref={ref}
        aria-label="New trust"
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {form.error && <Alert>{form.error}</Alert>}
        <Field id="trust-name" label="Name" error={first(fields, 'name')} hint="As on its letters: Northfield NHS Foundation Trust.">
          {(p) => <input {...p} className={INPUT} value={name} onChange={(e) => setName(e.target.value)} autoFocus />}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id="trust-ods"
            label="ODS code (optional)"
            error={first(fields, 'ods_code')}
            hint="3 to 10 letters and digits, such as RX1."
          >
            {(p) => <input {...p} className={`${INPUT} font-mono uppercase`} value={ods} onChange={(e) => setOds(e.target.value)} />}
          </Field>
          <Field id="trust-days" label="Turnaround target (working days)" error={first(fields, 'turnaround_days')}>
            {(p) => <input {...p} className={INPUT} inputMode="numeric" value={days} onChange={(e) => setDays(e.target.value)} />}
          </Field>
        </div>
        <Field id="trust-zone" label="Time zone" error={first(fields, 'time_zone')} hint="Letters are dated and targets counted in it.">
          {(p) => (
            <select {...p} className={INPUT} value={zone} onChange={(e) => setZone(e.target.value)}>
              {zones.map((z) => (
                <option key={z}>{z}</option>
              ))}
            </select>
          )}
        </Field>
        <fieldset className="flex flex-col gap-4 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
          <legend className="px-1 text-sm font-semibold">First site</legend>
          <Field
            id="site-name"
            label="Site name"
            error={first(fields, 'site.name') ?? first(fields, 'site')}
            hint="Its main hospital, for example."
          >
            {(p) => <input {...p} className={INPUT} value={siteName} onChange={(e) => setSiteName(e.target.value)} />}
          </Field>
          <Field id="site-address" label="Address (optional)" error={first(fields, 'site.address')}>
            {(p) => (
              <textarea {...p} rows={2} className={`${INPUT} py-2`} value={siteAddress} onChange={(e) => setSiteAddress(e.target.value)} />
            )}
          </Field>
        </fieldset>
        <div className="flex flex-wrap justify-end gap-3">
          <Button tone="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit" isDisabled={form.busy}>
            {form.busy ? 'Creating…' : 'Create trust'}
          </Button>
        </div>
      </form>
    </AppDialog>
  );
}
