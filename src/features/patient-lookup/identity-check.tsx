import { useRef, useState, type ReactNode } from 'react';
import type { PatientDetails, PatientRecord } from '../../domain/contract';
import { formatBirthDate, formatPatientName } from '../../domain/display-format';
import { MESSAGES } from '../../domain/messages';
import { formatNhsNumber } from '../../domain/nhs-number';
import {
  compareIdentity,
  identifyingNumber,
  identityMismatchText,
  type IdentityChoice,
  type IdentityField,
} from '../../domain/patient-identity';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { AppDialog } from '../../components/ui/dialog';
import { recordOf } from './api/record-of';

/** What the check answers: go on (with the record's details when the user chose them), or stop. */
export type IdentityOutcome = { ok: true; patient: PatientDetails; choice?: IdentityChoice } | { ok: false; correct: boolean };

interface Pending {
  entered: PatientDetails;
  record: PatientRecord;
  number: NonNullable<ReturnType<typeof identifyingNumber>>;
  differs: IdentityField[];
  resolve: (o: IdentityOutcome) => void;
}

/**
 * Issue 23, the wrong-patient check of every form that identifies a patient by number (record, upload,
 * manual letter, details corrections; the scribe too when it comes): `confirm(patient)` looks the number
 * up, and when the typed name or date of birth is not the index's patient (src/domain/patient-identity.ts)
 * shows both side by side and waits for the user: "Use the record" goes on with the index's name and
 * date of birth; "Correct the number" stops so the number can be put right. Render `dialog` once.
 */
export function useIdentityCheck(): { confirm: (patient: PatientDetails) => Promise<IdentityOutcome>; dialog: ReactNode } {
  const [pending, setPending] = useState<Pending | null>(null);
  // After "Correct the number", the next check that agrees is audited as that choice.
  const corrected = useRef(false);

  async function confirm(patient: PatientDetails): Promise<IdentityOutcome> {
    const number = identifyingNumber(patient);
    const record = number ? await recordOf(number) : null;
    const check = record ? compareIdentity(patient, record) : { agree: true as const };
    if (check.agree) {
      const choice = corrected.current && record ? ('corrected_number' as const) : undefined;
      corrected.current = false;
      return { ok: true, patient, ...(choice ? { choice } : {}) };
    }
    return new Promise<IdentityOutcome>((resolve) =>
      setPending({ entered: patient, record: record!, number: number!, differs: check.differs, resolve }),
    );
  }

  const settle = (outcome: IdentityOutcome) => {
    pending?.resolve(outcome);
    setPending(null);
  };

  const dialog = (
    <AppDialog
      open={pending !== null}
      onOpenChange={(open) => !open && settle({ ok: false, correct: false })}
      title={MESSAGES.patientIdentityTitle}
      size="lg"
    >
      {pending && (
        <IdentityComparison
          pending={pending}
          onUseRecord={() => {
            const r = pending.record;
            corrected.current = false;
            settle({
              ok: true,
              choice: 'use_record',
              patient: {
                ...pending.entered,
                patient_first_name: r.patient_first_name || pending.entered.patient_first_name,
                patient_last_name: r.patient_last_name || pending.entered.patient_last_name,
                patient_birthdate: r.patient_birthdate ?? pending.entered.patient_birthdate,
                ...(r.patient_nhs_id ? { patient_nhs_id: r.patient_nhs_id } : {}),
                ...(r.patient_mrn_id ? { patient_mrn_id: r.patient_mrn_id } : {}),
                ...(r.patient_gender ? { patient_gender: r.patient_gender } : {}),
              },
            });
          }}
          onCorrect={() => {
            corrected.current = true;
            settle({ ok: false, correct: true });
          }}
        />
      )}
    </AppDialog>
  );
  return { confirm, dialog };
}

const CELL = 'border-t border-slate-200 px-3 py-2 align-top dark:border-slate-700';

/** The typed patient beside the index's, the differing rows marked. */
export function IdentityComparison({
  pending,
  onUseRecord,
  onCorrect,
}: {
  pending: Pick<Pending, 'entered' | 'record' | 'number' | 'differs'>;
  onUseRecord: () => void;
  onCorrect: () => void;
}) {
  const { entered, record, number, differs } = pending;
  const nhs = (v: string | null | undefined) => (v ? formatNhsNumber(v) : '—');
  const rows: { label: string; field?: IdentityField; entered: string; record: string }[] = [
    {
      label: 'First name',
      field: 'patient_first_name',
      entered: entered.patient_first_name || '—',
      record: record.patient_first_name || '—',
    },
    { label: 'Last name', field: 'patient_last_name', entered: entered.patient_last_name || '—', record: record.patient_last_name || '—' },
    {
      label: 'Date of birth',
      field: 'patient_birthdate',
      entered: formatBirthDate(entered.patient_birthdate) || '—',
      record: formatBirthDate(record.patient_birthdate) || '—',
    },
    number.kind === 'nhs'
      ? { label: 'NHS number', entered: nhs(entered.patient_nhs_id), record: nhs(record.patient_nhs_id) }
      : { label: 'Hospital number', entered: entered.patient_mrn_id || '—', record: record.patient_mrn_id || '—' },
  ];
  return (
    <div className="flex flex-col gap-4" data-testid="identity-check">
      <Alert>{identityMismatchText(number, record, entered)}</Alert>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">What was entered beside the patient index’s record of that number</caption>
          <thead>
            <tr>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Detail</span>
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                You entered
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Patient index ({formatPatientName(record.patient_first_name, record.patient_last_name) || MESSAGES.noPatientName})
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const differ = !!r.field && differs.includes(r.field);
              return (
                <tr key={r.label} className={differ ? 'bg-red-50 dark:bg-red-950/40' : undefined}>
                  <th scope="row" className={`${CELL} font-medium text-slate-700 dark:text-slate-200`}>
                    {r.label}
                    {differ && <span className="block text-xs font-semibold text-red-800 dark:text-red-300">Differs</span>}
                  </th>
                  <td className={`${CELL} break-words`}>{r.entered}</td>
                  <td className={`${CELL} break-words`}>{r.record}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-200">
        Nothing is saved or sent until this is settled. Use the record if this is the right patient; otherwise correct the number.
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button tone="secondary" onPress={onCorrect}>
          Correct the number
        </Button>
        <Button onPress={onUseRecord}>Use the record</Button>
      </div>
    </div>
  );
}
