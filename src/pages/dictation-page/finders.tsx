import type { Dictation } from '../../domain/contract';
import { AppointmentFinder, PatientFinder } from '../../features/patient-lookup';
import { detailsFromDictation } from '../../features/dictation-form';
import { useDetailsSaver } from './use-details-saver';
import type { MergeExtrasFromPage } from './letter-area';

export type FinderKind = 'patient' | 'appointment';

interface Props {
  d: Dictation;
  open: FinderKind | null;
  onClose: () => void;
  /** The chosen patient's registered GP, for autotext's {{gp_name}} and {{gp_practice}}. */
  onGp: (extras: MergeExtrasFromPage) => void;
}

/** P and A on the dictation page: choosing a patient or an appointment corrects the dictation's details. */
export function Finders({ d, open, onClose, onGp }: Props) {
  const save = useDetailsSaver(d);
  // The rest of the details stay as they are; a dictation still without a service must get one first.
  const current = () => {
    const { author_id: _author, is_confidential: _c, department_id, ...details } = detailsFromDictation(d);
    return { ...details, department_id: department_id ?? 0 };
  };
  return (
    <>
      <PatientFinder
        open={open === 'patient'}
        nhsNumber={d.patient.patient_nhs_id}
        onOpenChange={(o) => !o && onClose()}
        onPick={(fields, patient) => {
          onGp({ gpName: patient.gp?.name ?? null, gpPractice: patient.gp?.practice ?? null });
          void save({ ...current(), patient: { ...current().patient, ...withoutEmpty(fields) } }, 'Patient details updated.');
        }}
      />
      <AppointmentFinder
        patientId={null}
        patient={current().patient}
        open={open === 'appointment'}
        onOpenChange={(o) => !o && onClose()}
        onPick={(fields, appointment) => {
          void save(
            {
              ...current(),
              appointment: {
                ...fields,
                ...withoutEmpty({
                  appointment_id: appointment.id,
                  appointment_date: appointment.start,
                  appointment_type: appointment.type,
                  appointment_status: appointment.status,
                  clinic_code: appointment.clinic_code,
                }),
              },
            },
            'Appointment chosen.',
          );
        }}
      />
    </>
  );
}

/** The finders answer null for what the index does not know; the details leave such fields out. */
function withoutEmpty<T extends Record<string, unknown>>(o: T): { [K in keyof T]?: Exclude<T[K], null> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined && v !== '')) as never;
}
