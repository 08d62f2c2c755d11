import type { ReactNode } from 'react';
import { RULES, satisfies } from '../../../domain/access';
import { MESSAGES } from '../../../domain/messages';
import { Alert } from '../../../components/ui/alert';
import { useSession } from '../../../lib/auth/use-session';
import type { DetailsValue } from '../details';
import { useDictationOptions, useDictationOptionsAge } from '../api/options';
import { DetailsForm } from './details-form';

interface Props {
  value: DetailsValue;
  onChange: (v: DetailsValue) => void;
  errors: Record<string, string>;
  /** Secretary/Manager uploads: choose the author. */
  showAuthor: boolean;
  /** The wrong-patient confirmation of the form (useDetailsForm's `identityDialog`). */
  identityDialog?: ReactNode;
}

/** The details card of the record and upload pages, with the trust's options loaded. */
export function DetailsSection({ value, onChange, errors, showAuthor, identityDialog }: Props) {
  const { subject } = useSession();
  const options = useDictationOptions();
  const savedLabel = useDictationOptionsAge();
  return (
    <section aria-label="Details" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      <h2 className="mb-3 text-lg font-semibold">Details</h2>
      {options.isError && <Alert>{MESSAGES.errorFetching}</Alert>}
      {savedLabel && (
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-400" data-testid="options-age">
          {savedLabel}
        </p>
      )}
      <DetailsForm
        value={value}
        onChange={onChange}
        options={options.data}
        errors={errors}
        canMarkConfidential={!!subject && satisfies(subject, RULES.confidentialMarking)}
        showAuthor={showAuthor}
      />
      {identityDialog}
    </section>
  );
}
