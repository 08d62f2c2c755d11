import { useState } from 'react';
import { errorAction } from './api/client';
import { HttpError } from './api/errors';
import { TRANSPORT_MESSAGES } from '../domain/messages-transport';
import { fieldErrors } from './field-errors';

/** A shared zod schema, as far as a form needs it (typed structurally so the sign-in pages load no zod). */
interface FormSchema {
  safeParse(input: unknown): { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/**
 * The one form pattern: runs a form's action, keeps the message and per-field errors to show (the server's
 * words, or the transport's when it could not be reached), and a busy flag. `runChecked` first checks the
 * input with the shared schema the server uses, and shows its errors by field without sending anything.
 */
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
      if (err instanceof HttpError) {
        // Said once: a catalogue toast ('Incorrect pin') is not repeated above the fields, and a message
        // that is one field's own error is shown beside that field only.
        const { kind } = errorAction(err);
        const toasted = kind === 'pinIncorrect' || kind === 'pinExpired';
        const besideField = Object.values(err.fields).some((list) => list.includes(err.message));
        setError(toasted ? null : besideField ? TRANSPORT_MESSAGES.checkFields : err.message);
        setFields(err.fields);
      } else {
        setError(TRANSPORT_MESSAGES.serverError);
      }
    } finally {
      setBusy(false);
    }
  }

  async function runChecked(schema: FormSchema, input: unknown, action: () => Promise<void>) {
    const checked = schema.safeParse(input);
    if (!checked.success) {
      setError(null);
      setFields(fieldErrors(checked.error.issues));
      return;
    }
    await run(action);
  }

  return { busy, error, fields, run, runChecked, setError };
}
