import { useState } from 'react';
import { toast } from 'sonner';
import type { DictationDetails } from '../../domain/contract';
import { validateDetails, type DetailsValue } from './details';
import { useDictationOptions } from './use-dictation-options';

/**
 * The details form's state, as the record, upload and draft pages hold it: `checked()` validates with
 * the server's schema and the job type's required fields, marks what is wrong, and answers the details
 * ready to send, or null.
 */
export function useDetailsForm(initial: DetailsValue | (() => DetailsValue), needsAuthor: boolean) {
  const options = useDictationOptions();
  const [value, setValue] = useState<DetailsValue>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  return {
    value,
    setValue,
    errors,
    checked(): DictationDetails | null {
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
    },
  };
}
