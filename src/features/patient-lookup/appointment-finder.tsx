import { ListBox, ListBoxItem } from 'react-aria-components';
import { toAppointmentFields, type AppointmentFields, type AppointmentRecord, type PatientFields } from '../../domain/contract';
import { formatDateTime, formatPatientName } from '../../domain/display-format';
import { MESSAGES } from '../../domain/messages';
import { Alert } from '../../components/ui/alert';
import { AppDialog } from '../../components/ui/dialog';
import { useOnline } from '../../lib/use-online';
import { useAppointments, usePatientSearch } from './api/lookup';
import { lookupErrorText } from './lookup-errors';

export interface AppointmentFinderProps {
  /** The patient-index id of the patient (PatientRecord.id from the patient finder). */
  patientId: string | null | undefined;
  /** Without an id, the dictation's patient: looked up by NHS number (else hospital number) when exactly one matches. */
  patient?: PatientFields;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The spec's appointment fields (with the referrer), and the whole appointment (type, status, start, clinic). */
  onPick: (fields: AppointmentFields, appointment: AppointmentRecord) => void;
}

const ITEM =
  'cursor-pointer rounded-lg border border-slate-200 px-3 py-2 outline-none data-[hovered]:bg-slate-50 data-[focused]:border-brand-600 data-[focused]:ring-2 data-[focused]:ring-brand-600 dark:border-slate-700 dark:data-[hovered]:bg-slate-700/50';

/** "Find appointment" (A on the dictation page): the chosen patient's appointments, latest first. */
export default function AppointmentFinder({ patientId, patient, open, onOpenChange, onPick }: AppointmentFinderProps) {
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title="Find appointment" size="lg">
      {open && (
        <FinderBody
          patientId={patientId ?? null}
          patient={patient}
          onPick={(a) => {
            onPick(toAppointmentFields(a), a);
            onOpenChange(false);
          }}
        />
      )}
    </AppDialog>
  );
}

function usePatientIndexId(patientId: string | null, patient: PatientFields | undefined, online: boolean) {
  const search = patientId
    ? null
    : patient?.patient_nhs_id
      ? { nhs_number: patient.patient_nhs_id }
      : patient?.patient_mrn_id
        ? { mrn: patient.patient_mrn_id }
        : null;
  const found = usePatientSearch(online ? search : null);
  if (patientId) return { id: patientId, pending: false, error: null };
  if (!search) return { id: null, pending: false, error: null };
  return { id: found.data?.length === 1 ? found.data[0]!.id : null, pending: found.isFetching, error: found.error };
}

function FinderBody({
  patientId,
  patient,
  onPick,
}: {
  patientId: string | null;
  patient?: PatientFields;
  onPick: (a: AppointmentRecord) => void;
}) {
  const online = useOnline();
  const who = usePatientIndexId(patientId, patient, online);
  const list = useAppointments(online ? who.id : null);
  const error = who.error ?? list.error;
  if (!online) return <Alert tone="info">{MESSAGES.patientLookupOffline}</Alert>;
  if (who.pending || list.isFetching) return <p className="text-sm text-slate-600 dark:text-slate-300">Loading appointments…</p>;
  if (error) return <Alert>{lookupErrorText(error)}</Alert>;
  if (!who.id) {
    return (
      <div className="flex flex-col gap-1 text-sm">
        <p className="font-medium text-slate-700 dark:text-slate-200">{MESSAGES.noPatientDetails}</p>
        <p className="text-slate-600 dark:text-slate-300">Find the patient first (P), then their appointments.</p>
      </div>
    );
  }
  const appointments = list.data ?? [];
  if (!appointments.length) return <p className="text-sm font-medium text-slate-700 dark:text-slate-200">{MESSAGES.noAppointments}</p>;
  const first = appointments[0]!;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-700 dark:text-slate-200">
        {formatPatientName(first.patient_first_name, first.patient_last_name) || MESSAGES.noPatientName}
      </p>
      <ListBox
        aria-label="Appointments"
        items={appointments}
        autoFocus="first"
        selectionMode="none"
        onAction={(key) => {
          const a = appointments.find((x) => x.id === key);
          if (a) onPick(a);
        }}
        className="flex flex-col gap-2 outline-none"
      >
        {(a) => <AppointmentItem a={a} />}
      </ListBox>
    </div>
  );
}

function AppointmentItem({ a }: { a: AppointmentRecord }) {
  const when = a.start ? formatDateTime(a.start) : 'No date yet';
  const referrer = [a.patient_referrer_first_name, a.patient_referrer_last_name].filter(Boolean).join(' ');
  const details = [a.type ?? 'Type not given', a.status, a.clinic_code && `Clinic ${a.clinic_code}`].filter(Boolean).join(' · ');
  return (
    <ListBoxItem id={a.id} textValue={`${when} ${a.type ?? ''}`} className={ITEM}>
      <span className="block font-semibold">{when}</span>
      <span className="block text-sm text-slate-700 dark:text-slate-300">{details}</span>
      <span className="block text-sm text-slate-600 dark:text-slate-400">
        {referrer ? `Referred by ${referrer}${a.patient_referrer_code ? ` (${a.patient_referrer_code})` : ''}` : 'No referrer recorded'}
      </span>
    </ListBoxItem>
  );
}
