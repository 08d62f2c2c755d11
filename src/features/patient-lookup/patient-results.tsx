import { ListBox, ListBoxItem } from 'react-aria-components';
import type { PatientRecord } from '../../domain/contract';
import { formatBirthDate, formatPatientName } from '../../domain/display-format';
import { MESSAGES } from '../../domain/messages';
import { formatNhsNumber } from '../../domain/nhs-number';

const ITEM =
  'cursor-pointer rounded-lg border border-slate-200 px-3 py-2 outline-none data-[hovered]:bg-slate-50 data-[focused]:border-brand-600 data-[focused]:ring-2 data-[focused]:ring-brand-600 dark:border-slate-700 dark:data-[hovered]:bg-slate-700/50';

function describe(p: PatientRecord) {
  const name = formatPatientName(p.patient_first_name, p.patient_last_name) || MESSAGES.noPatientName;
  const ids = [
    p.patient_birthdate ? `Born ${formatBirthDate(p.patient_birthdate)}` : 'Date of birth unknown',
    p.patient_nhs_id ? `NHS ${formatNhsNumber(p.patient_nhs_id)}` : 'No NHS number',
    p.patient_mrn_id ? `MRN ${p.patient_mrn_id}` : null,
    p.patient_gender,
  ].filter(Boolean);
  const where = [p.address ? [...p.address.lines, p.address.post_code].filter(Boolean).join(', ') : null].filter(Boolean);
  const gp =
    p.gp?.practice || p.gp?.name ? `GP: ${[p.gp.practice ?? p.gp.name, p.gp.code && `(${p.gp.code})`].filter(Boolean).join(' ')}` : null;
  return { name, ids: ids.join(' · '), where: [...where, gp].filter(Boolean).join(' · ') };
}

/** The patients found: arrow keys move, Enter (or a click) chooses. */
export function PatientResults({ patients, onPick }: { patients: PatientRecord[]; onPick: (p: PatientRecord) => void }) {
  return (
    <ListBox
      aria-label="Patients found"
      items={patients}
      autoFocus="first"
      selectionMode="none"
      onAction={(key) => {
        const p = patients.find((x) => x.id === key);
        if (p) onPick(p);
      }}
      className="flex flex-col gap-2 outline-none"
    >
      {(p) => {
        const d = describe(p);
        return (
          <ListBoxItem id={p.id} textValue={d.name} className={ITEM}>
            <span className="block font-semibold">{d.name}</span>
            <span className="block text-sm text-slate-700 dark:text-slate-300">{d.ids}</span>
            {d.where && <span className="block text-sm text-slate-600 dark:text-slate-400">{d.where}</span>}
          </ListBoxItem>
        );
      }}
    </ListBox>
  );
}
