import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { ManualLetter } from '../../domain/contract';
import { MESSAGES } from '../../domain/messages';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Page } from '../../components/ui/page';
import { HttpError } from '../../lib/api/errors';
import { useOnline } from '../../lib/use-online';
import { DetailsSection, EMPTY_DETAILS, useDetailsForm } from '../dictation-form';
import { useCreateManualLetter } from './api/create-manual-letter';

/**
 * /manualletter: a letter without audio for a chosen author (Manager, Secretary). Once created it is a
 * dictation being typed by its creator and opens in the same editor, joining the same workflow.
 * Creating it needs the server (it hands out the reference); the letter itself is then typed offline-safe.
 */
export function ManualLetterPage() {
  const navigate = useNavigate();
  const online = useOnline();
  const form = useDetailsForm(EMPTY_DETAILS, true);
  const creating = useCreateManualLetter();
  // Still busy once created: the page is on its way to the new letter, and a second press must not make another.
  const busy = creating.isPending || creating.isSuccess;
  const [failure, setFailure] = useState<string | null>(null);

  async function create() {
    const details = await form.confirmed();
    if (!details || busy) return;
    if (!details.author_id || !details.job_type_id) {
      setFailure(details.author_id ? 'Choose the document type.' : 'Choose the author.');
      return;
    }
    const { author_id, job_type_id } = details;
    setFailure(null);
    try {
      const data = await creating.mutateAsync({
        author_id,
        department_id: details.department_id,
        job_type_id,
        urgent: details.urgent,
        patient: details.patient,
        custom_fields: details.custom_fields,
        identity_choice: details.identity_choice,
      } satisfies ManualLetter);
      await navigate({ to: '/dictation/$id', params: { id: String(data.id) } });
    } catch (err) {
      setFailure(err instanceof HttpError ? err.message : MESSAGES.serverError);
    }
  }

  return (
    <Page title="Manual letter">
      <div className="space-y-4">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          A letter without a recording: choose who it is from and who it is about, then type it in the letter editor.
        </p>
        {!online && <Alert tone="info">You are offline. A new letter can be started once there is a connection.</Alert>}
        {failure && <Alert>{failure}</Alert>}
        <DetailsSection value={form.value} onChange={form.setValue} errors={form.errors} identityDialog={form.identityDialog} showAuthor />
        <div className="flex justify-end">
          <Button onPress={() => void create()} isDisabled={busy || !online}>
            Start the letter
          </Button>
        </div>
      </div>
    </Page>
  );
}
