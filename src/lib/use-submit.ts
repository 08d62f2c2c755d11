import { useState } from 'react';
import { ApiError } from '../../lib/api/errors';
import { TRANSPORT_MESSAGES } from '../../domain/messages-transport';

/** Runs a form action; keeps the error message and per-field errors to show, and a busy flag. */
export function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string[]>>({});

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    setFields({});
    try {
      await action();
    } catch (err) {
      if (err instanceof ApiError) {
        setError(err.message);
        setFields(err.fields);
      } else {
        setError(TRANSPORT_MESSAGES.serverError);
      }
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, fields, run, setError };
}
