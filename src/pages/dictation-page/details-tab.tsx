import { useState } from 'react';
import type { Dictation } from '../../domain/contract';
import { formatNhsNumber } from '../../domain/nhs-number';
import { formatBirthDate, formatPatientName } from '../../domain/display-format';
import { Button } from '../../components/ui/button';
import { DetailsSection, detailsFromDictation, useDetailsForm } from '../../features/dictation-form';
import { useDetailsSaver } from './use-details-saver';

/** The details side tab: what the letter is about, and (for whoever may type it) a correction form. */
export function DetailsTab({ d, editable }: { d: Dictation; editable: boolean }) {
  const [editing, setEditing] = useState(false);
  if (editing) return <DetailsEditor d={d} onDone={() => setEditing(false)} />;
  const p = d.patient;
  const rows: [string, string][] = [
    ['Patient', formatPatientName(p.patient_first_name, p.patient_last_name) || 'No patient name'],
    ['Date of birth', formatBirthDate(p.patient_birthdate) || '—'],
    ['NHS number', p.patient_nhs_id ? formatNhsNumber(p.patient_nhs_id) : '—'],
    ['Hospital number', p.patient_mrn_id || '—'],
    ['Author', d.user.full_name],
    ['Service', d.department ? `${d.department.name} (${d.department.code})` : '—'],
    ['Job type', d.jobtype?.name ?? '—'],
    ['Urgency', d.urgent === 'HIGH' ? 'Urgent' : 'Standard'],
    ...d.custom_fields.map((f): [string, string] => [f.label, f.pivot.value || '—']),
  ];
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1.5 text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="font-medium text-slate-600 dark:text-slate-400">{k}</dt>
            <dd className="break-words">{v}</dd>
          </div>
        ))}
      </dl>
      {editable && (
        <Button tone="secondary" onPress={() => setEditing(true)} data-testid="correct-details">
          Correct details
        </Button>
      )}
    </div>
  );
}

function DetailsEditor({ d, onDone }: { d: Dictation; onDone: () => void }) {
  const form = useDetailsForm(() => detailsFromDictation(d), false);
  const save = useDetailsSaver(d);
  return (
    <div className="space-y-3">
      <DetailsSection {...form.section} showAuthor={false} />
      <div className="flex justify-end gap-2">
        <Button tone="secondary" onPress={onDone}>
          Cancel
        </Button>
        <Button
          onPress={async () => {
            const details = await form.confirmed();
            if (!details) return;
            const { author_id: _author, ...body } = details;
            await save(body, 'Details saved. They reach the server as soon as there is a connection.');
            onDone();
          }}
        >
          Save details
        </Button>
      </div>
    </div>
  );
}
