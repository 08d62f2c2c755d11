import { useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { knownTimeZones, trustUpdateSchema, type Trust } from '../../domain/contract';
import { PAGE_MESSAGES } from '../../domain/messages';
import { useSubmit } from '../../lib/use-submit';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useFocusFirstError } from '../../components/ui/leave-guard';
import { useUpdateTrust } from './api';
import { problemsOf } from './check';
import { CARD, Checkbox, Field, first, HINT, INPUT, numberOrNull } from './controls';

interface Draft {
  name: string;
  ods: string;
  zone: string;
  days: string;
  audio: string;
  transcript: string;
  active: boolean;
}

const draftOf = (t: Trust): Draft => ({
  name: t.name,
  ods: t.ods_code ?? '',
  zone: t.time_zone,
  days: String(t.turnaround_days),
  audio: t.audio_retention_days === null ? '' : String(t.audio_retention_days),
  transcript: t.transcript_retention_days === null ? '' : String(t.transcript_retention_days),
  active: t.active,
});

/** Identity and targets, and retention: the trust's own fields. `mayDeactivate`: a SuperAdmin on another trust. */
export function TrustDetailsSection({
  trust,
  mayDeactivate,
  onDirty,
}: {
  trust: Trust;
  mayDeactivate: boolean;
  onDirty: (dirty: boolean) => void;
}) {
  const [saved, setSaved] = useState(() => draftOf(trust));
  const [d, setD] = useState(saved);
  const [local, setLocal] = useState<Record<string, string[]>>({});
  const zones = useMemo(() => knownTimeZones(), []);
  const update = useUpdateTrust();
  const form = useSubmit();
  const ref = useRef<HTMLFormElement>(null);
  const fields = { ...form.fields, ...local };
  useFocusFirstError(ref, fields);
  const set = (patch: Partial<Draft>) => {
    const next = { ...d, ...patch };
    setD(next);
    onDirty(JSON.stringify(next) !== JSON.stringify(saved));
  };

  async function submit() {
    const patch = {
      ...(d.name !== saved.name ? { name: d.name } : {}),
      ...(d.ods !== saved.ods ? { ods_code: d.ods.trim() ? d.ods : null } : {}),
      ...(d.zone !== saved.zone ? { time_zone: d.zone } : {}),
      ...(d.days !== saved.days ? { turnaround_days: numberOrNull(d.days) as number } : {}),
      ...(d.audio !== saved.audio ? { audio_retention_days: numberOrNull(d.audio) } : {}),
      ...(d.transcript !== saved.transcript ? { transcript_retention_days: numberOrNull(d.transcript) } : {}),
      ...(d.active !== saved.active ? { active: d.active } : {}),
    };
    if (!Object.keys(patch).length) return void toast.info(PAGE_MESSAGES.trustNothingToChange);
    const problems = problemsOf(trustUpdateSchema, patch);
    setLocal(problems ?? {});
    if (problems) return;
    await form.run(async () => {
      const next = draftOf(await update.mutateAsync({ id: trust.id, patch }));
      setSaved(next);
      setD(next);
      onDirty(false);
      toast.success(PAGE_MESSAGES.trustSaved);
    });
  }

  return (
    <form
      ref={ref}
      aria-labelledby="details-title"
      className={`${CARD} flex flex-col gap-4`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 id="details-title" className="text-lg font-semibold">
        Identity and targets
      </h2>
      {form.error && <Alert>{form.error}</Alert>}
      <Field id="trust-name" label="Name" error={first(fields, 'name')}>
        {(p) => <input {...p} className={INPUT} value={d.name} onChange={(e) => set({ name: e.target.value })} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="trust-ods" label="ODS code" error={first(fields, 'ods_code')} hint="Such as RX1; empty for none.">
          {(p) => <input {...p} className={`${INPUT} font-mono uppercase`} value={d.ods} onChange={(e) => set({ ods: e.target.value })} />}
        </Field>
        <Field id="trust-zone" label="Time zone" error={first(fields, 'time_zone')}>
          {(p) => (
            <select {...p} className={INPUT} value={d.zone} onChange={(e) => set({ zone: e.target.value })}>
              {zones.map((z) => (
                <option key={z}>{z}</option>
              ))}
            </select>
          )}
        </Field>
        <Field id="trust-days" label="Turnaround target (working days)" error={first(fields, 'turnaround_days')}>
          {(p) => <input {...p} className={INPUT} inputMode="numeric" value={d.days} onChange={(e) => set({ days: e.target.value })} />}
        </Field>
      </div>
      <h3 className="text-base font-semibold">Retention</h3>
      <p className={HINT}>How long recordings and transcripts are kept once the letter is sent. Leave empty to keep them.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="trust-audio" label="Keep audio for (days)" error={first(fields, 'audio_retention_days')}>
          {(p) => <input {...p} className={INPUT} inputMode="numeric" value={d.audio} onChange={(e) => set({ audio: e.target.value })} />}
        </Field>
        <Field id="trust-transcript" label="Keep transcripts for (days)" error={first(fields, 'transcript_retention_days')}>
          {(p) => (
            <input
              {...p}
              className={INPUT}
              inputMode="numeric"
              value={d.transcript}
              onChange={(e) => set({ transcript: e.target.value })}
            />
          )}
        </Field>
      </div>
      {mayDeactivate && (
        <Checkbox
          label="Active"
          checked={d.active}
          onChange={(active) => set({ active })}
          hint="Deactivating keeps the trust and all its records; it can be reactivated here."
        />
      )}
      <div className="flex justify-end">
        <Button type="submit" isDisabled={form.busy}>
          {form.busy ? 'Saving…' : 'Save details'}
        </Button>
      </div>
    </form>
  );
}
