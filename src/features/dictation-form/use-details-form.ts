import { useState } from 'react';
import { toast } from 'sonner';
import type { DictationDetails } from '../../domain/contract';
import { validateDetails, type DetailsValue } from './details';
import { useDictationOptions } from './api/options';
import { useIdentityCheck } from '../patient-lookup';

/**
 * The details form's state, as the record, upload and draft pages hold it: `checked()` validates with
 * the server's schema and the job type's required fields, marks what is wrong, and answers the details
 * ready to send, or null.
 */
export function useDetailsForm(initial: DetailsValue | (() => DetailsValue), needsAuthor: boolean) {
  const options = useDictationOptions();
  const [value, setValue] = useState<DetailsValue>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const identity = useIdentityCheck();
  const checked = (): DictationDetails | null => {
    const check = validateDetails(value, needsAuthor, options.data);
    if (!check.ok) {
      setErrors(check.errors);
      toast.error('Check the highlighted fields.');
      // Take the user to the first field to fix, once it shows as invalid; centred, clear of the sticky top bar.
      requestAnimationFrame(() => {
        const first = document.querySelector<HTMLElement>('[aria-invalid="true"]');
        first?.focus({ preventScroll: true });
        first?.scrollIntoView({ block: 'center' });
      });
      return null;
    }
    setErrors({});
    return check.details;
  };
  return {
    value,
    setValue,
    errors,
    checked,
    /** Render once, in the form (DetailsSection's `identityDialog`). */
    identityDialog: identity.dialog,
    /** What DetailsSection needs from this form: `<DetailsSection {...form.section} showAuthor={false} />`. */
    section: { value, onChange: setValue, errors, identityDialog: identity.dialog },
    /**
     * `checked()`, then the wrong-patient check (issue 23): when the number belongs to someone else the
     * user sees both patients and either takes the record (the form shows it, and the details answered
     * carry it with the choice, which the server audits) or corrects the number (answered null, the
     * NHS number field focused).
     */
    async confirmed(): Promise<DictationDetails | null> {
      const details = checked();
      if (!details) return null;
      const outcome = await identity.confirm(details.patient ?? {});
      if (!outcome.ok) {
        if (outcome.correct) {
          // After the dialog has closed and given focus back: two frames.
          requestAnimationFrame(() =>
            requestAnimationFrame(() => {
              const field = document.getElementById(details.patient?.patient_nhs_id ? 'patient.patient_nhs_id' : 'patient.patient_mrn_id');
              field?.focus({ preventScroll: true });
              field?.scrollIntoView({ block: 'center' });
            }),
          );
        }
        return null;
      }
      if (outcome.choice === 'use_record') setValue((v) => ({ ...v, patient: outcome.patient as DetailsValue['patient'] }));
      return { ...details, patient: outcome.patient, ...(outcome.choice ? { identity_choice: outcome.choice } : {}) };
    },
  };
}
