import { useState } from 'react';
import { toast } from 'sonner';
import type { Signature } from '../../domain/contract';
import { MESSAGES } from '../../domain/messages';
import { signatureLine } from '../../domain/signature';
import { HttpError } from '../../lib/api/errors';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useSaveSignature, useSignature } from './api';

/**
 * The profile's Signature (issue 12): job title and registration number, printed under each letter the
 * user approves ("Approved by Daniel Reid, Consultant Cardiologist, GMC 4412087 on …").
 */
export function SignatureSection({ className = '' }: { className?: string }) {
  const q = useSignature();
  return (
    <section
      aria-labelledby="signature-title"
      className={`${className} max-w-xl rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800`}
    >
      <h2 id="signature-title" className="text-lg font-semibold">
        Signature
      </h2>
      {q.error ? (
        <div className="mt-3">
          <Alert>{q.error.message}</Alert>
        </div>
      ) : q.data ? (
        <SignatureForm key={`${q.data.job_title}|${q.data.registration_number}`} saved={q.data} />
      ) : (
        <p className="mt-3 text-sm">Loading…</p>
      )}
    </section>
  );
}

const FIELD = 'min-h-11 rounded-lg border border-slate-300 bg-white px-3 dark:border-slate-600 dark:bg-slate-900';

function SignatureForm({ saved }: { saved: Signature }) {
  const saving = useSaveSignature();
  const [jobTitle, setJobTitle] = useState(saved.job_title ?? '');
  const [registration, setRegistration] = useState(saved.registration_number ?? '');
  const [error, setError] = useState<string | null>(null);
  const preview = signatureLine({
    user_id: 0,
    name: saved.name,
    job_title: jobTitle.trim() || null,
    registration_number: registration.trim() || null,
    on_behalf_of: null,
    approved_at: new Date().toISOString(),
  });

  async function save() {
    setError(null);
    try {
      await saving.mutateAsync({ job_title: jobTitle, registration_number: registration });
      toast.success(MESSAGES.signatureSaved);
    } catch (err) {
      setError(err instanceof HttpError ? err.message : MESSAGES.errorFetching);
    }
  }

  return (
    <form
      className="mt-3 flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium">Job title</span>
        <input value={jobTitle} maxLength={120} onChange={(e) => setJobTitle(e.target.value)} className={FIELD} name="job_title" />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium">Registration number</span>
        <input
          value={registration}
          maxLength={120}
          onChange={(e) => setRegistration(e.target.value)}
          className={FIELD}
          name="registration_number"
          placeholder="GMC 1234567"
        />
      </label>
      <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="signature-preview">
        Under the letters you approve: {preview}
      </p>
      {error && <Alert>{error}</Alert>}
      <Button type="submit" className="self-start" isDisabled={saving.isPending}>
        Save signature
      </Button>
    </form>
  );
}
