import { useState } from 'react';
import { toPatientFields, type PatientFields, type PatientRecord, type PatientSearch } from '../../domain/contract';
import { MESSAGES } from '../../domain/messages';
import { Alert } from '../../components/ui/alert';
import { AppDialog } from '../../components/ui/dialog';
import { useOnline } from '../../lib/use-online';
import { usePatientSearch } from './api/lookup';
import { lookupErrorText, lookupFieldErrors } from './lookup-errors';
import { PatientResults } from './patient-results';
import { PatientSearchForm } from './patient-search-form';

export interface PatientFinderProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The spec's patient fields of the chosen patient, and everything the index knows of them (GP, next of kin, address, id). */
  onPick: (fields: PatientFields, patient: PatientRecord) => void;
  /** The NHS number already on the form or dictation: the search starts from it (issue 23). */
  nhsNumber?: string;
}

/** "Find patient" (P on the dictation page): search the patient index, choose one, the dialog closes. */
export default function PatientFinder({ open, onOpenChange, onPick, nhsNumber }: PatientFinderProps) {
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title="Find patient" size="lg">
      {open && (
        <FinderBody
          nhsNumber={nhsNumber}
          onPick={(p) => {
            onPick(toPatientFields(p), p);
            onOpenChange(false);
          }}
        />
      )}
    </AppDialog>
  );
}

function FinderBody({ onPick, nhsNumber }: { onPick: (p: PatientRecord) => void; nhsNumber?: string }) {
  const online = useOnline();
  const [asked, setAsked] = useState<{ search: PatientSearch; attempt: number } | null>(null);
  const result = usePatientSearch(online && asked ? asked.search : null, asked?.attempt);
  return (
    <div className="flex flex-col gap-4">
      {!online && <Alert tone="info">{MESSAGES.patientLookupOffline}</Alert>}
      <PatientSearchForm
        nhsNumber={nhsNumber}
        disabled={!online || result.isFetching}
        serverErrors={lookupFieldErrors(result.error)}
        onSearch={(search) => setAsked((old) => ({ search, attempt: (old?.attempt ?? 0) + 1 }))}
      />
      <section aria-live="polite" aria-busy={result.isFetching} aria-label="Search results">
        {result.isFetching ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">Searching…</p>
        ) : result.error ? (
          Object.keys(lookupFieldErrors(result.error)).length ? null : (
            <Alert>{lookupErrorText(result.error)}</Alert>
          )
        ) : result.data?.length === 0 ? (
          <p className="text-sm font-medium text-slate-700 dark:text-slate-200">{MESSAGES.noPatientDetails}</p>
        ) : result.data ? (
          <PatientResults patients={result.data} onPick={onPick} />
        ) : null}
      </section>
    </div>
  );
}
