import { Lock } from 'lucide-react';
import { formatNhsNumber } from '../../domain/nhs-number';
import { MESSAGES } from '../../domain/messages';
import { statusLabel } from '../../domain/statuses';
import { Alert } from '../../components/ui/alert';
import { AudioPlayer } from '../../components/ui/audio-player';
import { Page } from '../../components/ui/page';
import { useDictation } from './api/get-dictation';

/** One dictation as the server holds it: reference, status, patient, details and its audio. */
export function DictationSummary({ id, title }: { id: number; title: string }) {
  const { data: d, error, isPending } = useDictation(id);
  if (isPending) return <Page title={title}>Loading…</Page>;
  if (error || !d) return <Page title={title}>{<Alert>{error?.message ?? MESSAGES.errorFetching}</Alert>}</Page>;
  const patient = [d.patient.patient_first_name, d.patient.patient_last_name].filter(Boolean).join(' ');
  const rows: [string, string][] = [
    ['Reference', d.reference],
    ['Status', statusLabel(d.status)],
    ['Author', d.user.full_name],
    ['Service', d.department ? `${d.department.name} (${d.department.code})` : '—'],
    ['Job type', d.jobtype?.name ?? '—'],
    ['Urgency', d.urgent === 'HIGH' ? 'Urgent' : 'Standard'],
    ['Patient', patient || 'No patient name'],
    ['NHS number', d.patient.patient_nhs_id ? formatNhsNumber(d.patient.patient_nhs_id) : '—'],
    ['Hospital number', d.patient.patient_mrn_id ?? '—'],
    [
      'Audio',
      !d.audio
        ? MESSAGES.noAudioManualLetter
        : d.audio.duration_ms === null
          ? `${d.audio.original_filename} · length not known yet`
          : `${d.audio.original_filename} · ${d.audio.minutes}:${String(d.audio.seconds).padStart(2, '0')}`,
    ],
  ];
  return (
    <Page
      title={title}
      actions={
        d.is_confidential ? (
          <span className="flex items-center gap-1 text-sm font-medium">
            <Lock aria-hidden className="size-4" /> Confidential
          </span>
        ) : undefined
      }
    >
      <div className="space-y-4">
        {d.audio?.state === 'processing' && <Alert tone="info">The audio is being prepared for playback…</Alert>}
        {(d.audio?.state === 'needs_conversion' || d.audio?.state === 'failed') && d.audio.message && <Alert>{d.audio.message}</Alert>}
        {d.audio?.url && <AudioPlayer src={d.audio.url} label="Dictation audio" peaks={d.audio.peaks} durationMs={d.audio.duration_ms} />}
        <dl className="grid gap-x-6 gap-y-2 rounded-xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200 sm:grid-cols-[12rem_1fr] dark:bg-slate-900 dark:ring-slate-800">
          {rows.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="font-medium text-slate-600 dark:text-slate-400">{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
          {d.custom_fields.map((f) => (
            <div key={f.label} className="contents">
              <dt className="font-medium text-slate-600 dark:text-slate-400">{f.label}</dt>
              <dd>{f.pivot.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </Page>
  );
}
